// The sidebar menu (used in the desktop sider and the mobile drawer).
import { useEffect, useMemo } from 'react';
import { Menu } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { isAdminUser, useSessionUser } from '../../lib/session';
import { parseChats } from '../../lib/site-status';
import { StorageKeys } from '../../lib/storage';
import { useStoredString, useStoredValue } from '../../lib/stored-value';
import { buildSidebarItems, sidebarKeyFor } from './sidebar-items';

/** Props of the sidebar menu. */
export interface SidebarMenuProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The sectioned navigation menu. */
export function SidebarMenu({ collapsed = false, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useSessionUser();
  const chats = useStoredValue(StorageKeys.chats, parseChats);
  const enableDataExport = useStoredString(StorageKeys.enableDataExport) === 'true';
  const enableDrawing = useStoredString(StorageKeys.enableDrawing) === 'true';
  const enableTask = useStoredString(StorageKeys.enableTask) === 'true';

  useEffect(() => {
    if (chats === null) notify.error(t('nav.chatParseFailed'));
  }, [chats, t]);

  const items = useMemo(
    () =>
      buildSidebarItems({
        t,
        isAdmin: isAdminUser(user),
        chats: chats ?? [],
        enableDataExport,
        enableDrawing,
        enableTask,
      }),
    [t, user, chats, enableDataExport, enableDrawing, enableTask],
  );

  return (
    <Menu
      mode="inline"
      data-testid="sidebar-menu"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={[sidebarKeyFor(location.pathname)]}
      defaultOpenKeys={['chat']}
      onClick={() => onNavigate?.()}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
