// The column settings dialog of the usage log; the choice is kept in the local store as `logs-table-columns`.
import { useState } from 'react';
import { Button, Checkbox, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { StorageKeys, writeJson } from '../../lib/storage';
import { adminLogColumns, logColumnKeys, type LogColumnKey, type LogColumnVisibility } from './logs-rules';

/** Props of the dialog. */
export interface LogColumnSettingsProps {
  open: boolean;
  admin: boolean;
  visibility: LogColumnVisibility;
  onClose: () => void;
}

function allSetTo(value: boolean): LogColumnVisibility {
  return Object.fromEntries(logColumnKeys.map((key) => [key, value])) as LogColumnVisibility;
}

/** Checkboxes for every column the audience has; OK stores the choice. */
export function LogColumnSettings({ open, admin, visibility, onClose }: LogColumnSettingsProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LogColumnVisibility>(visibility);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Start from the stored choice each time the dialog opens.
    setWasOpen(open);
    if (open) setDraft(visibility);
  }
  const keys = logColumnKeys.filter((key) => admin || !adminLogColumns.includes(key));
  const toggle = (key: LogColumnKey, checked: boolean) => setDraft((current) => ({ ...current, [key]: checked }));
  const checkedCount = keys.filter((key) => draft[key]).length;

  return (
    <Modal
      open={open}
      title={t('logs.columnSettingsTitle')}
      onCancel={onClose}
      onOk={() => {
        writeJson(StorageKeys.logsTableColumns, draft);
        onClose();
      }}
      okButtonProps={{ 'data-testid': 'logs-column-settings-save' } as Record<string, string>}
      data-testid="logs-column-settings-modal"
    >
      <Space style={{ marginBottom: 12 }}>
        <Checkbox
          checked={checkedCount === keys.length}
          indeterminate={checkedCount > 0 && checkedCount < keys.length}
          onChange={(event) => setDraft(allSetTo(event.target.checked))}
          data-testid="logs-columns-all"
        >
          {t('logs.selectAllColumns')}
        </Checkbox>
        <Button size="small" onClick={() => setDraft(allSetTo(true))} data-testid="logs-columns-reset">
          {t('logs.resetColumns')}
        </Button>
      </Space>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}>
        {keys.map((key) => (
          <Checkbox key={key} checked={draft[key]} onChange={(event) => toggle(key, event.target.checked)} data-testid={`logs-column-${key}`}>
            {t(`logs.columns.${key}`)}
          </Checkbox>
        ))}
      </div>
    </Modal>
  );
}
