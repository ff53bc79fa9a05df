// The top navigation links: home, console, pricing, docs (only when a docs link is set), about.
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readFlag, StorageKeys } from '../../lib/storage';
import { useSiteStatus } from '../../lib/site-status';

function consolePath(): string {
  return readFlag(StorageKeys.enableDataExport) ? '/detail' : '/token';
}

function selectedKey(pathname: string): string {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/pricing')) return 'pricing';
  if (pathname.startsWith('/about')) return 'about';
  return '';
}

/** Horizontal menu of the header; collapses into an overflow menu on narrow screens. */
export function HeaderNav() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const location = useLocation();
  const items: MenuProps['items'] = [
    { key: 'home', label: <Link to="/" data-testid="nav-home">{t('nav.home')}</Link> },
    { key: 'console', label: <Link to={consolePath()} data-testid="nav-console">{t('nav.console')}</Link> },
    { key: 'pricing', label: <Link to="/pricing" data-testid="nav-pricing">{t('nav.pricing')}</Link> },
    ...(status.docs_link
      ? [
          {
            key: 'docs',
            label: (
              <a href={status.docs_link} target="_blank" rel="noopener noreferrer" data-testid="nav-docs">
                {t('nav.docs')}
              </a>
            ),
          },
        ]
      : []),
    { key: 'about', label: <Link to="/about" data-testid="nav-about">{t('nav.about')}</Link> },
  ];
  return (
    <Menu
      mode="horizontal"
      items={items}
      selectedKeys={[selectedKey(location.pathname)]}
      style={{ borderBottom: 'none', background: 'transparent', lineHeight: '62px' }}
      data-testid="header-nav"
    />
  );
}
