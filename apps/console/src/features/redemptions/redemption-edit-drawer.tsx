// The redemption code create/edit drawer: name (default the formatted quota), quota, and on create the quantity.
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDrawer, editingIdOf, saveEdit, useEditTargetForm, type EditTarget } from '../../lib/edit-drawer';
import { notify } from '../../lib/notify';
import { problemMessage } from '../../lib/problem-text';
import { renderQuota } from '../../lib/quota-format';
import { useCreateRedemptions, useRedemptionDetail, useUpdateRedemption, type RedemptionRecord } from './redemptions-api';
import {
  buildRedemptionPayload,
  DefaultRedemptionQuota,
  RedemptionCountLimits,
  RedemptionNameMax,
  type RedemptionFormValues,
} from './redemptions-rules';

/** Which code the drawer edits: null closed, 'new' creating, a number editing that id. */
export type RedemptionDrawerTarget = EditTarget;

/** Props of the drawer. */
export interface RedemptionEditDrawerProps {
  target: RedemptionDrawerTarget;
  onClose: () => void;
  /** Called with the new codes and their name after a successful create. */
  onCreated: (codes: string[], name: string) => void;
}

const createDefaults: RedemptionFormValues = { name: '', quota: DefaultRedemptionQuota, count: 1 };

function toFormValues(code: RedemptionRecord): RedemptionFormValues {
  return { name: code.name, quota: code.quota };
}

/** Creates (POST /api/redemption/) or edits (PUT /api/redemption/) redemption codes. */
export function RedemptionEditDrawer({ target, onClose, onCreated }: RedemptionEditDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RedemptionFormValues>();
  const editingId = editingIdOf(target);
  const creating = target === 'new';
  const detail = useRedemptionDetail(editingId);
  const createCodes = useCreateRedemptions();
  const updateCode = useUpdateRedemption();
  const quota = Number(Form.useWatch('quota', form));

  useEditTargetForm(form, target, createDefaults, detail.data, toFormValues);

  const submit = (): void => {
    const result = buildRedemptionPayload(form.getFieldsValue(true), creating, (value) => renderQuota(value));
    if ('problem' in result) {
      notify.error(problemMessage(result.problem));
      return;
    }
    const { payload } = result;
    saveEdit(target, payload, createCodes, updateCode, {
      createdNotice: () => t('redemptions.created'),
      updatedNotice: () => t('redemptions.updated'),
      onClose,
      onCreated: (codes) => onCreated(codes, payload.name),
    });
  };

  return (
    <EditDrawer
      target={target}
      onClose={onClose}
      title={creating ? t('redemptions.form.createTitle') : t('redemptions.form.editTitle')}
      width={500}
      rootClassName="redemption-edit-drawer"
      testIdPrefix="redemption"
      onSubmit={submit}
      submitting={createCodes.isPending || updateCode.isPending}
      loading={detail.isFetching}
    >
      <Form<RedemptionFormValues> form={form} name="redemption-edit" layout="vertical" onFinish={submit} initialValues={createDefaults} data-testid="redemption-form">
        <Form.Item label={t('redemptions.form.name')} name="name">
          <Input name="name" maxLength={RedemptionNameMax} showCount placeholder={creating ? t('redemptions.form.namePlaceholder') : undefined} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('redemptions.form.quota')}
          name="quota"
          extra={t('redemptions.form.quotaHint', { amount: renderQuota(Number.isFinite(quota) ? quota : 0) })}
        >
          <InputNumber name="quota" min={1} precision={0} style={{ width: '100%' }} data-testid="redemption-quota" />
        </Form.Item>
        {creating ? (
          <Form.Item label={t('redemptions.form.count')} name="count" extra={t('redemptions.form.countHint')}>
            <InputNumber
              name="count"
              min={RedemptionCountLimits.min}
              max={RedemptionCountLimits.max}
              precision={0}
              style={{ width: '100%' }}
              data-testid="redemption-count"
            />
          </Form.Item>
        ) : null}
      </Form>
    </EditDrawer>
  );
}
