// The registration page: username, password twice, e-mail code when verification is on, affiliate code.
import { Button, Form, Input, Space, Typography } from 'antd';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkUsernameRule, normalizeUsername } from '@turnpike/contract';
import { notify } from '../../lib/notify';
import { problemMessage } from '../../lib/problem-text';
import { SendCodeButton } from '../../lib/send-code-button';
import { useSiteStatus } from '../../lib/site-status';
import { readString, StorageKeys } from '../../lib/storage';
import { useTurnstile } from '../../lib/turnstile';
import { useRegister, useSendVerificationCode } from './auth-api';
import { AuthCard } from './auth-card';
import { ThirdPartyLogin } from './third-party-login';
import { useStoreAffiliateCode } from './use-store-affiliate-code';

interface RegisterFormValues {
  username?: string;
  password?: string;
  password2?: string;
  email?: string;
  verification_code?: string;
}

/** The /register page. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterFormValues>();
  const status = useSiteStatus();
  const register = useRegister();
  const sendCode = useSendVerificationCode();
  const turnstile = useTurnstile();
  const emailVerification = status.email_verification === true;
  useStoreAffiliateCode();

  const validate = (values: RegisterFormValues): string | null => {
    if (!values.username?.trim() || !values.password) return t('auth.enterUsernameAndPassword');
    const username = checkUsernameRule(values.username);
    if (!username.ok) return problemMessage(username.problem);
    if (values.password.length < 8) return t('auth.passwordTooShort');
    if (values.password !== values.password2) return t('auth.passwordMismatch');
    if (emailVerification && (!values.email?.trim() || !values.verification_code?.trim())) return t('auth.emailAndCodeRequired');
    if (turnstile.enabled && !turnstile.token) return t('auth.turnstileWait');
    return null;
  };

  const onFinish = (values: RegisterFormValues): void => {
    const problem = validate(values);
    if (problem) {
      notify.info(problem);
      return;
    }
    const payload = {
      username: normalizeUsername(values.username ?? ''),
      password: values.password ?? '',
      password2: values.password2 ?? '',
      email: values.email?.trim() ?? '',
      verification_code: values.verification_code?.trim() ?? '',
      aff_code: readString(StorageKeys.affiliateCode) ?? '',
    };
    register.mutate(
      { payload, turnstile: turnstile.token },
      {
        onSuccess: () => {
          notify.success(t('auth.registerSuccess'));
          void navigate('/login');
        },
      },
    );
  };

  const onSendCode = async (): Promise<boolean> => {
    const email = (form.getFieldValue('email') as string | undefined)?.trim() ?? '';
    if (!email) {
      notify.error(t('auth.enterEmail'));
      return false;
    }
    if (turnstile.enabled && !turnstile.token) {
      notify.info(t('auth.turnstileWait'));
      return false;
    }
    try {
      await sendCode.mutateAsync({ email, turnstile: turnstile.token });
      notify.success(t('auth.codeSent'));
      return true;
    } catch {
      return false;
    }
  };

  return (
    <AuthCard title={t('auth.registerTitle')} testId="register-card">
      <Form<RegisterFormValues> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label={t('auth.username')} name="username">
          <Input name="username" prefix={<UserOutlined />} placeholder={t('auth.username')} autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('auth.password')} name="password">
          <Input.Password name="password" prefix={<LockOutlined />} placeholder={t('auth.passwordHint')} autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item label={t('auth.confirmPassword')} name="password2">
          <Input.Password name="password2" prefix={<LockOutlined />} placeholder={t('auth.confirmPassword')} autoComplete="new-password" maxLength={20} />
        </Form.Item>
        {emailVerification ? (
          <>
            <Form.Item label={t('auth.email')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="email" noStyle>
                  <Input name="email" type="email" prefix={<MailOutlined />} placeholder={t('auth.emailPlaceholder')} autoComplete="email" />
                </Form.Item>
                <SendCodeButton onSend={onSendCode} loading={sendCode.isPending} testId="register-send-code" />
              </Space.Compact>
            </Form.Item>
            <Form.Item label={t('auth.verificationCode')} name="verification_code">
              <Input name="verification_code" placeholder={t('auth.verificationCodePlaceholder')} autoComplete="one-time-code" />
            </Form.Item>
          </>
        ) : null}
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending} data-testid="register-submit">
          {t('auth.register')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Typography.Text>
          {t('auth.haveAccount')} <Link to="/login" data-testid="register-login-link">{t('auth.loginLink')}</Link>
        </Typography.Text>
      </div>
      <ThirdPartyLogin />
      {turnstile.widget}
    </AuthCard>
  );
}
