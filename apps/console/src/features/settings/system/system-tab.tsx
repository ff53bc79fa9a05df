// The system tab (spec 000 §2 system settings): server, worker, payment, login, passkeys, email domains, SMTP, OIDC, providers.
import { Flex } from 'antd';
import { EmailDomainCard } from './email-domain-card';
import { LoginCard } from './login-card';
import { OidcCard } from './oidc-card';
import { PasskeySettingsCard } from './passkey-card';
import { ProviderCard, providerCards } from './provider-cards';
import { PaymentCard, ServerCard, SmtpCard, WorkerCard } from './system-cards';

/** The system tab. */
export default function SystemTab() {
  return (
    <Flex vertical gap={16} data-testid="settings-system">
      <ServerCard />
      <WorkerCard />
      <PaymentCard />
      <LoginCard />
      <PasskeySettingsCard />
      <EmailDomainCard />
      <SmtpCard />
      <OidcCard />
      {providerCards.map((spec) => (
        <ProviderCard key={spec.id} spec={spec} />
      ))}
    </Flex>
  );
}
