// The wallet's redeem section: a code input and redeem button, plus the get-code button when a top-up link is set.
import { Button, Card, Input, Space, Typography } from 'antd';
import { GiftOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { renderQuota } from '../../lib/quota-format';
import { useSiteStatus } from '../../lib/site-status';
import { useRedeemCode } from './wallet-api';

/** Props of the redeem section: the code text is shared with the online top-up (sent as top_up_code). */
export interface RedeemCardProps {
  code: string;
  onCodeChange: (code: string) => void;
}

/** Redeems a code with POST /api/user/topup. */
export function RedeemCard({ code, onCodeChange }: RedeemCardProps) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const redeem = useRedeemCode();
  const topUpLink = status.top_up_link ?? '';

  const submit = (): void => {
    const key = code.trim();
    if (key === '') {
      notify.error(t('wallet.redeem.empty'));
      return;
    }
    redeem.mutate(key, {
      onSuccess: (quota) => {
        notify.success(t('wallet.redeem.succeeded', { amount: renderQuota(quota) }));
        onCodeChange('');
      },
    });
  };

  const openTopUpLink = (): void => {
    if (!topUpLink) {
      notify.error(t('wallet.redeem.noTopUpLink'));
      return;
    }
    window.open(topUpLink, '_blank', 'noopener,noreferrer');
  };

  return (
    <Card title={t('wallet.redeem.title')} data-testid="wallet-redeem-card" style={{ height: '100%' }}>
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Text type="secondary">{t('wallet.redeem.hint')}</Typography.Text>
        <Input
          name="key"
          value={code}
          allowClear
          onChange={(event) => onCodeChange(event.target.value)}
          onPressEnter={submit}
          placeholder={t('wallet.redeem.placeholder')}
          autoComplete="off"
          data-testid="wallet-redeem-code"
        />
        <Space wrap>
          <Button type="primary" icon={<GiftOutlined />} loading={redeem.isPending} onClick={submit} data-testid="wallet-redeem-submit">
            {t('wallet.redeem.submit')}
          </Button>
          {topUpLink ? (
            <Button icon={<LinkOutlined />} onClick={openTopUpLink} data-testid="wallet-get-code">
              {t('wallet.redeem.getCode')}
            </Button>
          ) : null}
        </Space>
      </Space>
    </Card>
  );
}
