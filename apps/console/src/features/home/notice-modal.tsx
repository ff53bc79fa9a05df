// The announcement dialog: shown once per new announcement text; closing remembers the text under `notice`.
import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichContent } from '../../lib/rich-content';
import { readString, StorageKeys, writeString } from '../../lib/storage';
import { useNotice } from './home-api';

/** Opens the announcement when it is non-empty and differs from the last one the user closed. */
export function NoticeModal() {
  const { t } = useTranslation();
  const notice = useNotice();
  const [closedText, setClosedText] = useState(() => readString(StorageKeys.notice));
  const text = notice.data?.trim() ?? '';
  const open = text !== '' && text !== closedText;

  const close = (): void => {
    writeString(StorageKeys.notice, text);
    setClosedText(text);
  };

  return (
    <Modal
      open={open}
      title={t('home.noticeTitle')}
      onCancel={close}
      data-testid="notice-modal"
      footer={
        <Button type="primary" onClick={close} data-testid="notice-close">
          {t('common.close')}
        </Button>
      }
    >
      {open ? <RichContent content={text} testId="notice-content" frameHeight={400} /> : null}
    </Modal>
  );
}
