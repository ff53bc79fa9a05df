// The passkey card of personal settings: register (with a 2FA proof when 2FA is on), remove (with a proof), last use.
import { useState } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { SecurityMethod, SecurityScope } from '@turnpike/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../lib/timestamp-format';
import { notify } from '../../lib/notify';
import { passkeyErrorText, passkeyStatusKey, registerPasskey, removePasskey, usePasskeyStatus } from '../security/passkey-api';
import { SecureVerificationModal } from '../security/secure-verification-modal';
import { useTwoFactorStatus } from './two-factor-api';

/** A pending action waiting for its proof. */
interface ProofRequest {
  scope: SecurityScope;
  methods: SecurityMethod[];
  run: (proof: string) => Promise<void>;
}

/** Manages the user's one passkey. */
export function PasskeyCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = usePasskeyStatus();
  const twoFactor = useTwoFactorStatus();
  const [busy, setBusy] = useState(false);
  const [request, setRequest] = useState<ProofRequest | null>(null);
  const registered = status.data?.enabled === true;
  const lastUsed = status.data?.enabled ? status.data.last_used_at : 0;
  const twoFactorOn = twoFactor.data?.enabled === true;

  const perform = async (action: () => Promise<unknown>, done: string): Promise<void> => {
    setBusy(true);
    try {
      await action();
      notify.success(done);
      await queryClient.invalidateQueries({ queryKey: passkeyStatusKey });
    } catch (error) {
      notify.error(passkeyErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const register = (): void => {
    if (!browserSupportsWebAuthn()) {
      notify.error(t('passkey.unsupported'));
      return;
    }
    // With 2FA on, registering needs a fresh 2FA proof (new-api's rule); otherwise it goes straight on.
    if (twoFactorOn) setRequest({ scope: 'passkey.register', methods: ['2fa'], run: (proof) => perform(() => registerPasskey(proof), t('passkey.registeredDone')) });
    else void perform(() => registerPasskey(null), t('passkey.registeredDone'));
  };
  const remove = (): void => setRequest({ scope: 'passkey.delete', methods: [twoFactorOn ? '2fa' : 'passkey'], run: (proof) => perform(() => removePasskey(proof), t('passkey.removedDone')) });

  return (
    <Card title={t('passkey.title')} data-testid="passkey-card" extra={status.data ? <Tag color={registered ? 'green' : 'default'} data-testid="passkey-state">{registered ? t('passkey.registered') : t('passkey.none')}</Tag> : null}>
      <Typography.Paragraph type="secondary">{t('passkey.hint')}</Typography.Paragraph>
      {registered ? (
        <Typography.Paragraph data-testid="passkey-last-used">{lastUsed ? t('passkey.lastUsed', { time: formatTimestamp(lastUsed) }) : t('passkey.neverUsed')}</Typography.Paragraph>
      ) : null}
      <Space wrap>
        <Button type={registered ? 'default' : 'primary'} loading={busy} onClick={register} data-testid="passkey-register">
          {registered ? t('passkey.replace') : t('passkey.register')}
        </Button>
        {registered ? (
          <Button danger loading={busy} onClick={remove} data-testid="passkey-remove">
            {t('passkey.remove')}
          </Button>
        ) : null}
      </Space>
      {request ? (
        <SecureVerificationModal
          open
          scope={request.scope}
          methods={request.methods}
          onCancel={() => setRequest(null)}
          onVerified={(proof) => {
            const pending = request;
            setRequest(null);
            void pending.run(proof);
          }}
        />
      ) : null}
    </Card>
  );
}
