// The models part of the channel form: multi-select plus fill defaults, fetch from upstream, clear and custom entry.
import { useMemo, useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { ClearOutlined, CloudDownloadOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ProviderDescriptor } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useFetchUpstreamModels, useKnownModels, useModelPrefillGroups } from './channels-api';
import { formBaseUrl, mergeCustomModels } from './channel-rules';

/** Props of the models field. */
export interface ChannelModelsFieldProps {
  /** The stored channel on edit (its key is used when the key input is empty), null on create. */
  channelId: number | null;
  descriptor: ProviderDescriptor | undefined;
}

/** The `models` form item and its helpers. */
export function ChannelModelsField({ channelId, descriptor }: ChannelModelsFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const models = (Form.useWatch('models', form) as string[] | undefined) ?? [];
  const knownModels = useKnownModels();
  const fetchModels = useFetchUpstreamModels();
  const prefillGroups = useModelPrefillGroups();
  const [custom, setCustom] = useState('');

  const options = useMemo(
    () => [...new Set([...models, ...(descriptor?.defaultModels ?? []), ...(knownModels.data ?? [])])].map((name) => ({ label: name, value: name })),
    [models, descriptor, knownModels.data],
  );

  const setModels = (next: string[]): void => form.setFieldValue('models', next);

  const fillDefaults = (): void => {
    const merged = mergeCustomModels(models, (descriptor?.defaultModels ?? []).join(','));
    setModels(merged.models);
    notify.success(t('channels.messages.modelsFilled', { count: merged.added.length }));
  };

  const fillFromGroup = (groupId: number): void => {
    const group = prefillGroups.data?.find((candidate) => candidate.id === groupId);
    if (!group) return;
    const merged = mergeCustomModels(models, group.models.join(','));
    setModels(merged.models);
    notify.success(t('channels.messages.modelsFromGroup', { count: merged.added.length, name: group.name }));
  };

  const fetchFromUpstream = (): void => {
    const key = String(form.getFieldValue('key') ?? '').trim();
    const type = Number(form.getFieldValue('type'));
    const baseUrl = formBaseUrl(form.getFieldValue('base_url') as string | undefined);
    if (key === '' && channelId === null) {
      notify.error(t('channels.messages.keyRequired'));
      return;
    }
    // A typed key (or a new channel) is fetched with the form's settings; otherwise the stored channel's.
    const source = key !== '' ? { type, key: key.split('\n')[0].trim(), base_url: baseUrl } : { id: channelId as number };
    fetchModels.mutate(source, {
      onSuccess: (fetched) => {
        setModels([...new Set(fetched)]);
        notify.success(t('channels.messages.modelsFetched', { count: fetched.length }));
      },
    });
  };

  const addCustom = (): void => {
    if (custom.trim() === '') {
      notify.warning(t('channels.messages.customModelsEmpty'));
      return;
    }
    const merged = mergeCustomModels(models, custom);
    setModels(merged.models);
    setCustom('');
    if (merged.duplicates.length > 0) notify.info(t('channels.messages.modelsExist', { models: merged.duplicates.join(', ') }));
    if (merged.added.length > 0) notify.success(t('channels.messages.modelsAdded', { count: merged.added.length }));
  };

  return (
    <Form.Item label={t('channels.form.models')} required>
      <Form.Item name="models" noStyle>
        <Select
          mode="multiple"
          allowClear
          data-testid="channel-models"
          placeholder={t('channels.form.modelsPlaceholder')}
          options={options}
          maxTagCount={20}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Space wrap size={8} style={{ marginTop: 8 }}>
        <Button size="small" icon={<ThunderboltOutlined />} onClick={fillDefaults} disabled={!descriptor?.defaultModels.length} data-testid="channel-models-fill">
          {t('channels.form.fillDefaults')}
        </Button>
        <Button size="small" icon={<CloudDownloadOutlined />} loading={fetchModels.isPending} onClick={fetchFromUpstream} data-testid="channel-models-fetch">
          {t('channels.form.fetchModels')}
        </Button>
        {(prefillGroups.data?.length ?? 0) > 0 && (
          <Select
            size="small"
            value={null}
            placeholder={t('channels.form.fillFromGroup')}
            data-testid="channel-models-prefill"
            style={{ minWidth: 160 }}
            options={prefillGroups.data?.map((group) => ({ label: group.name, value: group.id }))}
            onChange={(value: number | null) => value !== null && fillFromGroup(value)}
          />
        )}
        <Button size="small" danger icon={<ClearOutlined />} onClick={() => setModels([])} data-testid="channel-models-clear">
          {t('channels.form.clearModels')}
        </Button>
      </Space>
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input
          name="custom_models"
          data-testid="channel-custom-models"
          placeholder={t('channels.form.customModelsPlaceholder')}
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            addCustom();
          }}
        />
        <Button icon={<PlusOutlined />} onClick={addCustom} data-testid="channel-custom-models-add">
          {t('channels.form.addCustomModels')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
