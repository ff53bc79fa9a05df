// The /user/reset page the mailed link opens: the address read-only, then the new password shown and copied.
import { Alert, Button, Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { AuthCard } from './auth-card';
import { useConfirmPasswordReset } from './password-reset-api';

/** The password reset confirmation page. */
export default function ResetConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const complete = email !== '' && token !== '';
  const newPassword = confirm.data;

  const submit = (): void => {
    confirm.mutate(
      { email, token },
      { onSuccess: (password) => void copyWithFeedback(password, t('auth.newPasswordCopied', { password })) },
    );
  };

  return (
    <AuthCard title={t('auth.resetConfirmTitle')} testId="reset-confirm-card">
      {complete ? null : <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('auth.resetLinkIncomplete')} data-testid="reset-link-incomplete" />}
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('auth.email')}>
          <Input name="email" value={email} prefix={<MailOutlined />} readOnly data-testid="reset-email" />
        </Form.Item>
        {newPassword ? (
          <Form.Item label={t('auth.newPassword')}>
            <Input.Password name="new-password" value={newPassword} readOnly visibilityToggle={{ visible: true }} data-testid="reset-new-password" />
          </Form.Item>
        ) : null}
        {newPassword ? (
          <Button block size="large" onClick={() => void copyWithFeedback(newPassword, t('auth.newPasswordCopied', { password: newPassword }))} data-testid="reset-copy">
            {t('auth.copyPassword')}
          </Button>
        ) : (
          <Button type="primary" block size="large" disabled={!complete} loading={confirm.isPending} onClick={submit} data-testid="reset-confirm-submit">
            {t('auth.resetConfirmSubmit')}
          </Button>
        )}
      </Form>
      <Typography.Text style={{ display: 'block', marginTop: 16 }}>
        <Link to="/login" data-testid="reset-back-to-login">
          {t('auth.backToLogin')}
        </Link>
      </Typography.Text>
    </AuthCard>
  );
}
