// Root's "reveal key" on the channel form: a secure verification (2FA code or passkey), then POST /api/channel/:id/key
// with the proof; the key is shown in a dialog to copy, never put back into the form.
import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { ChannelKeyAnswer } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { isRootUser, useSessionUser } from '../../lib/session';
import { passkeyErrorText, proofHeaders } from '../security/passkey-api';
import { SecureVerificationModal } from '../security/secure-verification-modal';

/** The reveal button (root only) for the channel being edited. */
export function RevealChannelKey({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [verifying, setVerifying] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  if (!isRootUser(user)) return null;

  const reveal = async (proof: string): Promise<void> => {
    setVerifying(false);
    try {
      const answer = await apiClient.post<ChannelKeyAnswer>(`/api/channel/${channelId}/key`, {}, { headers: proofHeaders(proof), silent: true });
      setKey(answer.key);
    } catch (error) {
      notify.error(passkeyErrorText(error));
    }
  };

  return (
    <>
      <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setVerifying(true)} data-testid="channel-reveal-key">
        {t('passkey.revealKey')}
      </Button>
      {verifying ? <SecureVerificationModal open scope="channel.key.read" onCancel={() => setVerifying(false)} onVerified={(proof) => void reveal(proof)} /> : null}
      <Modal open={key !== null} title={t('passkey.keyTitle')} onCancel={() => setKey(null)} footer={null} destroyOnHidden>
        <Typography.Paragraph copyable={{ text: key ?? '' }} code style={{ wordBreak: 'break-all' }} data-testid="channel-key-revealed">
          {key}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
