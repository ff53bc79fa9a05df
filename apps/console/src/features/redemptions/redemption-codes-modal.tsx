// The dialog that shows freshly created redemption codes, one per line, with copy-all and download.
import { Button, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';

/** Props of the dialog: open while `codes` is non-empty. */
export interface RedemptionCodesModalProps {
  codes: string[];
  name: string;
  onClose: () => void;
}

function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  document.body.removeChild(link);
  URL.revokeObjectURL(url);
}

/** Shows the created codes. */
export function RedemptionCodesModal({ codes, name, onClose }: RedemptionCodesModalProps) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  return (
    <Modal
      open={codes.length > 0}
      title={t('redemptions.codes.title')}
      onCancel={onClose}
      data-testid="redemption-codes-modal"
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button icon={<DownloadOutlined />} onClick={() => downloadText(`${name || 'redemption'}.txt`, text)} data-testid="redemption-codes-download">
            {t('redemptions.codes.download')}
          </Button>
          <Button
            type="primary"
            icon={<CopyOutlined />}
            onClick={() => void copyWithFeedback(text, t('redemptions.codes.copied', { count: codes.length }))}
            data-testid="redemption-codes-copy"
          >
            {t('redemptions.codes.copyAll')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('redemptions.codes.summary', { count: codes.length })}</Typography.Paragraph>
      <Input.TextArea
        readOnly
        value={text}
        autoSize={{ minRows: Math.min(codes.length, 3), maxRows: 12 }}
        style={{ fontFamily: 'monospace' }}
        data-testid="redemption-codes-text"
      />
    </Modal>
  );
}
