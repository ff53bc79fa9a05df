// Submits one task through the relay: price → reserve → channels in priority tiers with failover → the upstream's
// answer. An accepted task is billed (the hold settles at its price) and stored for the poll job; a refused one
// gives its hold back and is never billed.
import { LogType } from '@turnpike/contract';
import { selectChannel, type BillingQuote } from '@turnpike/relay';
import type { TaskProtocol, TaskSubmitReading } from '@turnpike/providers';
import type { Reservation } from '../billing/ledger-types';
import type { NewTask } from '../db/schema';
import { autoDisableChannel, isRetryable, refusesChannelCredentials, shouldAutoDisable, type AttemptFailure } from '../relay/channel-health';
import type { RelayCaller } from '../relay/relay-caller';
import { RelayError, upstreamCredentialsMessage } from '../relay/relay-error';
import { checkModelLimits, priceCall } from '../relay/relay-pipeline';
import type { RelayServices } from '../relay/relay-services';
import type { ChannelRoute } from '../relay/routing-table';
import { readBody } from '../relay/upstream-body';
import { UpstreamAbort } from '../relay/upstream-client';
import { channelSecrets, hideSecrets, readableUpstreamText } from '../relay/upstream-error-text';
import { refuseSensitivePrompt } from '../content-policy/prompt-check';
import { taskQuota } from './task-price';
import { changeOf, type TaskStore } from './task-store';

/** A submit whose request depends on the channel it goes to (video families): built per channel, read by the family. */
export interface SubmitUpstream {
  /** The platform column of the task. */
  platform: string;
  /** The request for one channel; throws a `SubmitRefusal` when the request cannot go to that channel. */
  build(channel: ChannelRoute): Promise<{ url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body: string | Uint8Array | null }>;
  read(status: number, body: unknown): TaskSubmitReading;
}

/** A request a channel's family cannot take (answered 400, never billed). */
export class SubmitRefusal extends Error {}

/** How a task goes upstream: a protocol's JSON POST to `path` (Midjourney, Suno), or a per-channel `upstream`. */
export type TaskUpstreamForm = { protocol: TaskProtocol; path: string; body: Record<string, unknown> } | { upstream: SubmitUpstream };

/** One task to submit. */
export type TaskSubmission = TaskSubmissionFields & TaskUpstreamForm;

/** What every submission says. */
export interface TaskSubmissionFields {
  caller: RelayCaller;
  /** The model the action is priced and routed as (`mj_imagine`, `suno_music`). */
  model: string;
  action: string;
  prompt: string;
  /** The channel an action on an earlier task must use (that task's), or null to select one. */
  channel: ChannelRoute | null;
  /** False for actions that only open a window (Midjourney INPAINT, CUSTOM_ZOOM). */
  billed: boolean;
  notifyHook: string;
  requestId: string;
  ip: string;
  /** Billing units of the request (seconds of video); the price is per unit. 1 when absent. */
  units?: number;
  /** The id the caller sees when it is not the upstream's (video tasks); the upstream's goes to `upstream_task_id`. */
  publicId?: string;
  /** Properties stored on the task (JSON text). */
  properties?: string;
}

/** What the upstream answered (the task is stored when it was accepted, and a refused drawing too). */
export interface SubmitOutcome {
  status: number;
  reading: TaskSubmitReading;
}

const submitTimeouts = { headersMs: 60_000, bodyMs: 60_000 };

/** The channels the task may go to: the earlier task's, the caller's pinned one, or the group's for the model. */
export function candidatesFor(services: RelayServices, submission: Pick<TaskSubmission, 'channel' | 'caller' | 'model'>): readonly ChannelRoute[] {
  if (submission.channel) return [submission.channel];
  const { caller } = submission;
  if (caller.pinnedChannelId !== null) {
    const channel = services.routing.channel(caller.pinnedChannelId);
    if (!channel) throw new RelayError(404, `channel ${caller.pinnedChannelId} does not exist`, 'invalid_request_error', 'channel_not_found');
    return [channel];
  }
  return services.routing.candidates(caller.usingGroup, submission.model);
}

/** The upstream of a submission: its own, or the protocol's JSON POST to the channel's base URL plus `path`. */
export function upstreamOf(submission: TaskSubmission): SubmitUpstream {
  if ('upstream' in submission) return submission.upstream;
  const { protocol, path, body } = submission;
  return {
    platform: protocol.platform,
    build: async (channel) => ({
      url: `${channel.baseUrl.replace(/\/+$/, '')}${path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...protocol.authHeaders(channel.key) },
      body: JSON.stringify(body),
    }),
    read: (status, answer) => protocol.readSubmit(status, answer),
  };
}

/** One try on one channel: the upstream's answer read by the protocol, or why the channel failed. */
async function tryChannel(services: RelayServices, upstream: SubmitUpstream, channel: ChannelRoute): Promise<{ ok: true; status: number; reading: TaskSubmitReading } | { ok: false; failure: AttemptFailure }> {
  let built: Awaited<ReturnType<SubmitUpstream['build']>>;
  try {
    built = await upstream.build(channel);
  } catch (error) {
    if (error instanceof SubmitRefusal) return { ok: false, failure: { status: 400, message: error.message, body: null } };
    return { ok: false, failure: { status: 0, message: `the request could not be built for channel #${channel.id}: ${(error as Error).message}`, body: null } };
  }
  try {
    const response = await services.upstream.send({ url: built.url, method: built.method, headers: built.headers, body: built.body === null || typeof built.body === 'string' ? built.body : Buffer.from(built.body) }, new UpstreamAbort(), submitTimeouts);
    const text = (await readBody(response.body)).toString('utf8');
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    // Statuses that belong to the channel (a refused key, overload, a fault) fail over; an answer is the caller's.
    if (response.status === 401 || response.status === 403 || response.status === 429 || response.status >= 500) {
      // The caller may read the upstream's words, never the channel's secrets or private addresses.
      const secrets = channelSecrets(channel.key, undefined);
      const message = readableUpstreamText(text.slice(0, 500), channel, secrets) || `upstream answered ${response.status}`;
      return { ok: false, failure: { status: response.status, message, body: parsed, detail: hideSecrets(text.slice(0, 500), secrets) } };
    }
    if (parsed === null) return { ok: false, failure: { status: 502, message: `the upstream answer is not JSON: ${text.slice(0, 200)}`, body: null } };
    return { ok: true, status: response.status, reading: upstream.read(response.status, parsed) };
  } catch (error) {
    return { ok: false, failure: { status: 0, message: `upstream request failed: ${(error as Error).message}`, body: null } };
  }
}

/** The caller's text of a task: its prompt and the JSON body's other free-text fields (Suno's description, title,
 * tags); a per-channel submit (video) carries its text in the prompt. */
function visitTaskTexts(submission: TaskSubmission, visit: (text: string) => void): void {
  visit(submission.prompt);
  if (!('body' in submission)) return;
  for (const field of taskTextFields) {
    const value = submission.body[field];
    if (typeof value === 'string') visit(value);
  }
}

const taskTextFields = ['prompt', 'gpt_description_prompt', 'title', 'tags', 'negative_tags'] as const;

/** Submits the task; throws a RelayError when it cannot be (no channel, balance short, every channel failed). */
export async function submitTask(services: RelayServices, store: TaskStore, submission: TaskSubmission): Promise<SubmitOutcome> {
  const { caller } = submission;
  if (services.policy.prompt) {
    const refused = { caller, model: submission.model, stream: false, requestId: submission.requestId, ip: submission.ip, clientType: 'path' in submission ? submission.path : submission.upstream.platform };
    await refuseSensitivePrompt(services, refused, (visit) => visitTaskTexts(submission, visit));
  }
  checkModelLimits(caller, submission.model);
  const quote = priceCall(services, caller, submission.model);
  const units = submission.units ?? 1;
  const price = submission.billed ? taskQuota(quote, units) : 0;
  const candidates = candidatesFor(services, submission);
  if (candidates.length === 0) throw new RelayError(503, `no available channel for model ${submission.model} under group ${caller.usingGroup}`, 'server_error', 'model_not_found');
  const apiKey = caller.apiKey;
  const unlimited = apiKey?.unlimited_quota === 1;
  const reserved = await services.ledger.reserve(caller.user.id, apiKey?.id ?? 0, unlimited, price);
  if (!reserved.ok) throw new RelayError(403, reserved.reason === 'token_quota' ? 'token quota is not enough' : 'quota_not_enough', 'insufficient_quota', reserved.reason === 'token_quota' ? 'pre_consume_token_quota_failed' : 'insufficient_user_quota');
  const reservation = reserved.reservation;
  const retries = candidates.length <= 1 ? 0 : Math.max(0, services.context.options.number('RetryTimes'));
  const failed = new Set<number>();
  let lastFailure: { channel: ChannelRoute; failure: AttemptFailure } | null = null;
  const upstream = upstreamOf(submission);
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    const channel = selectChannel(candidates, { retryIndex: attempt, failedChannelIds: failed, random: services.random });
    if (!channel) break;
    const outcome = await tryChannel(services, upstream, channel);
    if (outcome.ok) return settleSubmit(services, store, submission, { channel, reservation, price, quote, units, status: outcome.status, reading: outcome.reading });
    failed.add(channel.id);
    lastFailure = { channel, failure: outcome.failure };
    if (shouldAutoDisable(services.context, channel, outcome.failure)) await autoDisableChannel(services.context, channel.id, outcome.failure.message);
    if (!isRetryable(channel, outcome.failure)) break;
  }
  services.ledger.release(reservation, null);
  // A refused channel key is the gateway's fault: a 502, never a 401 the caller would read as its own key refused.
  if (lastFailure && refusesChannelCredentials(lastFailure.channel, lastFailure.failure)) {
    throw new RelayError(502, upstreamCredentialsMessage(submission.requestId), 'upstream_error', 'upstream_auth_failed', lastFailure.failure.detail ?? null);
  }
  const status = lastFailure && lastFailure.failure.status >= 400 ? lastFailure.failure.status : 502;
  throw new RelayError(status, lastFailure?.failure.message ?? `no available channel for model ${submission.model}`, 'upstream_error', 'do_request_failed');
}

interface Answered {
  channel: ChannelRoute;
  reservation: Reservation;
  /** What was reserved (the price of the requested units). */
  price: number;
  quote: BillingQuote;
  units: number;
  status: number;
  reading: TaskSubmitReading;
}

/** Bills an accepted task and stores it; gives a refused task's hold back (a refused drawing is still logged). */
async function settleSubmit(services: RelayServices, store: TaskStore, submission: TaskSubmission, answered: Answered): Promise<SubmitOutcome> {
  const { caller } = submission;
  const platform = upstreamOf(submission).platform;
  const { channel, reservation, reading } = answered;
  // Billed on the units the upstream accepted (a video's accepted length), never above what was reserved.
  const price = submission.billed && reading.units !== undefined && reading.units !== answered.units ? Math.min(answered.price, taskQuota(answered.quote, reading.units)) : answered.price;
  const now = Date.now();
  if (!reading.accepted) {
    services.ledger.release(reservation, null, channel.id);
    // The drawing log shows refused submissions with their code; Suno's task log only lists accepted tasks.
    if (platform === 'midjourney') await store.insert({ ...taskRow(submission, platform, channel, reading, 0, now), status: 'FAILURE', progress: '100%', fail_reason: reading.description, finish_time: now });
    return { status: answered.status, reading };
  }
  const { options } = services.context;
  services.ledger.settle(reservation, {
    actual: price,
    channelId: channel.id,
    succeeded: true,
    log: options.bool('LogConsumeEnabled') ? consumeLog(submission, platform, channel, reading, price, now) : null,
    tokensUsed: 0,
    modelName: submission.model,
    username: caller.user.username,
  });
  // The charge is written before the task exists, so a task that fails later refunds only what was charged.
  await services.ledger.flush();
  await store.insert(taskRow(submission, platform, channel, reading, price, now));
  return { status: answered.status, reading };
}

/** The task row of an answered submission. */
function taskRow(submission: TaskSubmission, platform: string, channel: ChannelRoute, reading: TaskSubmitReading, quota: number, now: number): NewTask {
  const apiKey = submission.caller.apiKey;
  const change = changeOf(reading.update);
  const finished = change.status === 'SUCCESS';
  return {
    platform,
    action: submission.action,
    task_id: submission.publicId ?? reading.taskId,
    upstream_task_id: submission.publicId === undefined ? '' : reading.taskId,
    user_id: submission.caller.user.id,
    token_id: apiKey?.id ?? 0,
    token_debited: apiKey && apiKey.unlimited_quota !== 1 ? 1 : 0,
    channel_id: channel.id,
    model_name: submission.model,
    code: reading.code,
    status: change.status ?? 'SUBMITTED',
    progress: change.progress ?? '0%',
    quota,
    prompt: submission.prompt,
    prompt_en: change.prompt_en ?? '',
    description: reading.description,
    image_url: change.image_url ?? '',
    data: change.data ?? '',
    properties: change.properties ?? submission.properties ?? '',
    buttons: change.buttons ?? '',
    fail_reason: '',
    notify_hook: submission.notifyHook,
    submit_time: now,
    start_time: finished ? now : 0,
    finish_time: finished ? now : 0,
    created_at: now,
    updated_at: now,
    next_poll_at: now,
    poll_failures: 0,
  };
}

/** The consumption row of an accepted task (type 2), priced per call. */
function consumeLog(submission: TaskSubmission, platform: string, channel: ChannelRoute, reading: TaskSubmitReading, quota: number, now: number): NonNullable<Parameters<RelayServices['ledger']['settle']>[1]['log']> {
  const { caller } = submission;
  return {
    user_id: caller.user.id,
    created_at: Math.floor(now / 1000),
    type: LogType.Consume,
    content: `task ${submission.action} ${submission.publicId ?? reading.taskId}`.trim(),
    username: caller.user.username,
    token_name: caller.apiKey?.name ?? '',
    token_id: caller.apiKey?.id ?? 0,
    model_name: submission.model,
    quota,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: 0,
    is_stream: 0,
    channel_id: channel.id,
    channel_name: channel.name,
    group: caller.usingGroup,
    ip: submission.ip,
    request_id: submission.requestId,
    other: JSON.stringify({ task_id: submission.publicId ?? reading.taskId, platform, action: submission.action, ...(submission.units === undefined ? { per_call: true } : { units: reading.units ?? submission.units }) }),
  };
}
