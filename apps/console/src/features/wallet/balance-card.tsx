// The wallet's balance card: current balance, used quota and request count from GET /api/user/self.
import { Card, Col, Result, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCompactNumber, renderQuota } from '../../lib/quota-format';
import { useWalletSelf } from './wallet-api';

/** Shows the balance, or a skeleton while loading and a warning when it failed. */
export function BalanceCard() {
  const { t } = useTranslation();
  const self = useWalletSelf();
  return (
    <Card title={t('wallet.balance.title')} data-testid="wallet-balance-card">
      {self.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : !self.data ? (
        <Result status="warning" title={t('common.loadFailed')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={8}>
            <Statistic title={t('wallet.balance.quota')} value={renderQuota(self.data.quota)} data-testid="wallet-balance-quota" />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic title={t('wallet.balance.used')} value={renderQuota(self.data.used_quota)} data-testid="wallet-balance-used" />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic
              title={t('wallet.balance.requests')}
              value={formatCompactNumber(self.data.request_count ?? 0)}
              data-testid="wallet-balance-requests"
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
