// The route registry: every page of the console is one entry here; later features add their entries.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Who may open a route: anyone, a signed-in user, or an admin (role ≥ 10). */
export type RouteAccess = 'public' | 'user' | 'admin';

/** One console route. */
export interface AppRouteDefinition {
  /** React Router path pattern. */
  path: string;
  access: RouteAccess;
  /** The page component, loaded on first visit. */
  page: LazyExoticComponent<ComponentType>;
  /** False on pages laid out without the sidebar (home, setup, chat). */
  sidebar: boolean;
}

// One lazy component for the list and its edit route, so the table keeps its state while the drawer opens.
const usersPage = lazy(() => import('../features/users/users-page'));
// /user/edit without an id edits the signed-in user: that is the personal settings page.
const personalPage = lazy(() => import('../features/personal/personal-page'));
// One lazy component for the channel list and its add/edit routes (the drawer opens over the table).
const channelsPage = lazy(() => import('../features/channels/channels-page'));

/** Every registered route, in the order of the spec's route map; `*` must stay last. */
export const appRoutes: AppRouteDefinition[] = [
  { path: '/', access: 'public', sidebar: false, page: lazy(() => import('../features/home/home-page')) },
  { path: '/setup', access: 'public', sidebar: false, page: lazy(() => import('../features/setup/setup-page')) },
  { path: '/login', access: 'public', sidebar: true, page: lazy(() => import('../features/auth/login-page')) },
  { path: '/register', access: 'public', sidebar: true, page: lazy(() => import('../features/auth/register-page')) },
  { path: '/reset', access: 'public', sidebar: true, page: lazy(() => import('../features/auth/reset-request-page')) },
  { path: '/user/reset', access: 'public', sidebar: true, page: lazy(() => import('../features/auth/reset-confirm-page')) },
  // The third-party sign-in callbacks of the spec's route map (/oauth/github, /oauth/oidc, /oauth/linuxdo).
  { path: '/oauth/:provider', access: 'public', sidebar: true, page: lazy(() => import('../features/auth/oauth-callback-page')) },
  { path: '/about', access: 'public', sidebar: true, page: lazy(() => import('../features/about/about-page')) },
  { path: '/user', access: 'admin', sidebar: true, page: usersPage },
  { path: '/user/edit/:id', access: 'admin', sidebar: true, page: usersPage },
  { path: '/user/edit', access: 'user', sidebar: true, page: personalPage },
  { path: '/personal', access: 'user', sidebar: true, page: personalPage },
  { path: '/setting', access: 'admin', sidebar: true, page: lazy(() => import('../features/settings/settings-page')) },
  { path: '/log', access: 'user', sidebar: true, page: lazy(() => import('../features/logs/logs-page')) },
  { path: '/midjourney', access: 'user', sidebar: true, page: lazy(() => import('../features/tasks/drawing-log-page')) },
  { path: '/task', access: 'user', sidebar: true, page: lazy(() => import('../features/tasks/task-log-page')) },
  { path: '/detail', access: 'user', sidebar: true, page: lazy(() => import('../features/dashboard/dashboard-page')) },
  { path: '/pricing', access: 'public', sidebar: true, page: lazy(() => import('../features/pricing/pricing-page')) },
  { path: '/channel', access: 'admin', sidebar: true, page: channelsPage },
  { path: '/channel/add', access: 'admin', sidebar: true, page: channelsPage },
  { path: '/channel/edit/:id', access: 'admin', sidebar: true, page: channelsPage },
  { path: '/token', access: 'user', sidebar: true, page: lazy(() => import('../features/tokens/tokens-page')) },
  { path: '/playground', access: 'user', sidebar: true, page: lazy(() => import('../features/playground/playground-page')) },
  { path: '/redemption', access: 'admin', sidebar: true, page: lazy(() => import('../features/redemptions/redemptions-page')) },
  { path: '/topup', access: 'user', sidebar: true, page: lazy(() => import('../features/wallet/wallet-page')) },
  // Public in the route map: the page itself sends a visitor to /login (spec 001 §2).
  { path: '/chat/:id?', access: 'public', sidebar: false, page: lazy(() => import('../features/chat/chat-page')) },
  { path: '/chat2link', access: 'user', sidebar: false, page: lazy(() => import('../features/chat/chat-redirect-page')) },
  { path: '*', access: 'public', sidebar: true, page: lazy(() => import('../features/not-found/not-found-page')) },
];

/** Path prefixes that never show the sidebar, whether or not their pages are registered yet. */
export const pathsWithoutSidebar = ['/chat'];
