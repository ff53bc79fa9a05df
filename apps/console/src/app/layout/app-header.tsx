// The top bar: menu button (mobile), logo and name with the usage-mode badge, nav links, theme, language, user.
import { Button, Layout, Space, Switch, Tag, theme } from 'antd';
import { MenuOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logoOf, systemNameOf, useSiteStatus } from '../../lib/site-status';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useThemeMode } from '../theme';
import { HeaderNav } from './header-nav';
import { LanguageMenu } from './language-menu';
import { NewYearGreeting } from './new-year-greeting';
import { UserMenu } from './user-menu';

function ModeBadge() {
  const status = useSiteStatus();
  const { t } = useTranslation();
  if (status.self_use_mode_enabled) {
    return (
      <Tag color="purple" data-testid="mode-badge" style={{ marginInlineEnd: 0 }}>
        {t('nav.selfUseMode')}
      </Tag>
    );
  }
  if (status.demo_site_enabled) {
    return (
      <Tag color="blue" data-testid="mode-badge" style={{ marginInlineEnd: 0 }}>
        {t('nav.demoSite')}
      </Tag>
    );
  }
  return null;
}

function ThemeSwitch() {
  const { mode, setMode } = useThemeMode();
  const { t } = useTranslation();
  return (
    <Switch
      data-testid="theme-switch"
      aria-label={t('nav.toggleTheme')}
      checked={mode === 'dark'}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
      onChange={(checked) => setMode(checked ? 'dark' : 'light')}
    />
  );
}

/** Props of the header. */
export interface AppHeaderProps {
  showMenuButton: boolean;
  onMenuClick: () => void;
}

/** The top navigation bar. */
export function AppHeader({ showMenuButton, onMenuClick }: AppHeaderProps) {
  const status = useSiteStatus();
  const isMobile = useIsMobile();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      data-testid="app-header"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: isMobile ? 8 : 16,
        padding: isMobile ? '0 8px' : '0 24px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      {showMenuButton ? (
        <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.menu')} data-testid="mobile-menu-button" onClick={onMenuClick} />
      ) : null}
      <Link to="/" data-testid="brand-link" style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText }}>
        <img src={logoOf(status)} alt="logo" style={{ width: 28, height: 28, borderRadius: 6 }} />
        {isMobile ? null : (
          <span data-testid="system-name" style={{ fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>
            {systemNameOf(status)}
          </span>
        )}
      </Link>
      <ModeBadge />
      <div style={{ flex: 1, minWidth: 0 }}>
        <HeaderNav />
      </div>
      <Space size={isMobile ? 4 : 12}>
        <NewYearGreeting />
        <ThemeSwitch />
        <LanguageMenu />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
