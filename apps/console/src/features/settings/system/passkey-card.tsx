// Passkey sign-in settings (new-api's passkey.* options): the switch, relying party, origins and authenticator choices.
import { passkeyAttachments, passkeyOptionKeys, passkeyUserVerifications } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';

/** The passkey card of the system tab. */
export function PasskeySettingsCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="passkey" title={t('settings.cards.passkey')} keys={passkeyOptionKeys}>
      <OptionField optionKey="passkey.enabled" />
      <OptionField optionKey="passkey.allow_insecure_origin" />
      <OptionField optionKey="passkey.rp_display_name" />
      <OptionField optionKey="passkey.rp_id" placeholder="example.com" />
      <OptionField optionKey="passkey.origins" placeholder="https://example.com" />
      <OptionField
        optionKey="passkey.user_verification"
        control="select"
        choices={passkeyUserVerifications.map((value) => ({ value, label: t(`passkey.verification.${value}`) }))}
      />
      <OptionField
        optionKey="passkey.attachment_preference"
        control="select"
        choices={passkeyAttachments.map((value) => ({ value, label: t(`passkey.attachment.${value || 'any'}`) }))}
      />
    </OptionFormCard>
  );
}
