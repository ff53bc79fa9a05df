// The filter form of the usage log: time range, token, model, group, (admin) channel and username, type, query and reset.
import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import { ReloadOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TimeRangePicker } from '../../lib/time-range-picker';
import { useIsMobile } from '../../lib/use-is-mobile';
import type { LogFilters } from './logs-api';
import { defaultLogWindow, logTypeOptions } from './logs-rules';

/** Filters with the default window (start of today to one hour ahead) and nothing else set. */
export function initialLogFilters(): LogFilters {
  const window = defaultLogWindow();
  return { type: 0, startTimestamp: window.start, endTimestamp: window.end, tokenName: '', modelName: '', group: '', channel: '', username: '' };
}

/** Props of the filter bar. */
export interface LogsFilterBarProps {
  admin: boolean;
  applied: LogFilters;
  onApply: (filters: LogFilters) => void;
  onOpenColumns: () => void;
}

type TextField = 'tokenName' | 'modelName' | 'group' | 'channel' | 'username';

/** The filters are edited as a draft and applied by the query button or Enter; the type applies at once. */
export function LogsFilterBar({ admin, applied, onApply, onOpenColumns }: LogsFilterBarProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [draft, setDraft] = useState<LogFilters>(applied);
  const setField = (field: TextField, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const submit = () => onApply({ ...draft, channel: draft.channel.replace(/\D/g, '') });
  const textInput = (field: TextField, name: string, label: string, width = 160) => (
    <Input
      name={name}
      data-testid={`logs-filter-${name}`}
      allowClear
      placeholder={label}
      aria-label={label}
      value={draft[field]}
      onChange={(event) => setField(field, event.target.value)}
      onPressEnter={submit}
      style={{ width: isMobile ? '100%' : width }}
    />
  );

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }} data-testid="logs-filters">
      <TimeRangePicker
        start={draft.startTimestamp}
        end={draft.endTimestamp}
        onChange={(startTimestamp, endTimestamp) => setDraft((current) => ({ ...current, startTimestamp, endTimestamp }))}
        startLabel={t('logs.startTime')}
        endLabel={t('logs.endTime')}
        testIdPrefix="logs-filter"
      />
      {textInput('tokenName', 'token_name', t('logs.tokenName'))}
      {textInput('modelName', 'model_name', t('logs.modelName'))}
      {textInput('group', 'group', t('logs.group'), 120)}
      {admin ? textInput('channel', 'channel', t('logs.channelId'), 110) : null}
      {admin ? textInput('username', 'username', t('logs.username'), 140) : null}
      <Select
        data-testid="logs-filter-type"
        aria-label={t('logs.type')}
        value={draft.type}
        options={logTypeOptions.map((option) => ({ value: option.value, label: t(`logs.types.${option.key}`) }))}
        onChange={(type: number) => {
          setDraft((current) => ({ ...current, type }));
          onApply({ ...applied, type });
        }}
        style={{ width: isMobile ? '100%' : 130 }}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={submit} data-testid="logs-query">
        {t('logs.query')}
      </Button>
      <Button
        icon={<ReloadOutlined />}
        data-testid="logs-reset"
        onClick={() => {
          const fresh = initialLogFilters();
          setDraft(fresh);
          onApply(fresh);
        }}
      >
        {t('logs.reset')}
      </Button>
      <Button icon={<SettingOutlined />} onClick={onOpenColumns} data-testid="logs-column-settings">
        {t('logs.columnSettings')}
      </Button>
    </div>
  );
}
