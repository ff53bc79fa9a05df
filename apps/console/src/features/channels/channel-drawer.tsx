// The channel create/edit drawer (spec 001 §2, §5): width 600, full width on mobile; opened by /channel/add and /channel/edit/{id}.
import { useEffect, useRef, useState } from 'react';
import { App, Button, Collapse, Drawer, Form, Result, Space, Spin } from 'antd';
import { findProvider } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useChannelDetail, useCreateChannel, useUpdateChannel } from './channels-api';
import { ChannelModelsField } from './channel-models-field';
import { useProviderText } from './channel-provider-text';
import { problemMessage } from '../../lib/problem-text';
import { baseUrlEndsWithV1, channelToFormValues, checkChannelForm, newChannelFormValues, type ChannelFormValues, type ChannelPayload } from './channel-rules';
import { ChannelAdvancedJsonFields, ChannelGroupsField, ChannelModelMappingField, ChannelRoutingFields } from './channel-settings-fields';
import { ChannelTypeFields } from './channel-type-fields';
import { ChannelUpstreamApiField } from './channel-upstream-api-field';

/** Which channel the drawer shows: a new one, an existing one, or none (closed). */
export type ChannelDrawerTarget = { mode: 'create' } | { mode: 'edit'; id: number } | null;

/** Props of the drawer. */
export interface ChannelDrawerProps {
  target: ChannelDrawerTarget;
  onClose: () => void;
}

/** Creates (POST /api/channel/, single or batch) or updates (PUT /api/channel/) a channel. */
export function ChannelDrawer({ target, onClose }: ChannelDrawerProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isMobile = useIsMobile();
  const providerText = useProviderText();
  const [form] = Form.useForm<ChannelFormValues>();
  const [batch, setBatch] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // While the drawer slides out (target null) it keeps showing what it showed.
  const [shown, setShown] = useState<ChannelDrawerTarget>(target);
  useEffect(() => {
    if (target !== null) setShown(target);
  }, [target]);
  const visible = target ?? shown;
  const editingId = visible?.mode === 'edit' ? visible.id : null;
  const creating = visible?.mode === 'create';
  const detail = useChannelDetail(editingId);
  const createChannel = useCreateChannel();
  const updateChannel = useUpdateChannel();
  const type = Form.useWatch('type', form) as number | undefined;
  const descriptor = findProvider(type ?? 0);
  const previousType = useRef<number | undefined>(undefined);

  // A stable name for what is open, so the form resets only when the route changes, not on every page render.
  const targetKey = target === null ? null : target.mode === 'create' ? 'create' : `edit:${target.id}`;
  const { refetch } = detail;

  useEffect(() => {
    setBatch(false);
    setAdvancedOpen(false);
    if (targetKey === null) return;
    form.resetFields();
    if (targetKey === 'create') {
      const values = newChannelFormValues();
      form.setFieldsValue({ ...values, models: [...(findProvider(values.type)?.defaultModels ?? [])] });
      previousType.current = values.type;
    } else {
      // Reopening the same channel reloads it, so edits left unsaved last time do not linger.
      void refetch();
    }
  }, [targetKey, form, refetch]);

  useEffect(() => {
    if (editingId === null || !detail.data || detail.data.id !== editingId) return;
    const values = channelToFormValues(detail.data);
    form.resetFields();
    form.setFieldsValue(values);
    previousType.current = detail.data.type;
    // Settings that are in use should not hide behind the collapsed section.
    setAdvancedOpen(values.status_code_mapping !== '' || values.param_override !== '' || values.setting !== '');
  }, [editingId, detail.data, detail.dataUpdatedAt, form]);

  // On create a type change brings that type's default models when the list still holds the previous type's defaults.
  const onTypeChange = (next: number): void => {
    const before = findProvider(previousType.current ?? 0)?.defaultModels ?? [];
    const models = (form.getFieldValue('models') as string[] | undefined) ?? [];
    const untouched = models.length === 0 || (models.length === before.length && models.every((name, index) => name === before[index]));
    if (creating && untouched) form.setFieldValue('models', [...(findProvider(next)?.defaultModels ?? [])]);
    form.setFieldValue('other', '');
    previousType.current = next;
  };

  const send = (payload: ChannelPayload): void => {
    if (creating) {
      createChannel.mutate(
        { channel: payload, batch },
        {
          onSuccess: (count) => {
            notify.success(batch ? t('channels.messages.createdCount', { count }) : t('channels.messages.created'));
            onClose();
          },
        },
      );
    } else if (editingId !== null) {
      updateChannel.mutate(
        { id: editingId, ...payload },
        {
          onSuccess: () => {
            notify.success(t('channels.messages.updated'));
            onClose();
          },
        },
      );
    }
  };

  const submit = (): void => {
    const values = form.getFieldsValue(true) as ChannelFormValues;
    const checked = checkChannelForm(values, creating);
    if (!checked.ok) {
      notify.error(problemMessage(checked.problem, { label: providerText.otherLabel(values.type) }));
      return;
    }
    if (!baseUrlEndsWithV1(checked.payload.base_url)) {
      send(checked.payload);
      return;
    }
    modal.confirm({
      title: t('channels.form.v1Title'),
      content: t('channels.form.v1Content'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'channel-v1-confirm' } as Record<string, string>,
      onOk: () => send(checked.payload),
    });
  };

  const saving = createChannel.isPending || updateChannel.isPending;
  const loadFailed = editingId !== null && detail.isError;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 600}
      title={creating ? t('channels.form.createTitle') : t('channels.form.editTitle', { id: editingId ?? '' })}
      rootClassName="channel-drawer"
      forceRender
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="channel-form-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" loading={saving} disabled={loadFailed || (editingId !== null && !detail.data)} onClick={submit} data-testid="channel-form-submit">
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      {loadFailed ? (
        <Result
          status="error"
          title={t('channels.form.loadFailed')}
          extra={
            <Button onClick={() => void detail.refetch()} data-testid="channel-form-retry">
              {t('channels.page.retry')}
            </Button>
          }
        />
      ) : (
        <Spin spinning={editingId !== null && detail.isFetching}>
          <Form<ChannelFormValues> form={form} name="channel" layout="vertical" data-testid="channel-form" onFinish={submit}>
            <ChannelTypeFields creating={creating} descriptor={descriptor} batch={batch} onBatchChange={setBatch} onTypeChange={onTypeChange} channelId={editingId} />
            <ChannelGroupsField />
            <ChannelModelsField channelId={editingId} descriptor={descriptor} />
            <ChannelModelMappingField />
            <ChannelUpstreamApiField descriptor={descriptor} />
            <ChannelRoutingFields />
            <Collapse
              ghost
              size="small"
              data-testid="channel-advanced"
              activeKey={advancedOpen ? ['advanced'] : []}
              onChange={(keys) => setAdvancedOpen(keys.length > 0)}
              items={[{ key: 'advanced', label: t('channels.form.advanced'), forceRender: true, children: <ChannelAdvancedJsonFields /> }]}
            />
          </Form>
        </Spin>
      )}
    </Drawer>
  );
}
