// The batch tag dialog: one tag for every selected channel (POST /api/channel/batch/tag); the tag cannot be empty.
import { useEffect, useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useBatchTag } from './channels-api';
import { problemMessage } from '../../lib/problem-text';
import { checkBatchTag } from './channel-rules';

/** Props of the dialog. */
export interface BatchTagModalProps {
  open: boolean;
  ids: number[];
  onClose: () => void;
  onDone: () => void;
}

/** Asks for the tag and applies it to the selected channels. */
export function BatchTagModal({ open, ids, onClose, onDone }: BatchTagModalProps) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const batchTag = useBatchTag();

  useEffect(() => {
    if (open) setTag('');
  }, [open]);

  const submit = (): void => {
    if (ids.length === 0) {
      notify.error(t('channels.toolbar.selectionRequired'));
      return;
    }
    const checked = checkBatchTag(tag);
    if (!checked.ok) {
      notify.error(problemMessage(checked.problem));
      return;
    }
    batchTag.mutate(
      { ids, tag: checked.tag },
      {
        onSuccess: (count) => {
          notify.success(t('channels.messages.tagSet', { count }));
          onDone();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('channels.batchTag.title', { count: ids.length })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={batchTag.isPending}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'batch-tag-submit' } as Record<string, string>}
      destroyOnHidden
      data-testid="batch-tag-modal"
    >
      <Input
        name="tag"
        data-testid="batch-tag-input"
        autoFocus
        placeholder={t('channels.batchTag.placeholder')}
        value={tag}
        onChange={(event) => setTag(event.target.value)}
        onPressEnter={submit}
      />
    </Modal>
  );
}
