// The column settings dialog: which table columns show, kept under `channels-table-columns`.
import { useEffect, useState } from 'react';
import { Button, Checkbox, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelColumnKeys, type ChannelColumnVisibility } from './channel-types';
import { parseColumnVisibility } from './channel-rules';

/** Columns that always show (the table is about them). */
const fixedColumns = new Set(['name', 'actions']);

/** Props of the dialog. */
export interface ColumnSettingsModalProps {
  open: boolean;
  visibility: ChannelColumnVisibility;
  onClose: () => void;
  onSave: (visibility: ChannelColumnVisibility) => void;
}

/** Checkboxes per column with select all and reset. */
export function ColumnSettingsModal({ open, visibility, onClose, onSave }: ColumnSettingsModalProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(visibility);

  useEffect(() => {
    if (open) setDraft(visibility);
  }, [open, visibility]);

  const allVisible = channelColumnKeys.every((key) => draft[key]);
  return (
    <Modal
      open={open}
      title={t('channels.columnSettings.title')}
      onCancel={onClose}
      onOk={() => onSave(draft)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'column-settings-save' } as Record<string, string>}
      data-testid="column-settings-modal"
      footer={(_origin, { OkBtn, CancelBtn }) => (
        <Space style={{ display: 'flex', justifyContent: 'space-between', width: '100%' }}>
          <Button onClick={() => setDraft(parseColumnVisibility(null))} data-testid="column-settings-reset">
            {t('channels.columnSettings.reset')}
          </Button>
          <Space>
            <CancelBtn />
            <OkBtn />
          </Space>
        </Space>
      )}
    >
      <Checkbox
        checked={allVisible}
        indeterminate={!allVisible && channelColumnKeys.some((key) => draft[key])}
        onChange={(event) => setDraft(Object.fromEntries(channelColumnKeys.map((key) => [key, event.target.checked || fixedColumns.has(key)])) as ChannelColumnVisibility)}
        data-testid="column-settings-all"
        style={{ marginBottom: 12 }}
      >
        {t('channels.columnSettings.selectAll')}
      </Checkbox>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 8 }}>
        {channelColumnKeys.map((key) => (
          <Checkbox
            key={key}
            checked={draft[key]}
            disabled={fixedColumns.has(key)}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })}
            data-testid={`column-setting-${key}`}
          >
            {t(`channels.columns.${key}`)}
          </Checkbox>
        ))}
      </div>
    </Modal>
  );
}
