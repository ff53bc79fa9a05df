// The shell: header, sidebar (desktop) or drawer menu (mobile), page content and footer; setup redirects.
import { Suspense, useEffect, useState } from 'react';
import { Drawer, Layout, theme } from 'antd';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logoOf, systemNameOf, useSiteStatus } from '../../lib/site-status';
import { useIsMobile } from '../../lib/use-is-mobile';
import { PageSpinner } from '../page-spinner';
import { pathsWithoutSidebar } from '../routes';
import { useStatusBootstrap } from '../status-bootstrap';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppSider } from './app-sider';
import { SidebarMenu } from './sidebar-menu';

function useSidebarAllowed(): boolean {
  const matches = useMatches();
  const location = useLocation();
  const handle = matches[matches.length - 1]?.handle as { sidebar?: boolean } | undefined;
  if (pathsWithoutSidebar.some((prefix) => location.pathname === prefix || location.pathname.startsWith(`${prefix}/`))) {
    return false;
  }
  return handle?.sidebar !== false;
}

function useDocumentIdentity(): void {
  const status = useSiteStatus();
  const name = systemNameOf(status);
  const logo = logoOf(status);
  useEffect(() => {
    document.title = name;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = logo;
  }, [name, logo]);
}

/** Root layout of every route. */
export function AppLayout() {
  const { ready, loaded } = useStatusBootstrap();
  const status = useSiteStatus();
  const location = useLocation();
  const isMobile = useIsMobile();
  const sidebarAllowed = useSidebarAllowed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useDocumentIdentity();

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  if (!ready) return <PageSpinner />;
  // Only a status loaded now sends a visitor to /setup: the stored one still says "setup needed" right after setup.
  if (status.setup === false && location.pathname !== '/setup') return loaded ? <Navigate to="/setup" replace /> : <PageSpinner />;
  if (status.setup === true && location.pathname === '/setup') return <Navigate to="/" replace />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader showMenuButton={isMobile} onMenuClick={() => setDrawerOpen(true)} />
      <Layout hasSider={sidebarAllowed && !isMobile}>
        {sidebarAllowed && !isMobile ? <AppSider /> : null}
        <Layout>
          <Layout.Content
            data-testid="page-content"
            style={{ padding: sidebarAllowed ? (isMobile ? 12 : 24) : 0, background: token.colorBgLayout }}
          >
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          <AppFooter />
        </Layout>
      </Layout>
      {isMobile ? (
        <Drawer
          placement="left"
          size="min(300px, 100%)"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('nav.menu')}
          data-testid="mobile-nav-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <SidebarMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : null}
    </Layout>
  );
}
