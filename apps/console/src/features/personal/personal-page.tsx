// The personal settings page (/personal and /user/edit): profile, models, affiliate, password, two-factor, sessions, token, notifications.
import { Col, Result, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../app/page-spinner';
import { AccessTokenCard } from './access-token-card';
import { AffiliateCard } from './affiliate-card';
import { BindingsCard } from './bindings-card';
import { DeleteAccountCard } from './delete-account-card';
import { ModelsCard } from './models-card';
import { NotificationCard } from './notification-card';
import { PasskeyCard } from './passkey-card';
import { PasswordCard } from './password-card';
import { useSelf } from './personal-api';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The /personal page. */
export default function PersonalPage() {
  const { t } = useTranslation();
  const self = useSelf();
  if (self.isPending) return <PageSpinner />;
  if (!self.data) return <Result status="warning" title={t('common.loadFailed')} />;
  const user = self.data;
  return (
    <Row gutter={[16, 16]} data-testid="personal-page">
      <Col xs={24} xl={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <ProfileCard user={user} />
          </Col>
          <Col span={24}>
            <ModelsCard />
          </Col>
          <Col span={24}>
            <AffiliateCard user={user} />
          </Col>
          <Col span={24}>
            <BindingsCard user={user} />
          </Col>
        </Row>
      </Col>
      <Col xs={24} xl={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <PasswordCard />
          </Col>
          <Col span={24}>
            <TwoFactorCard />
          </Col>
          <Col span={24}>
            <PasskeyCard />
          </Col>
          <Col span={24}>
            <SessionsCard />
          </Col>
          <Col span={24}>
            <AccessTokenCard />
          </Col>
          <Col span={24}>
            <NotificationCard user={user} />
          </Col>
          <Col span={24}>
            <DeleteAccountCard username={user.username} />
          </Col>
        </Row>
      </Col>
    </Row>
  );
}
