// Notification preferences: channel (e-mail or webhook), warning threshold with presets, unpriced-model opt-in.
import { useEffect } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { renderQuota } from '../../lib/quota-format';
import { useUpdateNotificationSettings, type SelfUser } from './personal-api';
import { InitialQuotaWarningThreshold, notificationProblem, parseNotificationSettings, ThresholdPresets, type NotificationSettings } from './personal-rules';

/** Edits the notification settings with PUT /api/user/setting. */
export function NotificationCard({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NotificationSettings>();
  const updateSettings = useUpdateNotificationSettings();
  const notifyType = Form.useWatch('notify_type', form);

  useEffect(() => {
    form.setFieldsValue(parseNotificationSettings(user.setting));
  }, [user.setting, form]);

  const submit = (raw: NotificationSettings): void => {
    const values: NotificationSettings = {
      notify_type: raw.notify_type === 'webhook' ? 'webhook' : 'email',
      quota_warning_threshold: Number(raw.quota_warning_threshold),
      webhook_url: (raw.webhook_url ?? '').trim(),
      webhook_secret: raw.webhook_secret ?? '',
      notification_email: (raw.notification_email ?? '').trim(),
      accept_unset_model_ratio_model: raw.accept_unset_model_ratio_model === true,
    };
    const problem = notificationProblem(values);
    if (problem) {
      notify.error(t(problem));
      return;
    }
    updateSettings.mutate(values, { onSuccess: () => notify.success(t('personal.notificationsUpdated')) });
  };

  return (
    <Card title={t('personal.notifications')} data-testid="notification-card">
      <Form<NotificationSettings>
        form={form}
        name="notifications"
        layout="vertical"
        onFinish={submit}
        initialValues={{ notify_type: 'email', quota_warning_threshold: InitialQuotaWarningThreshold, accept_unset_model_ratio_model: false }}
      >
        <Form.Item label={t('personal.notifyType')} name="notify_type">
          <Radio.Group name="notify_type" data-testid="notify-type">
            <Radio value="email" data-testid="notify-type-email">{t('personal.notifyEmail')}</Radio>
            <Radio value="webhook" data-testid="notify-type-webhook">{t('personal.notifyWebhook')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('personal.warningThreshold')} extra={t('personal.warningThresholdHint')}>
          <Form.Item name="quota_warning_threshold" noStyle>
            <InputNumber name="quota_warning_threshold" min={1} precision={0} style={{ width: '100%' }} data-testid="quota-warning-threshold" />
          </Form.Item>
          <Space wrap size={4} style={{ marginTop: 8 }}>
            {ThresholdPresets.map((preset) => (
              <Button
                key={preset}
                size="small"
                data-testid={`threshold-preset-${preset}`}
                onClick={() => form.setFieldValue('quota_warning_threshold', preset)}
              >
                {`${preset} (${renderQuota(preset)})`}
              </Button>
            ))}
          </Space>
        </Form.Item>
        {notifyType === 'webhook' ? (
          <>
            <Form.Item label={t('personal.webhookUrl')} name="webhook_url" extra={t('personal.webhookUrlHint')}>
              <Input name="webhook_url" placeholder="https://example.com/webhook" />
            </Form.Item>
            <Form.Item label={t('personal.webhookSecret')} name="webhook_secret" extra={t('personal.webhookSecretHint')}>
              <Input.Password name="webhook_secret" autoComplete="off" />
            </Form.Item>
          </>
        ) : (
          <Form.Item label={t('personal.notificationEmail')} name="notification_email" extra={t('personal.notificationEmailHint')}>
            <Input name="notification_email" type="email" />
          </Form.Item>
        )}
        <Form.Item label={t('personal.acceptUnsetModel')} name="accept_unset_model_ratio_model" valuePropName="checked">
          <Switch data-testid="accept-unset-model" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {t('personal.acceptUnsetModelHint')}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={updateSettings.isPending} data-testid="notification-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
