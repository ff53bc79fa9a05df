// `GET /api/uptime/status`: the dashboard's uptime panel, read from the Uptime Kuma status pages named in
// `console_setting.uptime_kuma_groups` (new-api's controller/uptime_kuma.go). Each group's status page and heartbeat
// JSON are fetched in parallel through the SSRF-safe outbound client; the answer is kept briefly so a dashboard full
// of visitors does not become a flood on the Kuma server.
import type { UptimeCategory, UptimeKumaGroup, UptimeMonitor } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';
import type { SafeOutbound } from '../http/safe-outbound';

/** Per-request and whole-answer deadlines (new-api: 10 s and 30 s), and how long an answer is reused. */
export const uptimeTimings = { requestMs: 10_000, overallMs: 30_000, cacheMs: 30_000 };

interface KumaStatusPage {
  publicGroupList?: Array<{ name?: unknown; monitorList?: Array<{ id?: unknown; name?: unknown }> }>;
}

interface KumaHeartbeats {
  heartbeatList?: Record<string, unknown[]>;
  uptimeList?: Record<string, unknown>;
}

/** GETs a Kuma JSON document; throws on a refused address, a non-200 answer, bad JSON or the deadline. */
async function kumaJson<T>(outbound: SafeOutbound, url: string, signal: AbortSignal): Promise<T> {
  const problem = outbound.urlProblem(url);
  if (problem) throw new Error(problem);
  const response = await request(url, {
    method: 'GET',
    dispatcher: outbound.dispatcher,
    headers: { accept: 'application/json' },
    headersTimeout: uptimeTimings.requestMs,
    bodyTimeout: uptimeTimings.requestMs,
    signal: AbortSignal.any([signal, AbortSignal.timeout(uptimeTimings.requestMs)]),
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`Uptime Kuma answered ${response.statusCode}`);
  }
  return (await response.body.json()) as T;
}

/** The status of the newest real heartbeat: Kuma lists them oldest first, and 2.x pads empty day buckets with 0. */
function newestStatus(beats: ReadonlyArray<unknown>): number {
  for (let index = beats.length - 1; index >= 0; index -= 1) {
    const beat = beats[index];
    if (typeof beat === 'object' && beat !== null && typeof (beat as { status?: unknown }).status === 'number') return (beat as { status: number }).status;
  }
  return 0;
}

/** One monitor from the two documents: its 24-hour uptime (Kuma 1.x keys it `<id>_24`, 2.x `<id>`) and current status. */
function readMonitor(id: string, name: string, group: string, beats: KumaHeartbeats): UptimeMonitor {
  const uptime = beats.uptimeList?.[`${id}_24`] ?? beats.uptimeList?.[id];
  return { name, uptime: typeof uptime === 'number' ? uptime : 0, status: newestStatus(beats.heartbeatList?.[id] ?? []), group };
}

/** Reads one group; any failure leaves its monitors empty, as in new-api. */
export async function readUptimeGroup(outbound: SafeOutbound, group: UptimeKumaGroup, signal: AbortSignal): Promise<UptimeCategory> {
  const result: UptimeCategory = { categoryName: group.categoryName, monitors: [] };
  const base = group.url.replace(/\/+$/, '');
  const slug = encodeURIComponent(group.slug);
  try {
    const [page, beats] = await Promise.all([
      kumaJson<KumaStatusPage>(outbound, `${base}/api/status-page/${slug}`, signal),
      kumaJson<KumaHeartbeats>(outbound, `${base}/api/status-page/heartbeat/${slug}`, signal),
    ]);
    for (const publicGroup of page.publicGroupList ?? []) {
      const groupName = typeof publicGroup.name === 'string' ? publicGroup.name : '';
      for (const monitor of publicGroup.monitorList ?? []) {
        result.monitors.push(readMonitor(String(monitor.id ?? ''), typeof monitor.name === 'string' ? monitor.name : '', groupName, beats));
      }
    }
    return result;
  } catch {
    return { categoryName: group.categoryName, monitors: [] };
  }
}

/** The uptime answer for the configured groups, reused for `uptimeTimings.cacheMs` while the groups stay the same. */
export class UptimeStatusReader {
  private cached: { key: string; until: number; answer: Promise<UptimeCategory[]> } | null = null;

  constructor(private readonly outbound: SafeOutbound) {}

  /** Every group's monitors, in the configured order; no groups → an empty list. */
  read(groups: readonly UptimeKumaGroup[]): Promise<UptimeCategory[]> {
    if (groups.length === 0) return Promise.resolve([]);
    const key = JSON.stringify(groups);
    const now = Date.now();
    if (this.cached && this.cached.key === key && this.cached.until > now) return this.cached.answer;
    const signal = AbortSignal.timeout(uptimeTimings.overallMs);
    const answer = Promise.all(groups.map((group) => readUptimeGroup(this.outbound, group, signal)));
    this.cached = { key, until: now + uptimeTimings.cacheMs, answer };
    return answer;
  }
}

/** Registers `GET /api/uptime/status` (public, as in new-api; the console hides the panel when it is switched off). */
export function registerUptimeRoutes(app: FastifyInstance, context: AppContext): void {
  const reader = new UptimeStatusReader(context.outbound);
  app.get('/api/uptime/status', accessFor(context)('public'), async () => {
    const groups = context.options.json<UptimeKumaGroup[] | null>('console_setting.uptime_kuma_groups') ?? [];
    return success(await reader.read(groups));
  });
}
