import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/http/route-catalog';
import { startTestServer, type TestServer } from './helpers/test-server';

/**
 * Static `/api` paths new-api's consoles call with the method new-api serves them with: the current console (`web/src`
 * at 823e263) and the classic one (`web/classic/src` at 5a6c53d49), every literal `/api/...` path in their source
 * matched against new-api's router. None may land on a parameter route.
 */
const newApiStaticPaths: ReadonlyArray<readonly [HTTPMethod, string]> = [
  ['DELETE', '/api/channel/disabled'],
  ['DELETE', '/api/channel/ollama/delete'],
  ['DELETE', '/api/option/channel_affinity_cache'],
  ['DELETE', '/api/performance/disk_cache'],
  ['DELETE', '/api/performance/logs'],
  ['DELETE', '/api/redemption/invalid'],
  ['DELETE', '/api/system-info/stale-instances'],
  ['DELETE', '/api/user/self'],
  ['GET', '/api/about'],
  ['GET', '/api/channel'],
  ['GET', '/api/channel/models'],
  ['GET', '/api/channel/models_enabled'],
  ['GET', '/api/channel/ops'],
  ['GET', '/api/channel/search'],
  ['GET', '/api/channel/tag/models'],
  ['GET', '/api/channel/test'],
  ['GET', '/api/channel/update_balance'],
  ['GET', '/api/custom-oauth-provider'],
  ['GET', '/api/data'],
  ['GET', '/api/data/flow'],
  ['GET', '/api/data/flow/self'],
  ['GET', '/api/data/self'],
  ['GET', '/api/data/users'],
  ['GET', '/api/deployments'],
  ['GET', '/api/deployments/available-replicas'],
  ['GET', '/api/deployments/check-name'],
  ['GET', '/api/deployments/hardware-types'],
  ['GET', '/api/deployments/locations'],
  ['GET', '/api/deployments/search'],
  ['GET', '/api/deployments/settings'],
  ['GET', '/api/group'],
  ['GET', '/api/home_page_content'],
  ['GET', '/api/log'],
  ['GET', '/api/log/channel_affinity_usage_cache'],
  ['GET', '/api/log/self'],
  ['GET', '/api/log/self/stat'],
  ['GET', '/api/log/stat'],
  ['GET', '/api/mj'],
  ['GET', '/api/mj/self'],
  ['GET', '/api/models'],
  ['GET', '/api/models/missing'],
  ['GET', '/api/models/search'],
  ['GET', '/api/models/sync_upstream/preview'],
  ['GET', '/api/notice'],
  ['GET', '/api/oauth/telegram/login'],
  ['GET', '/api/oauth/wechat'],
  ['GET', '/api/option'],
  ['GET', '/api/option/channel_affinity_cache'],
  ['GET', '/api/option/waffo-pancake/catalog'],
  ['GET', '/api/option/waffo-pancake/subscription-product-options'],
  ['GET', '/api/perf-metrics'],
  ['GET', '/api/perf-metrics/summary'],
  ['GET', '/api/performance/logs'],
  ['GET', '/api/performance/stats'],
  ['GET', '/api/prefill_group'],
  ['GET', '/api/pricing'],
  ['GET', '/api/privacy-policy'],
  ['GET', '/api/rankings'],
  ['GET', '/api/ratio_config'],
  ['GET', '/api/ratio_sync/channels'],
  ['GET', '/api/redemption'],
  ['GET', '/api/redemption/search'],
  ['GET', '/api/reset_password'],
  ['GET', '/api/setup'],
  ['GET', '/api/status'],
  ['GET', '/api/subscription/admin/plans'],
  ['GET', '/api/subscription/plans'],
  ['GET', '/api/subscription/self'],
  ['GET', '/api/system-info/instances'],
  ['GET', '/api/system-task/current'],
  ['GET', '/api/system-task/list'],
  ['GET', '/api/task'],
  ['GET', '/api/task/self'],
  ['GET', '/api/token'],
  ['GET', '/api/token/auto-groups'],
  ['GET', '/api/token/search'],
  ['GET', '/api/uptime/status'],
  ['GET', '/api/user'],
  ['GET', '/api/user-agreement'],
  ['GET', '/api/user/2fa/status'],
  ['GET', '/api/user/aff'],
  ['GET', '/api/user/checkin'],
  ['GET', '/api/user/logout'],
  ['GET', '/api/user/models'],
  ['GET', '/api/user/oauth/bindings'],
  ['GET', '/api/user/passkey'],
  ['DELETE', '/api/user/passkey'],
  ['GET', '/api/user/search'],
  ['GET', '/api/user/self'],
  ['GET', '/api/user/self/groups'],
  ['GET', '/api/user/sessions'],
  ['GET', '/api/user/token'],
  ['GET', '/api/user/topup'],
  ['GET', '/api/user/topup/info'],
  ['GET', '/api/user/topup/self'],
  ['GET', '/api/vendors'],
  ['GET', '/api/vendors/search'],
  ['GET', '/api/verification'],
  ['POST', '/api/channel'],
  ['POST', '/api/channel/batch'],
  ['POST', '/api/channel/batch/tag'],
  ['POST', '/api/channel/fetch_models'],
  ['POST', '/api/channel/fix'],
  ['POST', '/api/channel/multi_key/manage'],
  ['POST', '/api/channel/ollama/pull/stream'],
  ['POST', '/api/channel/status/batch'],
  ['POST', '/api/channel/tag/disabled'],
  ['POST', '/api/channel/tag/enabled'],
  ['POST', '/api/channel/upstream_updates/apply'],
  ['POST', '/api/channel/upstream_updates/apply_all'],
  ['POST', '/api/channel/upstream_updates/detect'],
  ['POST', '/api/channel/upstream_updates/detect_all'],
  ['POST', '/api/custom-oauth-provider'],
  ['POST', '/api/custom-oauth-provider/discovery'],
  ['POST', '/api/deployments'],
  ['POST', '/api/deployments/batch_delete'],
  ['POST', '/api/deployments/price-estimation'],
  ['POST', '/api/deployments/settings/test-connection'],
  ['POST', '/api/models'],
  ['POST', '/api/models/sync_upstream'],
  ['POST', '/api/oauth/email/bind'],
  ['POST', '/api/oauth/state'],
  ['POST', '/api/oauth/telegram/bind/start'],
  ['POST', '/api/oauth/wechat/bind'],
  ['POST', '/api/option/payment_compliance'],
  ['POST', '/api/option/rest_model_ratio'],
  ['POST', '/api/option/waffo-pancake/pair'],
  ['POST', '/api/option/waffo-pancake/save'],
  ['POST', '/api/option/waffo-pancake/subscription-product'],
  ['POST', '/api/performance/gc'],
  ['POST', '/api/performance/reset_stats'],
  ['POST', '/api/prefill_group'],
  ['POST', '/api/ratio_sync/fetch'],
  ['POST', '/api/redemption'],
  ['POST', '/api/setup'],
  ['POST', '/api/subscription/admin/plans'],
  ['POST', '/api/subscription/balance/pay'],
  ['POST', '/api/subscription/creem/pay'],
  ['POST', '/api/subscription/epay/pay'],
  ['POST', '/api/subscription/stripe/pay'],
  ['POST', '/api/subscription/waffo-pancake/pay'],
  ['POST', '/api/system-task/log-cleanup'],
  ['POST', '/api/token'],
  ['POST', '/api/token/batch'],
  ['POST', '/api/token/batch/keys'],
  ['POST', '/api/user'],
  ['POST', '/api/user/2fa/backup_codes'],
  ['POST', '/api/user/2fa/disable'],
  ['POST', '/api/user/2fa/enable'],
  ['POST', '/api/user/2fa/setup'],
  ['POST', '/api/user/aff_transfer'],
  ['POST', '/api/user/amount'],
  ['POST', '/api/user/auth/logout'],
  ['POST', '/api/user/auth/refresh'],
  ['POST', '/api/user/checkin'],
  ['POST', '/api/user/creem/pay'],
  ['POST', '/api/user/login'],
  ['POST', '/api/user/login/2fa'],
  ['POST', '/api/user/manage'],
  ['POST', '/api/user/passkey/login/begin'],
  ['POST', '/api/user/passkey/login/finish'],
  ['POST', '/api/user/passkey/register/begin'],
  ['POST', '/api/user/passkey/register/finish'],
  ['POST', '/api/user/passkey/verify/begin'],
  ['POST', '/api/user/passkey/verify/finish'],
  ['POST', '/api/user/pay'],
  ['POST', '/api/user/register'],
  ['POST', '/api/user/reset'],
  ['POST', '/api/user/sessions/revoke-others'],
  ['POST', '/api/user/stripe/amount'],
  ['POST', '/api/user/stripe/pay'],
  ['POST', '/api/user/topup'],
  ['POST', '/api/user/topup/complete'],
  ['POST', '/api/user/waffo-pancake/amount'],
  ['POST', '/api/user/waffo-pancake/pay'],
  ['POST', '/api/user/waffo/amount'],
  ['POST', '/api/user/waffo/pay'],
  ['POST', '/api/vendors'],
  ['POST', '/api/verify'],
  ['PUT', '/api/channel'],
  ['PUT', '/api/channel/tag'],
  ['PUT', '/api/models'],
  ['PUT', '/api/option'],
  ['PUT', '/api/prefill_group'],
  ['PUT', '/api/redemption'],
  ['PUT', '/api/subscription/self/preference'],
  ['PUT', '/api/token'],
  ['PUT', '/api/user'],
  ['PUT', '/api/user/self'],
  ['PUT', '/api/user/setting'],
  ['PUT', '/api/vendors'],
];

// Fastify routes with find-my-way; the same router built from the route catalog tells which pattern answers a path.
describe('static routes are never shadowed by parameter routes', () => {
  let server: TestServer;
  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;
  let patterns: string[];

  beforeAll(async () => {
    server = await startTestServer();
    router = FindMyWay({ ignoreTrailingSlash: true });
    patterns = [];
    for (const route of registeredRoutes(server.app)) {
      if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const key = `${route.method} ${route.url}`;
      if (patterns.includes(key)) continue;
      patterns.push(key);
      router.on(route.method as HTTPMethod, route.url, () => undefined, { pattern: route.url });
    }
  });
  afterAll(() => server.stop());

  const answeringPattern = (method: HTTPMethod, path: string): string | null => {
    const found = router.find(method, path);
    return found ? (found.store as { pattern: string }).pattern : null;
  };

  it('a new-api static path is either served by its own route or absent, never by a parameter route', () => {
    const shadowed = newApiStaticPaths
      .map(([method, path]) => [method, path, answeringPattern(method, path)] as const)
      .filter(([, path, pattern]) => pattern !== null && pattern.replace(/\/$/, '') !== path.replace(/\/$/, ''))
      .map(([method, path, pattern]) => `${method} ${path} → ${pattern}`);
    expect(shadowed).toEqual([]);
  });

  it('every static path the server registers is served by itself', () => {
    const wrong = registeredRoutes(server.app)
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !/[:*]/.test(route.url))
      .filter((route) => answeringPattern(route.method as HTTPMethod, route.url) !== route.url)
      .map((route) => `${route.method} ${route.url}`);
    expect(wrong).toEqual([]);
  });

  it('finds a parameter route for a concrete id, so the walk can fail', () => {
    expect(answeringPattern('GET', '/api/user/42')).toBe('/api/user/:id');
  });
});
