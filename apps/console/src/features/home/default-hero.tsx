// The default home page: system name, tagline, the API base URL to copy, and a start button.
import { Button, Input, Space, Typography, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { useSessionUser } from '../../lib/session';
import { logoOf, systemNameOf, useSiteStatus } from '../../lib/site-status';

/** The API base URL users point their SDKs at: the configured server address, else this origin. */
export function apiBaseUrl(serverAddress: string | undefined): string {
  const base = serverAddress && serverAddress.trim() !== '' ? serverAddress.trim() : window.location.origin;
  return base.replace(/\/+$/, '');
}

/** Hero section shown when no custom home page content is set. */
export function DefaultHero() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const user = useSessionUser();
  const { token } = theme.useToken();
  const baseUrl = apiBaseUrl(status.server_address);
  return (
    <div
      data-testid="home-hero"
      style={{ padding: '72px 16px', textAlign: 'center', background: token.colorBgContainer, minHeight: 'calc(100vh - 128px)' }}
    >
      <img src={logoOf(status)} alt="logo" style={{ width: 72, height: 72, borderRadius: 16 }} />
      <Typography.Title data-testid="home-title" style={{ marginTop: 16 }}>
        {systemNameOf(status)}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 640, margin: '0 auto 32px' }}>
        {t('home.tagline')}
      </Typography.Paragraph>
      <div style={{ maxWidth: 520, margin: '0 auto 32px' }}>
        <Typography.Text strong>{t('home.apiBaseUrl')}</Typography.Text>
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input readOnly value={baseUrl} data-testid="home-api-base-url" />
          <Button icon={<CopyOutlined />} data-testid="home-copy-base-url" onClick={() => void copyWithFeedback(baseUrl)}>
            {t('common.copy')}
          </Button>
        </Space.Compact>
      </div>
      <Space wrap style={{ justifyContent: 'center' }}>
        <Link to={user ? '/token' : '/login'}>
          <Button type="primary" size="large" data-testid="home-get-started">
            {t('home.getStarted')}
          </Button>
        </Link>
        {status.docs_link ? (
          <a href={status.docs_link} target="_blank" rel="noopener noreferrer">
            <Button size="large" data-testid="home-docs">
              {t('nav.docs')}
            </Button>
          </a>
        ) : null}
      </Space>
    </div>
  );
}
