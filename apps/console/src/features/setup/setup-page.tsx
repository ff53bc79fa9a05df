// First-run setup: database warning, admin account (unless it exists), usage mode; reloads 1.5 s after success.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Space, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { markSetupDone } from '../../lib/site-status';
import { useSetupStatus, useSubmitSetup, usageModeFlags, type UsageMode } from './setup-api';
import { UsageModeHelpModal } from './usage-mode-help-modal';

interface SetupFormValues {
  username?: string;
  password?: string;
  confirmPassword?: string;
  usageMode: UsageMode;
}

/** Delay before the page reloads after a successful setup. */
const reloadDelayMs = 1500;

/** The /setup page. */
export default function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SetupFormValues>();
  const [helpOpen, setHelpOpen] = useState(false);
  const [done, setDone] = useState(false);
  const setupStatus = useSetupStatus();
  const submitSetup = useSubmitSetup();
  const rootInitialized = setupStatus.data?.root_init === true;

  useEffect(() => {
    if (setupStatus.isError) notify.error(t('setup.statusFailed'));
  }, [setupStatus.isError, t]);

  useEffect(() => {
    if (setupStatus.data?.status === true) {
      markSetupDone();
      void navigate('/', { replace: true });
    }
  }, [setupStatus.data, navigate]);

  const validate = (values: SetupFormValues): string | null => {
    if (rootInitialized) return null;
    if (!values.username || values.username.trim() === '') return t('setup.usernameRequired');
    if (!values.password || values.password.length < 8) return t('setup.passwordTooShort');
    if (values.password !== values.confirmPassword) return t('setup.passwordMismatch');
    return null;
  };

  const onFinish = (values: SetupFormValues): void => {
    const problem = validate(values);
    if (problem) {
      notify.error(problem);
      return;
    }
    const payload = {
      username: values.username?.trim() ?? '',
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
      ...usageModeFlags(values.usageMode),
    };
    submitSetup.mutate(payload, {
      onSuccess: () => {
        markSetupDone();
        setDone(true);
        notify.success(t('setup.success'));
        window.setTimeout(() => window.location.reload(), reloadDelayMs);
      },
      onError: (error) => {
        const refused = error instanceof ApiError && error.kind === 'envelope';
        notify.error(refused ? error.message || t('setup.failedRetry') : t('setup.systemFailed'));
      },
    });
  };

  return (
    <div style={{ maxWidth: 800, margin: '0 auto', padding: '24px 12px' }}>
      <Card data-testid="setup-card">
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('setup.title')}
        </Typography.Title>
        {setupStatus.data?.database_type?.toLowerCase() === 'sqlite' ? (
          <Alert
            type="warning"
            showIcon
            data-testid="setup-sqlite-warning"
            style={{ marginBottom: 24 }}
            title={t('setup.databaseWarningTitle')}
            description={
              <>
                <p>{t('setup.sqliteWarning1')}</p>
                <p style={{ marginBottom: 0 }}>{t('setup.sqliteWarning2')}</p>
              </>
            }
          />
        ) : null}
        <Form<SetupFormValues> form={form} layout="vertical" initialValues={{ usageMode: 'external' }} onFinish={onFinish}>
          {rootInitialized ? (
            <Alert type="info" showIcon data-testid="setup-root-initialized" style={{ marginBottom: 24 }} title={t('setup.rootInitialized')} />
          ) : (
            <>
              <Typography.Title level={4}>{t('setup.adminAccount')}</Typography.Title>
              <Form.Item label={t('setup.username')} name="username">
                <Input name="username" placeholder={t('setup.usernamePlaceholder')} autoComplete="username" allowClear />
              </Form.Item>
              <Form.Item label={t('setup.password')} name="password">
                <Input.Password name="password" placeholder={t('setup.passwordPlaceholder')} autoComplete="new-password" />
              </Form.Item>
              <Form.Item label={t('setup.confirmPassword')} name="confirmPassword">
                <Input.Password name="confirmPassword" placeholder={t('setup.confirmPasswordPlaceholder')} autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          <Typography.Title level={4}>{t('setup.systemSettings')}</Typography.Title>
          <Form.Item
            label={
              <Space size={4}>
                {t('setup.usageMode')}
                <Button
                  type="link"
                  size="small"
                  icon={<QuestionCircleOutlined />}
                  aria-label={t('setup.usageModeHelpTitle')}
                  data-testid="usage-mode-help"
                  onClick={() => setHelpOpen(true)}
                />
              </Space>
            }
            name="usageMode"
            extra={t('setup.usageModeExtra')}
          >
            <Radio.Group data-testid="usage-mode" name="usageMode">
              <Radio value="external" data-testid="usage-mode-external">
                {t('setup.modeExternal')}
              </Radio>
              <Radio value="self" data-testid="usage-mode-self">
                {t('setup.modeSelf')}
              </Radio>
              <Radio value="demo" data-testid="usage-mode-demo">
                {t('setup.modeDemo')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          <div style={{ textAlign: 'right' }}>
            <Button type="primary" htmlType="submit" loading={submitSetup.isPending || done} data-testid="setup-submit">
              {t('setup.submit')}
            </Button>
          </div>
        </Form>
      </Card>
      <UsageModeHelpModal open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
