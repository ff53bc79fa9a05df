// "Sign in with a passkey" on the login page, shown when the administrator turned passkey sign-in on.
import { useState } from 'react';
import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { isUserScopedQuery, storeUser, type SessionUser } from '../../lib/session';
import { useSiteStatus } from '../../lib/site-status';
import { passkeyErrorText, passkeyLogin } from '../security/passkey-api';

/** The passkey sign-in button; `onSignedIn` runs with the stored user. */
export function PasskeyLoginButton({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!status.passkey_login) return null;
  const signIn = async (): Promise<void> => {
    if (!browserSupportsWebAuthn()) {
      notify.error(t('passkey.unsupported'));
      return;
    }
    setBusy(true);
    try {
      const user = await passkeyLogin();
      queryClient.removeQueries({ predicate: isUserScopedQuery });
      storeUser(user);
      onSignedIn(user);
    } catch (error) {
      notify.error(passkeyErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button block size="large" icon={<KeyOutlined />} style={{ marginTop: 12 }} loading={busy} onClick={() => void signIn()} data-testid="login-passkey">
      {t('passkey.login')}
    </Button>
  );
}
