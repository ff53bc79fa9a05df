// The token create/edit drawer: name, quota with quick picks, unlimited, expiry with shortcuts, model limits, IPs, group, batch count.
import dayjs from 'dayjs';
import { AutoComplete, Button, DatePicker, Divider, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDrawer, editingIdOf, saveEdit, useEditTargetForm, type EditTarget } from '../../lib/edit-drawer';
import { notify } from '../../lib/notify';
import { problemMessage } from '../../lib/problem-text';
import { readQuotaDisplay, renderQuota } from '../../lib/quota-format';
import { DateTimeFormat } from '../../lib/timestamp-format';
import { GroupRatioTag } from '../../lib/group-ratio-tag';
import { useUsableGroups, useUsableModels } from '../../lib/user-scope-api';
import { useCreateToken, useTokenDetail, useUpdateToken, type TokenRecord } from './tokens-api';
import {
  buildTokenPayload,
  DefaultTokenQuota,
  expiryFromSeconds,
  expiryFromShortcut,
  ExpiryShortcuts,
  modelLimitList,
  quotaPickLabel,
  TokenBatchCounts,
  TokenQuotaPicks,
  type TokenFormValues,
} from './tokens-rules';

/** Which token the drawer edits: null closed, 'new' creating, a number editing that id. */
export type TokenDrawerTarget = EditTarget;

/** Props of the drawer. */
export interface TokenEditDrawerProps {
  target: TokenDrawerTarget;
  onClose: () => void;
}

const createDefaults: TokenFormValues = {
  name: '',
  remain_quota: DefaultTokenQuota,
  unlimited_quota: false,
  expired_time: null,
  model_limits: [],
  allow_ips: '',
  group: undefined,
  count: '1',
};

function toFormValues(token: TokenRecord): TokenFormValues {
  return {
    name: token.name,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    expired_time: expiryFromSeconds(token.expired_time),
    model_limits: token.model_limits_enabled ? modelLimitList(token.model_limits) : [],
    allow_ips: token.allow_ips ?? '',
    group: token.group || undefined,
  };
}

/** Creates (POST /api/token/) or edits (PUT /api/token/) a token. */
export function TokenEditDrawer({ target, onClose }: TokenEditDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TokenFormValues>();
  const editingId = editingIdOf(target);
  const creating = target === 'new';
  const detail = useTokenDetail(editingId);
  const models = useUsableModels();
  const groups = useUsableGroups();
  const createToken = useCreateToken();
  const updateToken = useUpdateToken();
  const unlimited = Form.useWatch('unlimited_quota', form) === true;
  const quota = Form.useWatch('remain_quota', form);
  const display = readQuotaDisplay();

  useEditTargetForm(form, target, createDefaults, detail.data, toFormValues);

  const submit = (): void => {
    const result = buildTokenPayload(form.getFieldsValue(true), creating);
    if ('problem' in result) {
      notify.error(problemMessage(result.problem));
      return;
    }
    saveEdit(target, result.payload, createToken, updateToken, {
      createdNotice: (count) => (count > 1 ? t('tokens.createdBatch', { count }) : t('tokens.created')),
      updatedNotice: () => t('tokens.updated'),
      onClose,
    });
  };

  const quotaNumber = Number(quota);
  const groupOptions = (groups.data ?? []).map((group) => ({
    value: group.value,
    label: (
      <Space size={6}>
        <span>{group.value}</span>
        {group.desc && group.desc !== group.value ? <Typography.Text type="secondary">{group.desc}</Typography.Text> : null}
        <GroupRatioTag ratio={group.ratio} testId={`token-group-ratio-${group.value}`} />
      </Space>
    ),
  }));

  return (
    <EditDrawer
      target={target}
      onClose={onClose}
      title={creating ? t('tokens.form.createTitle') : t('tokens.form.editTitle')}
      width={600}
      rootClassName="token-edit-drawer"
      testIdPrefix="token"
      onSubmit={submit}
      submitting={createToken.isPending || updateToken.isPending}
      loading={detail.isFetching}
    >
      <Form<TokenFormValues> form={form} name="token-edit" layout="vertical" onFinish={submit} data-testid="token-form" initialValues={createDefaults}>
        <Form.Item label={t('tokens.form.name')} name="name">
          <Input name="name" placeholder={t('tokens.form.namePlaceholder')} autoComplete="off" maxLength={30} />
        </Form.Item>
        <Form.Item
          label={t('tokens.form.quota')}
          extra={unlimited ? t('tokens.form.quotaNote') : t('tokens.form.quotaHint', { amount: renderQuota(Number.isFinite(quotaNumber) ? quotaNumber : 0) })}
        >
          <Space orientation="vertical" style={{ width: '100%' }} size={8}>
            <Form.Item name="remain_quota" noStyle>
              <InputNumber name="remain_quota" min={0} precision={0} disabled={unlimited} style={{ width: '100%' }} data-testid="token-quota" />
            </Form.Item>
            <Space size={[4, 4]} wrap>
              {TokenQuotaPicks.map((value) => (
                <Button
                  key={value}
                  size="small"
                  disabled={unlimited}
                  type={quotaNumber === value ? 'primary' : 'default'}
                  onClick={() => form.setFieldValue('remain_quota', value)}
                  data-testid={`token-quota-pick-${value}`}
                >
                  {quotaPickLabel(value, display)}
                </Button>
              ))}
            </Space>
          </Space>
        </Form.Item>
        <Form.Item label={t('tokens.form.unlimited')} name="unlimited_quota" valuePropName="checked">
          <Switch data-testid="token-unlimited" />
        </Form.Item>
        <Form.Item label={t('tokens.form.expiry')}>
          <Space orientation="vertical" style={{ width: '100%' }} size={8}>
            <Form.Item name="expired_time" noStyle>
              <DatePicker
                showTime
                name="expired_time"
                format={DateTimeFormat}
                placeholder={t('tokens.form.expiryPlaceholder')}
                style={{ width: '100%' }}
                data-testid="token-expiry"
              />
            </Form.Item>
            <Space size={[4, 4]} wrap>
              {ExpiryShortcuts.map((shortcut) => (
                <Button
                  key={shortcut}
                  size="small"
                  onClick={() => form.setFieldValue('expired_time', expiryFromShortcut(shortcut, dayjs()))}
                  data-testid={`token-expiry-${shortcut}`}
                >
                  {t(`tokens.form.shortcut.${shortcut}`)}
                </Button>
              ))}
            </Space>
          </Space>
        </Form.Item>
        {creating ? (
          <Form.Item label={t('tokens.form.count')} name="count" extra={t('tokens.form.countHint')}>
            <AutoComplete options={TokenBatchCounts.map((count) => ({ value: String(count) }))} data-testid="token-count">
              <Input name="count" inputMode="numeric" autoComplete="off" />
            </AutoComplete>
          </Form.Item>
        ) : null}
        <Divider titlePlacement="start">{t('tokens.form.advanced')}</Divider>
        <Form.Item label={t('tokens.form.modelLimits')} name="model_limits">
          <Select
            mode="multiple"
            allowClear
            showSearch
            loading={models.isLoading}
            placeholder={t('tokens.form.modelLimitsPlaceholder')}
            options={(models.data ?? []).map((model) => ({ value: model, label: model }))}
            maxTagCount="responsive"
            data-testid="token-model-limits"
          />
        </Form.Item>
        <Form.Item label={t('tokens.form.allowIps')} name="allow_ips">
          <Input.TextArea name="allow_ips" autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('tokens.form.allowIpsPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('tokens.form.group')} name="group">
          <Select
            allowClear
            loading={groups.isLoading}
            placeholder={t('tokens.form.groupPlaceholder')}
            options={groupOptions}
            data-testid="token-group"
          />
        </Form.Item>
      </Form>
    </EditDrawer>
  );
}
