// Configures a fresh Turnpike through its real API (first-run setup, login, options, channels, user, API key)
// and reads back what the checks compare: balances, log counts, log statistics and hourly usage buckets.

/** The `{success, message, data}` envelope of /api. */
interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** A signed-in console session. */
export class TurnpikeSession {
  private constructor(
    readonly baseUrl: string,
    private readonly cookie: string,
    readonly userId: number,
  ) {}

  /** Logs in with a password and keeps the session cookie. */
  static async login(baseUrl: string, username: string, password: string): Promise<TurnpikeSession> {
    const response = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const envelope = (await response.json()) as Envelope<{ id: number }>;
    if (!envelope.success) throw new Error(`login as ${username} failed: ${envelope.message}`);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return new TurnpikeSession(baseUrl, cookie, envelope.data.id);
  }

  /** Calls an /api route and returns `data`; throws with the message when `success` is false. */
  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { cookie: this.cookie, 'new-api-user': String(this.userId), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    }
    if (!envelope.success) throw new Error(`${method} ${path} failed: ${envelope.message}`);
    return envelope.data;
  }

  /** Sets one option (JSON maps as text). */
  async setOption(key: string, value: string | number | boolean): Promise<void> {
    await this.call('PUT', '/api/option/', { key, value });
  }

  /** Every option's current text. */
  async options(): Promise<Map<string, string>> {
    const entries = await this.call<Array<{ key: string; value: string }>>('GET', '/api/option/');
    return new Map(entries.map(({ key, value }) => [key, value]));
  }

  /** Adds `entries` to a JSON map option, keeping what it holds. */
  async mergeMapOption(key: string, entries: Record<string, number>): Promise<void> {
    const current = JSON.parse((await this.options()).get(key) || '{}') as Record<string, number>;
    await this.setOption(key, JSON.stringify({ ...current, ...entries }));
  }
}

/** First-run setup with a root account (POST /api/setup). */
export async function runFirstSetup(baseUrl: string, username: string, password: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, confirmPassword: password, SelfUseModeEnabled: false, DemoSiteEnabled: false }),
  });
  const envelope = (await response.json()) as Envelope<unknown>;
  if (!envelope.success) throw new Error(`setup failed: ${envelope.message}`);
}

/** The bench model's pricing; the mock answers with fixed usage, so each call costs exactly `costPerCall`. */
export const benchPricing = {
  model: 'bench-model',
  modelRatio: 0.75,
  completionRatio: 4,
  promptTokens: 40,
  completionTokens: 20,
} as const;

/** Quota units one bench call costs: (prompt + completion × completion ratio) × model ratio × group ratio (1). */
export function callCost(completionTokens: number = benchPricing.completionTokens): number {
  return Math.round((benchPricing.promptTokens + completionTokens * benchPricing.completionRatio) * benchPricing.modelRatio);
}

/** What one call of the main runs costs. */
export const costPerCall = callCost();

/** A configured Turnpike: the root session, the bench user and its key. */
export interface BenchTenant {
  root: TurnpikeSession;
  userId: number;
  username: string;
  apiKey: string;
}

const rootAccount = { username: 'benchroot', password: 'bench-root-password' };
const benchAccount = { username: 'benchuser', password: 'bench-user-password' };
const ampleQuota = 5_000_000_000_000;

/**
 * Sets up a fresh Turnpike as a deployment would be: pricing for the bench model, the model request rate limit on
 * (with limits no run reaches), 3 channels in 2 priority tiers on the mock upstream, a user with ample quota and
 * a limited API key; consumption logs and hourly usage buckets on.
 */
export async function configureTurnpike(baseUrl: string, upstreamUrl: string, channelSuffix = ''): Promise<BenchTenant> {
  await runFirstSetup(baseUrl, rootAccount.username, rootAccount.password);
  const root = await TurnpikeSession.login(baseUrl, rootAccount.username, rootAccount.password);
  await root.mergeMapOption('ModelRatio', { [benchPricing.model]: benchPricing.modelRatio });
  await root.mergeMapOption('CompletionRatio', { [benchPricing.model]: benchPricing.completionRatio });
  await root.setOption('ModelRequestRateLimitEnabled', true);
  await root.setOption('ModelRequestRateLimitCount', 1_000_000_000);
  await root.setOption('ModelRequestRateLimitSuccessCount', 1_000_000_000);
  await root.setOption('ModelRequestRateLimitDurationMinutes', 1);
  await root.setOption('RetryTimes', 2);
  await root.setOption('LogConsumeEnabled', true);
  await root.setOption('DataExportEnabled', true);
  const tiers = [
    { name: 'bench-primary-1', priority: 10, weight: 1 },
    { name: 'bench-primary-2', priority: 10, weight: 1 },
    { name: 'bench-fallback', priority: 0, weight: 1 },
  ];
  for (const tier of tiers) {
    await root.call('POST', '/api/channel/', {
      mode: 'single',
      channel: { type: 1, name: tier.name + channelSuffix, key: 'bench-upstream-key', base_url: upstreamUrl, models: benchPricing.model, group: 'default', priority: tier.priority, weight: tier.weight },
    });
  }
  const user = await root.call<{ id: number }>('POST', '/api/user/', { username: benchAccount.username, password: benchAccount.password, display_name: 'bench' });
  await root.call('PUT', '/api/user/', { id: user.id, quota: ampleQuota });
  const owner = await TurnpikeSession.login(baseUrl, benchAccount.username, benchAccount.password);
  const key = await owner.call<{ key: string }>('POST', '/api/token/', { name: 'bench', remain_quota: ampleQuota, unlimited_quota: false });
  return { root, userId: user.id, username: benchAccount.username, apiKey: `sk-${key.key}` };
}

/** What the billing checks compare before and after a run. */
export interface BillingSnapshot {
  quota: number;
  usedQuota: number;
  requestCount: number;
  /** Consumption (type 2) log rows of the bench user. */
  consumeLogs: number;
  /** Sum of the quota of those rows (/api/log/stat). */
  loggedQuota: number;
  /** Calls counted in the hourly usage buckets (/api/data/). */
  aggregatedCalls: number;
}

/** Reads the bench user's balance, log count, logged quota and hourly buckets through the API. */
export async function readBilling(tenant: BenchTenant): Promise<BillingSnapshot> {
  const { root, userId, username } = tenant;
  const [user, logs, stat, buckets] = await Promise.all([
    root.call<{ quota: number; used_quota: number; request_count: number }>('GET', `/api/user/${userId}`),
    root.call<{ total: number }>('GET', `/api/log/?p=1&page_size=1&type=2&username=${username}`),
    root.call<{ quota: number }>('GET', `/api/log/stat?type=2&username=${username}`),
    root.call<Array<{ count: number }>>('GET', `/api/data/?username=${username}`),
  ]);
  return {
    quota: user.quota,
    usedQuota: user.used_quota,
    requestCount: user.request_count,
    consumeLogs: logs.total,
    loggedQuota: stat.quota,
    aggregatedCalls: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
  };
}

/** Waits until the settlement batches are written: the snapshot stops changing for `quietMs`. */
export async function waitForSettlement(tenant: BenchTenant, quietMs = 600, timeoutMs = 30_000): Promise<BillingSnapshot> {
  const deadline = Date.now() + timeoutMs;
  let last = await readBilling(tenant);
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const next = await readBilling(tenant);
    if (JSON.stringify(next) !== JSON.stringify(last)) {
      last = next;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) {
      return next;
    }
  }
  return last;
}
