// The redemption code create/edit drawer: name (default the formatted quota), quota, and on create the quantity.
import { useEffect } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { renderQuota } from '../../lib/quota-format';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useCreateRedemptions, useRedemptionDetail, useUpdateRedemption } from './redemptions-api';
import {
  buildRedemptionPayload,
  DefaultRedemptionQuota,
  RedemptionCountLimits,
  RedemptionNameLimits,
  type RedemptionFormValues,
} from './redemptions-rules';

/** Which code the drawer edits: null closed, 'new' creating, a number editing that id. */
export type RedemptionDrawerTarget = null | 'new' | number;

/** Props of the drawer. */
export interface RedemptionEditDrawerProps {
  target: RedemptionDrawerTarget;
  onClose: () => void;
  /** Called with the new codes and their name after a successful create. */
  onCreated: (codes: string[], name: string) => void;
}

const createDefaults: RedemptionFormValues = { name: '', quota: DefaultRedemptionQuota, count: 1 };

/** Creates (POST /api/redemption/) or edits (PUT /api/redemption/) redemption codes. */
export function RedemptionEditDrawer({ target, onClose, onCreated }: RedemptionEditDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<RedemptionFormValues>();
  const editingId = typeof target === 'number' ? target : null;
  const creating = target === 'new';
  const detail = useRedemptionDetail(editingId);
  const createCodes = useCreateRedemptions();
  const updateCode = useUpdateRedemption();
  const quota = Number(Form.useWatch('quota', form));

  useEffect(() => {
    if (target === 'new') form.setFieldsValue(createDefaults);
    else if (target === null) form.resetFields();
    else if (detail.data) form.setFieldsValue({ name: detail.data.name, quota: detail.data.quota });
  }, [target, detail.data, form]);

  const submit = (): void => {
    const result = buildRedemptionPayload(form.getFieldsValue(true), creating, (value) => renderQuota(value));
    if ('problem' in result) {
      notify.error(t(`redemptions.problem.${result.problem}`));
      return;
    }
    const { payload } = result;
    if (creating) {
      createCodes.mutate(payload, {
        onSuccess: (codes) => {
          notify.success(t('redemptions.created'));
          onClose();
          onCreated(codes, payload.name);
        },
      });
    } else if (editingId !== null) {
      updateCode.mutate(
        { ...payload, id: editingId },
        {
          onSuccess: () => {
            notify.success(t('redemptions.updated'));
            onClose();
          },
        },
      );
    }
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 500}
      title={creating ? t('redemptions.form.createTitle') : t('redemptions.form.editTitle')}
      forceRender
      rootClassName="redemption-edit-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="redemption-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" onClick={submit} loading={createCodes.isPending || updateCode.isPending} data-testid="redemption-submit">
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={editingId !== null && detail.isFetching}>
        <Form<RedemptionFormValues> form={form} name="redemption-edit" layout="vertical" onFinish={submit} initialValues={createDefaults} data-testid="redemption-form">
          <Form.Item label={t('redemptions.form.name')} name="name">
            <Input name="name" maxLength={RedemptionNameLimits.max} showCount placeholder={creating ? t('redemptions.form.namePlaceholder') : undefined} autoComplete="off" />
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
      </Spin>
    </Drawer>
  );
}
