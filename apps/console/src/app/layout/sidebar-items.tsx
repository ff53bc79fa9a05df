// The sidebar sections as data: playground, chats, console, admin and personal, with their visibility rules.
import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import {
  ApiOutlined,
  BarChartOutlined,
  CommentOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  GiftOutlined,
  KeyOutlined,
  PictureOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ChatLink } from '../../lib/site-status';

/** What decides which sidebar entries are shown. */
export interface SidebarContext {
  t: TFunction;
  isAdmin: boolean;
  chats: ChatLink[];
  enableDataExport: boolean;
  enableDrawing: boolean;
  enableTask: boolean;
}

interface SidebarEntry {
  path: string;
  testId: string;
  label: string;
  icon: ReactNode;
  visible: boolean;
}

type MenuItems = NonNullable<MenuProps['items']>;

function toMenuItems(entries: SidebarEntry[]): MenuItems {
  return entries
    .filter((entry) => entry.visible)
    .map((entry) => ({
      key: entry.path,
      icon: entry.icon,
      label: (
        <Link to={entry.path} data-testid={`sidebar-${entry.testId}`}>
          {entry.label}
        </Link>
      ),
    }));
}

function chatItems({ t, chats }: SidebarContext): MenuItems {
  if (chats.length === 0) return [];
  const children = chats.map((chat, index) => ({
    key: `/chat/${index}`,
    label: (
      <Link to={`/chat/${index}`} data-testid={`sidebar-chat-${index}`}>
        {Object.keys(chat)[0] ?? `${t('nav.chat')} ${index + 1}`}
      </Link>
    ),
  }));
  return [{ key: 'chat', icon: <CommentOutlined />, label: <span data-testid="sidebar-chat">{t('nav.chat')}</span>, children }];
}

/** Builds the antd menu items of the sidebar. */
export function buildSidebarItems(context: SidebarContext): MenuItems {
  const { t, isAdmin } = context;
  const consoleEntries: SidebarEntry[] = [
    { path: '/detail', testId: 'detail', label: t('nav.dashboard'), icon: <DashboardOutlined />, visible: context.enableDataExport },
    { path: '/token', testId: 'token', label: t('nav.tokens'), icon: <KeyOutlined />, visible: true },
    { path: '/log', testId: 'log', label: t('nav.usageLog'), icon: <BarChartOutlined />, visible: true },
    { path: '/midjourney', testId: 'midjourney', label: t('nav.drawingLog'), icon: <PictureOutlined />, visible: context.enableDrawing },
    { path: '/task', testId: 'task', label: t('nav.taskLog'), icon: <ProfileOutlined />, visible: context.enableTask },
  ];
  const adminEntries: SidebarEntry[] = [
    { path: '/channel', testId: 'channel', label: t('nav.channels'), icon: <ApiOutlined />, visible: isAdmin },
    { path: '/redemption', testId: 'redemption', label: t('nav.redemptions'), icon: <GiftOutlined />, visible: isAdmin },
    { path: '/user', testId: 'user', label: t('nav.users'), icon: <TeamOutlined />, visible: isAdmin },
    { path: '/setting', testId: 'setting', label: t('nav.settings'), icon: <SettingOutlined />, visible: isAdmin },
  ];
  const personalEntries: SidebarEntry[] = [
    { path: '/topup', testId: 'topup', label: t('nav.wallet'), icon: <WalletOutlined />, visible: true },
    { path: '/personal', testId: 'personal', label: t('nav.personalSettings'), icon: <UserOutlined />, visible: true },
  ];
  const playground = toMenuItems([
    { path: '/playground', testId: 'playground', label: t('nav.playground'), icon: <ExperimentOutlined />, visible: true },
  ]);
  const admin = toMenuItems(adminEntries);
  return [
    ...playground,
    ...chatItems(context),
    { type: 'group', key: 'console-group', label: t('nav.consoleSection'), children: toMenuItems(consoleEntries) },
    ...(admin.length > 0 ? [{ type: 'group' as const, key: 'admin-group', label: t('nav.adminSection'), children: admin }] : []),
    { type: 'group', key: 'personal-group', label: t('nav.personalSection'), children: toMenuItems(personalEntries) },
  ];
}

/** The menu key to highlight for a path (`/user/edit/3` highlights `/user`). */
export function sidebarKeyFor(pathname: string): string {
  const chat = /^\/chat\/\d+/.exec(pathname);
  if (chat) return chat[0];
  const first = pathname.split('/')[1] ?? '';
  return `/${first}`;
}
