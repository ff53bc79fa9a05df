// The playground's settings: group, model, temperature slider, max tokens, system prompt (spec 001 §2 Playground, §9).
import { Form, Input, InputNumber, Select, Slider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupRatioTag } from '../../lib/group-ratio-tag';
import type { UsableGroupOption } from '../../lib/usable-groups';

/** The settings of the next request. */
export interface PlaygroundSettings {
  group: string;
  model: string;
  temperature: number;
  maxTokens: number;
  systemPrompt: string;
}

/** Defaults: model gpt-4o-mini, temperature 0, max tokens 0 (not sent), a helpful-assistant system prompt. */
export const defaultPlaygroundSettings: PlaygroundSettings = {
  group: '',
  model: 'gpt-4o-mini',
  temperature: 0,
  maxTokens: 0,
  systemPrompt: 'You are a helpful assistant.',
};

/** Temperature slider bounds. */
export const TemperatureRange = { min: 0.1, max: 1, step: 0.1 } as const;

/** Props of the panel. */
export interface PlaygroundSettingsPanelProps {
  settings: PlaygroundSettings;
  onChange: (patch: Partial<PlaygroundSettings>) => void;
  groups: UsableGroupOption[];
  groupsLoading: boolean;
  models: string[];
  modelsLoading: boolean;
}

/** The left panel of the playground (a collapsible section on mobile). */
export function PlaygroundSettingsPanel({ settings, onChange, groups, groupsLoading, models, modelsLoading }: PlaygroundSettingsPanelProps) {
  const { t } = useTranslation();
  const groupOptions =
    groups.length > 0
      ? groups.map((group) => ({
          value: group.value,
          label: (
            <Space size={6}>
              <span>{group.value}</span>
              <GroupRatioTag ratio={group.ratio} testId={`playground-group-ratio-${group.value}`} />
            </Space>
          ),
          title: group.desc || group.value,
        }))
      : [{ value: '', label: <span>{t('playground.userGroup')}</span>, title: t('playground.userGroup') }];
  const modelOptions = (models.includes(settings.model) || settings.model === '' ? models : [settings.model, ...models]).map((model) => ({
    value: model,
    label: model,
  }));
  return (
    <Form layout="vertical" component="div" data-testid="playground-settings">
      <Form.Item label={t('playground.group')}>
        <Select
          value={settings.group}
          loading={groupsLoading}
          options={groupOptions}
          onChange={(group: string) => onChange({ group })}
          data-testid="playground-group"
        />
      </Form.Item>
      <Form.Item label={t('playground.model')}>
        <Select
          showSearch
          value={settings.model || undefined}
          loading={modelsLoading}
          placeholder={t('playground.modelPlaceholder')}
          options={modelOptions}
          onChange={(model: string) => onChange({ model })}
          data-testid="playground-model"
        />
      </Form.Item>
      <Form.Item
        label={
          <Space size={8}>
            <span>{t('playground.temperature')}</span>
            <Typography.Text code data-testid="playground-temperature-value">
              {settings.temperature}
            </Typography.Text>
          </Space>
        }
      >
        <Slider
          min={TemperatureRange.min}
          max={TemperatureRange.max}
          step={TemperatureRange.step}
          value={settings.temperature}
          onChange={(temperature: number) => onChange({ temperature })}
          data-testid="playground-temperature"
        />
      </Form.Item>
      <Form.Item label={t('playground.maxTokens')} extra={t('playground.maxTokensHint')}>
        <InputNumber
          name="max_tokens"
          min={0}
          precision={0}
          value={settings.maxTokens}
          onChange={(value) => onChange({ maxTokens: typeof value === 'number' ? Math.max(0, Math.trunc(value)) : 0 })}
          style={{ width: '100%' }}
          data-testid="playground-max-tokens"
        />
      </Form.Item>
      <Form.Item label={t('playground.systemPrompt')} style={{ marginBottom: 0 }}>
        <Input.TextArea
          name="system_prompt"
          value={settings.systemPrompt}
          onChange={(event) => onChange({ systemPrompt: event.target.value })}
          autoSize={{ minRows: 3, maxRows: 10 }}
          data-testid="playground-system-prompt"
        />
      </Form.Item>
    </Form>
  );
}
