// The login page: stores ?aff=, shows the session-expired notice, signs in (with the 2FA step when asked) and lands on /token.
import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify, showAlertDialog } from '../../lib/notify';
import { useSiteStatus } from '../../lib/site-status';
import { useTurnstile } from '../../lib/turnstile';

import { needsSecondFactor, useLogin, useLoginSecondFactor, usesDefaultPassword, type LoginPayload } from './auth-api';
import { AuthCard } from './auth-card';
import { PasskeyLoginButton } from './passkey-login-button';
import { ThirdPartyLogin } from './third-party-login';
import { useStoreAffiliateCode } from './use-store-affiliate-code';

interface LoginFormValues {
  username?: string;
  password?: string;
}

/** The /login page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useSiteStatus();
  const login = useLogin();
  const turnstile = useTurnstile();
  const expired = params.has('expired');
  const secondFactor = useLoginSecondFactor();
  const [challenge, setChallenge] = useState<{ flowToken: string; payload: LoginPayload } | null>(null);
  useStoreAffiliateCode();

  const signedIn = (user: Parameters<typeof usesDefaultPassword>[0], payload: LoginPayload): void => {
    notify.success(t('auth.loginSuccess'));
    if (usesDefaultPassword(user, payload)) {
      showAlertDialog({ kind: 'error', title: t('auth.defaultPasswordTitle'), content: t('auth.defaultPasswordContent') });
    }
    void navigate('/token');
  };

  const onSecondFactor = (values: { code?: string }): void => {
    const code = values.code?.trim() ?? '';
    if (!challenge || !code) {
      notify.error(t('twoFactor.enterCode'));
      return;
    }
    secondFactor.mutate({ flow_token: challenge.flowToken, code }, { onSuccess: (user) => signedIn(user, challenge.payload) });
  };

  const onFinish = (values: LoginFormValues): void => {
    const username = values.username?.trim() ?? '';
    const password = values.password ?? '';
    if (!username || !password) {
      notify.error(t('auth.enterUsernameAndPassword'));
      return;
    }
    if (turnstile.enabled && !turnstile.token) {
      notify.info(t('auth.turnstileWait'));
      return;
    }
    const payload = { username, password };
    login.mutate(
      { payload, turnstile: turnstile.token },
      {
        onSuccess: (answer) => {
          if (needsSecondFactor(answer)) setChallenge({ flowToken: answer.flow_token, payload });
          else signedIn(answer, payload);
        },
      },
    );
  };

  if (challenge) {
    return (
      <AuthCard title={t('twoFactor.loginTitle')} testId="login-2fa-card">
        <Typography.Paragraph type="secondary">{t('twoFactor.loginHint')}</Typography.Paragraph>
        <Form<{ code?: string }> layout="vertical" onFinish={onSecondFactor} requiredMark={false}>
          <Form.Item label={t('twoFactor.code')} name="code">
            <Input name="code" autoComplete="one-time-code" autoFocus placeholder={t('twoFactor.codePlaceholder')} data-testid="login-2fa-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={secondFactor.isPending} data-testid="login-2fa-submit">
            {t('twoFactor.verify')}
          </Button>
        </Form>
        <Button type="link" block style={{ marginTop: 8 }} onClick={() => setChallenge(null)}>
          {t('twoFactor.backToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.loginTitle')} testId="login-card">
      {expired ? (
        <Alert type="warning" showIcon data-testid="session-expired-notice" style={{ marginBottom: 16 }} title={t('http.sessionExpired')} />
      ) : null}
      <Form<LoginFormValues> layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label={t('auth.usernameOrEmail')} name="username">
          <Input name="username" prefix={<UserOutlined />} placeholder={t('auth.usernameOrEmail')} autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('auth.password')} name="password">
          <Input.Password name="password" prefix={<LockOutlined />} placeholder={t('auth.password')} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending} data-testid="login-submit">
          {t('auth.login')}
        </Button>
      </Form>
      <PasskeyLoginButton onSignedIn={(user) => signedIn(user, { username: user.username, password: '' })} />
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginTop: 16 }}>
        {status.self_use_mode_enabled ? (
          <span />
        ) : (
          <Typography.Text>
            {t('auth.noAccount')} <Link to="/register" data-testid="login-register-link">{t('auth.registerLink')}</Link>
          </Typography.Text>
        )}
        <Typography.Text>
          {t('auth.forgotPassword')} <Link to="/reset" data-testid="login-reset-link">{t('auth.resetLink')}</Link>
        </Typography.Text>
      </div>
      <ThirdPartyLogin />
      {turnstile.widget}
    </AuthCard>
  );
}
