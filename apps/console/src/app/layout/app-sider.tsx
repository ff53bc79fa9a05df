// The desktop sidebar; its collapsed state starts from the `default_collapse_sidebar` preference.
import { useEffect, useState } from 'react';
import { Layout, theme } from 'antd';
import { StorageKeys } from '../../lib/storage';
import { useStoredString } from '../../lib/stored-value';
import { SidebarMenu } from './sidebar-menu';

/** Collapsible sider holding the sidebar menu. */
export function AppSider() {
  const defaultCollapsed = useStoredString(StorageKeys.defaultCollapseSidebar) === 'true';
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const { token } = theme.useToken();

  useEffect(() => setCollapsed(defaultCollapsed), [defaultCollapsed]);

  return (
    <Layout.Sider
      data-testid="app-sider"
      data-collapsed={collapsed ? 'true' : 'false'}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      width={220}
      theme="light"
      style={{ background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
    >
      <div style={{ position: 'sticky', top: 64, maxHeight: 'calc(100vh - 112px)', overflowY: 'auto' }}>
        <SidebarMenu collapsed={collapsed} />
      </div>
    </Layout.Sider>
  );
}
