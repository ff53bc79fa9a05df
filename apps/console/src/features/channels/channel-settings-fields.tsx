// The rest of the channel form: groups, JSON settings (model mapping, status codes, param override, extra settings), test model, priority, weight, auto-ban, tag.
import { AutoComplete, Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupNames } from './channels-api';
import { minimumPriority } from '@turnpike/contract';
import { rejectProblem } from '../../lib/problem-text';
import { jsonFieldProblem, type ChannelJsonField } from './channel-rules';

const modelMappingTemplate = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);

/** The group multi-select (GET /api/group/). */
export function ChannelGroupsField() {
  const { t } = useTranslation();
  const groups = useGroupNames();
  const form = Form.useFormInstance();
  const selected = (Form.useWatch('group', form) as string[] | undefined) ?? [];
  const options = [...new Set([...(groups.data ?? []), ...selected])].map((name) => ({ label: name, value: name }));
  return (
    <Form.Item label={t('channels.form.groups')} name="group">
      <Select mode="multiple" allowClear data-testid="channel-groups" placeholder={t('channels.form.groupsPlaceholder')} options={options} loading={groups.isLoading} />
    </Form.Item>
  );
}

/** The shared schema's rule of one JSON field (a JSON object; the model mapping also free of cycles). */
function jsonRule(name: ChannelJsonField): Rule {
  return { validator: async (_rule, value: string | undefined) => rejectProblem(jsonFieldProblem(name, value)) };
}

/** One JSON text area, checked on blur (spec 001 §5: not a valid JSON string). */
function JsonArea({ name, label, placeholder, extra }: { name: ChannelJsonField; label: string; placeholder: string; extra?: ReactNode }) {
  const rule = jsonRule(name);
  return (
    <Form.Item label={label} name={name} validateTrigger="onBlur" rules={[rule]} extra={extra}>
      <Input.TextArea name={name} autoSize={{ minRows: 2, maxRows: 10 }} placeholder={placeholder} spellCheck={false} />
    </Form.Item>
  );
}

/** The model mapping text area with its template button. */
export function ChannelModelMappingField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <JsonArea
      name="model_mapping"
      label={t('channels.form.modelMapping')}
      placeholder={t('channels.form.modelMappingPlaceholder')}
      extra={
        <Space size={8} wrap>
          <span>{t('channels.form.modelMappingHint')}</span>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => {
              form.setFieldValue('model_mapping', modelMappingTemplate);
              void form.validateFields(['model_mapping']);
            }}
            data-testid="channel-model-mapping-template"
          >
            {t('channels.form.fillTemplate')}
          </Button>
        </Space>
      }
    />
  );
}

/** The less used JSON settings: status code mapping, parameter override, extra settings. */
export function ChannelAdvancedJsonFields() {
  const { t } = useTranslation();
  return (
    <>
      <JsonArea name="status_code_mapping" label={t('channels.form.statusCodeMapping')} placeholder={t('channels.form.statusCodeMappingPlaceholder')} />
      <JsonArea name="param_override" label={t('channels.form.paramOverride')} placeholder={t('channels.form.paramOverridePlaceholder')} />
      <JsonArea name="setting" label={t('channels.form.setting')} placeholder={t('channels.form.settingPlaceholder')} />
    </>
  );
}

/** Test model, priority, weight, auto-ban and tag. */
export function ChannelRoutingFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const models = (Form.useWatch('models', form) as string[] | undefined) ?? [];
  return (
    <>
      <Form.Item label={t('channels.form.testModel')} name="test_model">
        <AutoComplete options={models.map((name) => ({ value: name }))} filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}>
          <Input name="test_model" placeholder={t('channels.form.testModelPlaceholder')} allowClear />
        </AutoComplete>
      </Form.Item>
      <Space size={16} wrap align="start">
        <Form.Item label={t('channels.form.priority')} name="priority" extra={t('channels.form.priorityHint')} style={{ width: 250 }}>
          <InputNumber name="priority" min={minimumPriority} precision={0} style={{ width: '100%' }} data-testid="channel-priority" />
        </Form.Item>
        <Form.Item label={t('channels.form.weight')} name="weight" extra={t('channels.form.weightHint')} style={{ width: 250 }}>
          <InputNumber name="weight" min={0} precision={0} style={{ width: '100%' }} data-testid="channel-weight" />
        </Form.Item>
      </Space>
      <Form.Item label={t('channels.form.autoBan')} name="auto_ban" valuePropName="checked" extra={t('channels.form.autoBanHint')}>
        <Switch data-testid="channel-auto-ban" />
      </Form.Item>
      <Form.Item label={t('channels.form.tag')} name="tag">
        <Input name="tag" placeholder={t('channels.form.tagPlaceholder')} autoComplete="off" allowClear />
      </Form.Item>
    </>
  );
}
