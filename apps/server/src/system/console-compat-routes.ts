// Calls new-api's consoles make for features Turnpike does not have (or has under another name), answered truthfully:
// an empty list in new-api's own empty shape, a switched-off feature as new-api answers it when switched off, or a
// setting Turnpike has under another key. The README's "new-api compatibility" table lists each of them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { badRequest } from '../http/api-error';
import { accessFor, currentUser, type AccessLevel } from '../http/auth-guard';
import { readPaging, success } from '../http/envelope';
import { usableGroups } from '../groups/group-policy';

/** One compatibility answer: a GET route, who may call it, and the data it answers. */
interface CompatAnswer {
  path: string;
  level: AccessLevel;
  data: (request: FastifyRequest, context: AppContext) => unknown;
}

/** new-api's empty page (`common.PageInfo`): the requested page and size, no items. */
function emptyPage(request: FastifyRequest): { page: number; page_size: number; total: number; items: never[] } {
  const { page, pageSize } = readPaging(request.query as Record<string, unknown>);
  return { page, page_size: pageSize, total: 0, items: [] };
}

/** The deployment states new-api counts on its list (all zero here). */
const deploymentStates = ['running', 'completed', 'failed', 'deployment requested', 'termination requested', 'destroyed'];

/** Whole new-api modules out of Turnpike's scope: their page-load list calls answer empty instead of 404. */
const emptyModules: CompatAnswer[] = [
  // Subscriptions: Turnpike bills the wallet only, so there are no plans and the wallet is the only payer.
  { path: '/api/subscription/plans', level: 'user', data: () => [] },
  { path: '/api/subscription/self', level: 'user', data: () => ({ billing_preference: 'wallet_only', subscriptions: [], all_subscriptions: [] }) },
  { path: '/api/subscription/admin/plans', level: 'admin', data: () => [] },
  // Model vendors and model metadata (new-api's model catalogue pages).
  { path: '/api/vendors/', level: 'admin', data: emptyPage },
  { path: '/api/vendors/search', level: 'admin', data: emptyPage },
  { path: '/api/models/search', level: 'admin', data: emptyPage },
  { path: '/api/models/missing', level: 'admin', data: () => [] },
  // io.net GPU deployments: never configured here.
  { path: '/api/deployments/settings', level: 'admin', data: () => ({ provider: 'io.net', enabled: false, configured: false, can_connect: false }) },
  { path: '/api/deployments/', level: 'admin', data: (request) => ({ ...emptyPage(request), status_counts: Object.fromEntries([['all', 0], ...deploymentStates.map((state) => [state, 0])]) }) },
  { path: '/api/deployments/search', level: 'admin', data: (request) => ({ ...emptyPage(request), status_counts: Object.fromEntries([['all', 0], ...deploymentStates.map((state) => [state, 0])]) }) },
  // Custom OAuth providers: Turnpike has only the built-in ones (GitHub, OIDC, LinuxDO, WeChat, Telegram).
  { path: '/api/custom-oauth-provider/', level: 'root', data: () => [] },
  // Per-model latency and success panels, the system task list, the instance list and the fine-grained permission
  // catalogue: none of them exists here.
  { path: '/api/perf-metrics/summary', level: 'public', data: () => ({ models: [] }) },
  { path: '/api/system-task/list', level: 'root', data: () => [] },
  { path: '/api/system-info/instances', level: 'root', data: () => [] },
  { path: '/api/authz/catalog', level: 'admin', data: () => ({ resources: [], roles: [] }) },
  // Public model and vendor rankings (new-api's `RankingsSnapshot`): no such page here, so every list is empty.
  {
    path: '/api/rankings',
    level: 'public',
    data: () => ({ models: [], vendors: [], top_movers: [], top_droppers: [], models_history: { points: [], models: [], buckets: 0 }, vendor_share_history: { points: [], vendors: [], buckets: 0 } }),
  },
  // Legal pages: Turnpike has no such texts, so they are empty (the consoles then hide the links).
  { path: '/api/user-agreement', level: 'public', data: () => '' },
  { path: '/api/privacy-policy', level: 'public', data: () => '' },
];

/** Settings Turnpike has under its own keys, in the shape new-api's consoles read. */
const renamedSettings: CompatAnswer[] = [
  // The channel page's retry count is Turnpike's RetryTimes option.
  { path: '/api/channel/ops', level: 'admin', data: (_request, context) => ({ retry_times: context.options.number('RetryTimes') }) },
  // The groups the `auto` group tries, as far as the caller may use them; Turnpike's tokens cannot pick their own
  // auto list, so the count a token may pick is 0.
  {
    path: '/api/token/auto-groups',
    level: 'user',
    data: (request, context) => {
      const usable = usableGroups(context.options, currentUser(request).group);
      const groups = [...new Set(context.options.json<string[] | null>('AutoGroups') ?? [])].filter((group) => group in usable);
      return { groups, max_count: 0 };
    },
  },
  // new-api lists only custom OAuth providers' bindings here; Turnpike's bound accounts are the built-in ones, which
  // the consoles read from the user's own fields (github_id, oidc_id, linux_do_id, wechat_id, telegram_id).
  { path: '/api/user/oauth/bindings', level: 'user', data: () => [] },
];

/** new-api's message when daily check-in is switched off (Turnpike has no check-in). */
export const checkinDisabledMessage = '签到功能未启用';

/** Registers the compatibility answers. */
export function registerConsoleCompatRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  for (const answer of [...emptyModules, ...renamedSettings]) {
    app.get(answer.path, access(answer.level), async (request) => success(answer.data(request, context)));
  }
  // Check-in is a feature Turnpike does not have: answered as new-api answers it switched off (the consoles ask only
  // when the status says it is on, which it never does here).
  const checkinOff = async (): Promise<never> => {
    throw badRequest(checkinDisabledMessage);
  };
  app.get('/api/user/checkin', access('user'), checkinOff);
  app.post('/api/user/checkin', access('user'), checkinOff);
}
