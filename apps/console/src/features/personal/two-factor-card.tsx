// The two-factor card of personal settings: set up with a QR code and backup codes, enable, disable, new backup codes.
import { useState } from 'react';
import { Alert, Button, Card, Input, QRCode, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useTwoFactorChange, useTwoFactorSetup, useTwoFactorStatus, type TwoFactorSetup } from './two-factor-api';

/** Shows backup codes once, for the user to keep. */
function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 12 }}
      title={t('twoFactor.backupCodes')}
      description={
        <>
          <Typography.Paragraph>{t('twoFactor.backupHint')}</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: codes.join('\n') }} data-testid="two-factor-backup-codes">
            {codes.map((code) => (
              <Typography.Text code key={code} style={{ marginRight: 8 }}>
                {code}
              </Typography.Text>
            ))}
          </Typography.Paragraph>
        </>
      }
    />
  );
}

/** Manages the user's TOTP factor. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorChange('enable');
  const disable = useTwoFactorChange('disable');
  const regenerate = useTwoFactorChange('backup_codes');
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');

  const withCode = (run: (value: string) => void): void => {
    if (!code.trim()) {
      notify.error(t('twoFactor.enterCode'));
      return;
    }
    run(code.trim());
  };
  const done = (message: string) => () => {
    setCode('');
    notify.success(message);
  };

  const enabled = status.data?.enabled === true;
  const codeInput = <Input value={code} onChange={(event) => setCode(event.target.value)} placeholder={t('twoFactor.codePlaceholder')} style={{ maxWidth: 220 }} data-testid="two-factor-code" />;

  return (
    <Card title={t('twoFactor.title')} data-testid="two-factor-card" extra={status.data ? <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('twoFactor.enabled') : t('twoFactor.disabled')}</Tag> : null}>
      <Typography.Paragraph type="secondary">{t('twoFactor.hint')}</Typography.Paragraph>
      {status.data?.locked ? <Alert type="error" showIcon title={t('twoFactor.locked')} style={{ marginBottom: 12 }} /> : null}
      {enabled ? (
        <>
          <Typography.Paragraph>{t('twoFactor.backupLeft', { count: status.data?.backup_codes_remaining ?? 0 })}</Typography.Paragraph>
          <Space wrap>
            {codeInput}
            <Button
              loading={regenerate.isPending}
              data-testid="two-factor-regenerate"
              onClick={() => withCode((value) => regenerate.mutate(value, { onSuccess: (result) => { setCodes(result.backup_codes ?? null); done(t('twoFactor.regenerated'))(); } }))}
            >
              {t('twoFactor.regenerate')}
            </Button>
            <Button danger loading={disable.isPending} data-testid="two-factor-disable" onClick={() => withCode((value) => disable.mutate(value, { onSuccess: () => { setCodes(null); done(t('twoFactor.disabledDone'))(); } }))}>
              {t('twoFactor.disable')}
            </Button>
          </Space>
          {codes ? <BackupCodes codes={codes} /> : null}
        </>
      ) : pending ? (
        <>
          <Typography.Paragraph>{t('twoFactor.scan')}</Typography.Paragraph>
          <Space align="start" wrap>
            <QRCode value={pending.qr_code_data} data-testid="two-factor-qr" />
            <Space direction="vertical">
              <Typography.Text>{t('twoFactor.secret')}</Typography.Text>
              <Typography.Text code copyable data-testid="two-factor-secret">
                {pending.secret}
              </Typography.Text>
            </Space>
          </Space>
          <BackupCodes codes={pending.backup_codes} />
          <Space style={{ marginTop: 12 }} wrap>
            {codeInput}
            <Button type="primary" loading={enable.isPending} data-testid="two-factor-enable" onClick={() => withCode((value) => enable.mutate(value, { onSuccess: () => { setPending(null); done(t('twoFactor.enabledDone'))(); } }))}>
              {t('twoFactor.enable')}
            </Button>
          </Space>
        </>
      ) : (
        <Button type="primary" loading={setup.isPending} data-testid="two-factor-setup" onClick={() => setup.mutate(undefined, { onSuccess: (result) => setPending(result) })}>
          {t('twoFactor.setup')}
        </Button>
      )}
    </Card>
  );
}
