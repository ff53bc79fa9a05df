// The wallet page (/topup): balance card, redeem a code, and the online top-up section when it is enabled.
import { useState } from 'react';
import { Col, Row } from 'antd';
import { useSiteStatus } from '../../lib/site-status';
import { BalanceCard } from './balance-card';
import { OnlineTopUpCard } from './online-topup-card';
import { RedeemCard } from './redeem-card';

/** The /topup page. */
export default function WalletPage() {
  const status = useSiteStatus();
  const [code, setCode] = useState('');
  const online = status.enable_online_topup === true;
  return (
    <Row gutter={[16, 16]} data-testid="wallet-page">
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
    </Row>
  );
}
