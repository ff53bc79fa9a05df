// Login and registration switches; turning password login off asks first and cancelling turns it back on.
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';

const loginKeys = ['PasswordLoginEnabled', 'PasswordRegisterEnabled', 'EmailVerificationEnabled', 'RegisterEnabled'];

/** The password-login switch with its confirmation. */
function PasswordLoginSwitch() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const form = Form.useFormInstance();
  return (
    <OptionField
      optionKey="PasswordLoginEnabled"
      onSwitch={(checked) => {
        if (checked) return;
        modal.confirm({
          title: t('settings.system.disablePasswordTitle'),
          content: t('settings.system.disablePasswordContent'),
          okButtonProps: { danger: true },
          onCancel: () => form.setFieldValue('PasswordLoginEnabled', true),
        });
      }}
    />
  );
}

/** The login and registration card. */
export function LoginCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="login" title={t('settings.cards.login')} keys={loginKeys}>
      <PasswordLoginSwitch />
      <OptionField optionKey="PasswordRegisterEnabled" />
      <OptionField optionKey="EmailVerificationEnabled" />
      <OptionField optionKey="RegisterEnabled" />
    </OptionFormCard>
  );
}
