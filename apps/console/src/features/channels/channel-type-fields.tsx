// The descriptor-driven part of the channel form: type, key (with its hint and batch mode), base URL, the `other` field, organization.
import { Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ProviderDescriptor } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { countBatchKeys } from './channel-rules';
import { useProviderText } from './channel-provider-text';
import { RevealChannelKey } from './reveal-channel-key';

/** Channel types whose upstream takes an OpenAI organization header. */
const organizationTypes: readonly number[] = [1];

/** Props of the type fields. */
export interface ChannelTypeFieldsProps {
  creating: boolean;
  descriptor: ProviderDescriptor | undefined;
  batch: boolean;
  onBatchChange: (batch: boolean) => void;
  onTypeChange: (type: number) => void;
  /** The channel being edited (root may reveal its key); null when creating. */
  channelId?: number | null;
}

/** Renders the fields whose labels, hints, defaults and requirements come from the type's descriptor. */
export function ChannelTypeFields({ creating, descriptor, batch, onBatchChange, onTypeChange, channelId = null }: ChannelTypeFieldsProps) {
  const { t } = useTranslation();
  const text = useProviderText();
  const form = Form.useFormInstance();
  const key = Form.useWatch('key', form) as string | undefined;
  const type = descriptor?.type ?? 0;
  const keyHint = text.keyHint(type);
  let baseUrlPlaceholder = t('channels.form.baseUrlOptionalPlaceholder');
  if (descriptor?.defaultBaseUrl) baseUrlPlaceholder = t('channels.form.baseUrlDefault', { url: descriptor.defaultBaseUrl });
  else if (descriptor?.baseUrlRequired) baseUrlPlaceholder = t('channels.form.baseUrlRequiredPlaceholder');

  return (
    <>
      <Form.Item label={t('channels.form.type')} name="type" required>
        <Select
          showSearch={{ optionFilterProp: 'searchText' }}
          data-testid="channel-type"
          placeholder={t('channels.form.typePlaceholder')}
          onChange={(value: number) => onTypeChange(value)}
          options={text.typeOptions.map((option) => ({
            value: option.value,
            searchText: `${option.label} ${option.value}`,
            label: (
              <Space size={6}>
                <Tag color={option.color} style={{ marginInlineEnd: 0 }}>
                  {option.value}
                </Tag>
                {option.label}
              </Space>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item label={t('channels.form.name')} name="name" required={creating}>
        <Input name="name" placeholder={t('channels.form.namePlaceholder')} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={
          <Space size={12}>
            <span>{t('channels.form.key')}</span>
            {creating ? (
              <Space size={6}>
                <Switch size="small" checked={batch} onChange={onBatchChange} data-testid="channel-batch-mode" />
                <Typography.Text type="secondary">{t('channels.form.batchMode')}</Typography.Text>
              </Space>
            ) : channelId !== null ? (
              <RevealChannelKey channelId={channelId} />
            ) : null}
          </Space>
        }
        name="key"
        required={creating}
        extra={
          <span data-testid="channel-key-hint">
            {batch ? t('channels.form.batchModeHint', { count: countBatchKeys(key ?? '') }) : keyHint ? t('channels.form.keyFormat', { hint: keyHint }) : null}
          </span>
        }
      >
        <Input.TextArea
          name="key"
          autoComplete="off"
          spellCheck={false}
          autoSize={{ minRows: batch ? 4 : 2, maxRows: 10 }}
          placeholder={creating ? keyHint : t('channels.form.keyEditPlaceholder')}
        />
      </Form.Item>
      <Form.Item label={t('channels.form.baseUrl')} name="base_url" required={descriptor?.baseUrlRequired === true}>
        <Input name="base_url" placeholder={baseUrlPlaceholder} autoComplete="off" />
      </Form.Item>
      {descriptor?.otherField ? (
        <Form.Item
          label={text.otherLabel(type)}
          name="other"
          required={descriptor.otherField.required === true}
          extra={descriptor.otherField.default ? t('channels.form.otherDefault', { value: descriptor.otherField.default }) : undefined}
        >
          <Input name="other" placeholder={text.otherPlaceholder(type)} autoComplete="off" />
        </Form.Item>
      ) : null}
      {organizationTypes.includes(type) ? (
        <Form.Item label={t('channels.form.organization')} name="openai_organization">
          <Input name="openai_organization" placeholder={t('channels.form.organizationPlaceholder')} autoComplete="off" />
        </Form.Item>
      ) : null}
    </>
  );
}
