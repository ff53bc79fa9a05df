// Password change: original, new and confirmation; the new one must differ and the two must match.
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useChangePassword } from './personal-api';
import { passwordChangeProblem, type PasswordFormValues } from './personal-rules';

/** Changes the password with PUT /api/user/self. */
export function PasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordFormValues>();
  const changePassword = useChangePassword();

  const submit = (values: PasswordFormValues): void => {
    const problem = passwordChangeProblem(values);
    if (problem) {
      notify.error(t(problem));
      return;
    }
    changePassword.mutate(
      { original_password: values.original_password ?? '', password: values.password ?? '' },
      {
        onSuccess: () => {
          notify.success(t('personal.passwordChanged'));
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card title={t('personal.changePassword')} data-testid="password-card">
      <Form<PasswordFormValues> form={form} name="change-password" layout="vertical" onFinish={submit}>
        <Form.Item label={t('personal.originalPassword')} name="original_password">
          <Input.Password name="original_password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('personal.newPassword')} name="password">
          <Input.Password name="password" autoComplete="new-password" placeholder={t('auth.passwordHint')} />
        </Form.Item>
        <Form.Item label={t('personal.confirmNewPassword')} name="password_confirmation">
          <Input.Password name="password_confirmation" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={changePassword.isPending} data-testid="password-submit">
          {t('personal.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
