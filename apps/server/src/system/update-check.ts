// The version check (spec 000 §2, operation settings): asks the release source (`UpdateCheckUrl`, a code host's
// latest-release endpoint) for the newest tag and its notes, through the public-addresses-only dispatcher with a
// short timeout, and says whether this build is current.
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import type { AppContext } from '../context';
import { failureEnvelope } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';
import type { SafeOutbound } from '../http/safe-outbound';
import { serverVersion } from './server-version';

/** How long the release source has to answer. */
const defaultTimeoutMs = 5_000;

/** What the check answers. */
export interface UpdateCheck {
  current_version: string;
  latest_version: string;
  release_notes: string;
  release_url: string;
  /** True when this build's version is the latest tag or newer. */
  up_to_date: boolean;
}

/** The numeric parts of a version tag (`v1.2.3-rc1` → [1, 2, 3]). */
function versionParts(tag: string): number[] {
  return tag.replace(/^v/i, '').split(/[.+-]/).map((part) => Number.parseInt(part, 10)).filter((part) => Number.isFinite(part));
}

/** True when `current` is `latest` or newer. */
export function isCurrent(current: string, latest: string): boolean {
  const a = versionParts(current);
  const b = versionParts(latest);
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** Asks the release source through `outbound` (the SSRF-safe client); throws with a readable reason when it cannot be reached or answers something else. */
export async function lookUpLatestRelease(url: string, outbound: SafeOutbound, timeoutMs = defaultTimeoutMs): Promise<UpdateCheck> {
  const problem = outbound.urlProblem(url);
  if (problem) throw new Error(problem);
  const response = await request(url, {
    method: 'GET',
    dispatcher: outbound.dispatcher,
    headers: { accept: 'application/vnd.github+json', 'user-agent': `turnpike/${serverVersion}` },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`the release source answered ${response.statusCode}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error('the release source did not answer JSON');
  }
  const tag = typeof body.tag_name === 'string' ? body.tag_name : '';
  if (!tag) throw new Error('the release source named no tag');
  return {
    current_version: serverVersion,
    latest_version: tag,
    release_notes: typeof body.body === 'string' ? body.body : '',
    release_url: typeof body.html_url === 'string' ? body.html_url : '',
    up_to_date: isCurrent(serverVersion, tag),
  };
}

/** The readable reason a lookup failed (a timeout, or the network error under undici's wrapper). */
export function updateFailureReason(error: unknown): string {
  const cause = (error as Error & { cause?: Error }).cause;
  return (error as Error).name === 'TimeoutError' ? 'the release source did not answer in time' : (cause?.message ?? (error as Error).message);
}

/** Registers `GET /api/update_check` (admin). An unreachable source is a 502 envelope `update check failed: <why>`. */
export function registerUpdateCheckRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  app.get('/api/update_check', access('admin'), async (_request, reply) => {
    try {
      return success(await lookUpLatestRelease(context.options.string('UpdateCheckUrl'), context.outbound));
    } catch (error) {
      return reply.status(502).send(failureEnvelope(502, `update check failed: ${updateFailureReason(error)}`));
    }
  });
}
