// The secure-verification modal: earns a 5-minute proof for one scope with a 2FA code or the passkey (whichever the
// user has and the action accepts), then hands the proof token to the caller.
import { useState } from 'react';
import { Alert, Button, Input, Modal, Segmented, Space, Typography } from 'antd';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { SecurityMethod, SecurityScope } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useTwoFactorStatus } from '../personal/two-factor-api';
import { passkeyErrorText, passkeyProof, twoFactorProof, usePasskeyStatus } from './passkey-api';

/** Props of the modal. */
export interface SecureVerificationModalProps {
  open: boolean;
  scope: SecurityScope;
  /** Methods the protected action accepts (both by default). */
  methods?: readonly SecurityMethod[];
  onVerified: (proofToken: string) => void;
  onCancel: () => void;
}

/** Asks for a 2FA code or the passkey and answers the proof token. */
export function SecureVerificationModal({ open, scope, methods = ['2fa', 'passkey'], onVerified, onCancel }: SecureVerificationModalProps) {
  const { t } = useTranslation();
  const twoFactor = useTwoFactorStatus();
  const passkey = usePasskeyStatus();
  const available = methods.filter((method) => (method === '2fa' ? twoFactor.data?.enabled === true : passkey.data?.enabled === true && browserSupportsWebAuthn()));
  const [chosen, setChosen] = useState<SecurityMethod | null>(null);
  const method = chosen && available.includes(chosen) ? chosen : (available.includes('passkey') ? 'passkey' : available[0]);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const loading = twoFactor.isLoading || passkey.isLoading;

  const run = async (earn: () => Promise<{ proof_token: string }>): Promise<void> => {
    setBusy(true);
    try {
      const proof = await earn();
      setCode('');
      onVerified(proof.proof_token);
    } catch (error) {
      notify.error(passkeyErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('passkey.verifyTitle')} onCancel={onCancel} footer={null} destroyOnHidden data-testid="secure-verification-modal">
      <Typography.Paragraph type="secondary">{t('passkey.verifyHint')}</Typography.Paragraph>
      {!loading && available.length === 0 ? <Alert type="warning" showIcon title={t('passkey.needFactor')} data-testid="secure-verification-none" /> : null}
      {available.length > 1 ? (
        <Segmented
          block
          style={{ marginBottom: 16 }}
          value={method}
          onChange={(value) => setChosen(value as SecurityMethod)}
          options={available.map((item) => ({ value: item, label: item === '2fa' ? t('passkey.method2fa') : t('passkey.methodPasskey') }))}
          data-testid="secure-verification-method"
        />
      ) : null}
      {method === '2fa' ? (
        <Space.Compact style={{ width: '100%' }}>
          <Input value={code} onChange={(event) => setCode(event.target.value)} placeholder={t('passkey.codePlaceholder')} autoComplete="one-time-code" onPressEnter={() => void run(() => twoFactorProof(code.trim(), scope))} data-testid="secure-verification-code" />
          <Button type="primary" loading={busy} disabled={!code.trim()} onClick={() => void run(() => twoFactorProof(code.trim(), scope))} data-testid="secure-verification-submit">
            {t('passkey.verify')}
          </Button>
        </Space.Compact>
      ) : method === 'passkey' ? (
        <Button type="primary" block loading={busy} onClick={() => void run(() => passkeyProof(scope))} data-testid="secure-verification-passkey">
          {t('passkey.verifyWithPasskey')}
        </Button>
      ) : null}
    </Modal>
  );
}
