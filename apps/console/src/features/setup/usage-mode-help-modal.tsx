// The help dialog explaining the three usage modes.
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of the usage-mode help dialog. */
export interface UsageModeHelpModalProps {
  open: boolean;
  onClose: () => void;
}

/** Explains external operation, self-use and demo modes. */
export function UsageModeHelpModal({ open, onClose }: UsageModeHelpModalProps) {
  const { t } = useTranslation();
  const sections = [
    { title: t('setup.modeExternal'), lines: [t('setup.helpExternal1'), t('setup.helpExternal2')] },
    { title: t('setup.modeSelf'), lines: [t('setup.helpSelf1'), t('setup.helpSelf2')] },
    { title: t('setup.modeDemo'), lines: [t('setup.helpDemo1')] },
  ];
  return (
    <Modal
      open={open}
      title={t('setup.usageModeHelpTitle')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('common.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="usage-mode-help-modal"
    >
      <div data-testid="usage-mode-help-content">
        {sections.map((section) => (
          <div key={section.title} style={{ padding: '8px 0' }}>
            <Typography.Title level={5}>{section.title}</Typography.Title>
            {section.lines.map((line) => (
              <Typography.Paragraph key={line} style={{ marginBottom: 4 }}>
                {line}
              </Typography.Paragraph>
            ))}
          </div>
        ))}
      </div>
    </Modal>
  );
}
