// The wallet page (/topup): the result of a returning payment, balance card, redeem a code, the online top-up section
// when it is enabled, and for admins the top-up orders.
import { useState } from 'react';
import { Col, Row } from 'antd';
import { useSearchParams } from 'react-router';
import { isAdminUser, useSessionUser } from '../../lib/session';
import { useSiteStatus } from '../../lib/site-status';
import { BalanceCard } from './balance-card';
import { OnlineTopUpCard } from './online-topup-card';
import { RedeemCard } from './redeem-card';
import { TopupOrdersCard } from './topup-orders-card';
import { TopupResult } from './topup-result';
import { returnedTradeNo } from './wallet-rules';

/** The /topup page. */
export default function WalletPage() {
  const status = useSiteStatus();
  const [code, setCode] = useState('');
  const online = status.enable_online_topup === true;
  const admin = isAdminUser(useSessionUser());
  const [search] = useSearchParams();
  const returning = returnedTradeNo(search) !== null;
  return (
    <Row gutter={[16, 16]} data-testid="wallet-page">
      {returning ? (
        <Col span={24}>
          <TopupResult />
        </Col>
      ) : null}
      <Col span={24}>
        <BalanceCard />
      </Col>
      <Col xs={24} lg={online ? 12 : 24}>
        <RedeemCard code={code} onCodeChange={setCode} />
      </Col>
      {online ? (
        <Col xs={24} lg={12}>
          <OnlineTopUpCard topUpCode={code} />
        </Col>
      ) : null}
      {admin ? (
        <Col span={24}>
          <TopupOrdersCard />
        </Col>
      ) : null}
    </Row>
  );
}
