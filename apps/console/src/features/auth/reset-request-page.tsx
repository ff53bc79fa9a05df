// The /reset page: an email address, the bot check when enabled, and a submit locked 30 seconds after each mail.
import { Button, Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VerificationCooldownSeconds } from '../../lib/constants';
import { notify } from '../../lib/notify';
import { useCountdown } from '../../lib/use-countdown';
import { useTurnstile } from '../../lib/turnstile';
import { AuthCard } from './auth-card';
import { useRequestPasswordReset } from './password-reset-api';

interface ResetRequestValues {
  email?: string;
}

/** The password reset request page. */
export default function ResetRequestPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const turnstile = useTurnstile();
  const countdown = useCountdown(VerificationCooldownSeconds);

  const onFinish = (values: ResetRequestValues): void => {
    const email = values.email?.trim() ?? '';
    if (!email) {
      notify.error(t('auth.enterEmail'));
      return;
    }
    if (turnstile.enabled && !turnstile.token) {
      notify.info(t('auth.turnstileWait'));
      return;
    }
    request.mutate(
      { email, turnstile: turnstile.token },
      {
        onSuccess: () => {
          notify.success(t('auth.resetSent'));
          countdown.start();
        },
      },
    );
  };

  return (
    <AuthCard title={t('auth.resetTitle')} testId="reset-card">
      <Form<ResetRequestValues> layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label={t('auth.email')} name="email">
          <Input name="email" type="email" prefix={<MailOutlined />} placeholder={t('auth.emailPlaceholder')} autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={request.isPending} disabled={countdown.active} data-testid="reset-submit">
          {countdown.active ? t('auth.resetRetryIn', { seconds: countdown.secondsLeft }) : t('auth.resetSubmit')}
        </Button>
      </Form>
      <Typography.Text style={{ display: 'block', marginTop: 16 }}>
        {t('auth.haveAccount')} <Link to="/login" data-testid="reset-login-link">{t('auth.loginLink')}</Link>
      </Typography.Text>
      {turnstile.widget}
    </AuthCard>
  );
}
