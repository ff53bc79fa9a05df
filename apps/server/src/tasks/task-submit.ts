// Submits one task through the relay: price → reserve → channels in priority tiers with failover → the upstream's
// answer. An accepted task is billed (the hold settles at its price) and stored for the poll job; a refused one
// gives its hold back and is never billed.
import { LogType } from '@turnpike/contract';
import { selectChannel } from '@turnpike/relay';
import type { TaskProtocol, TaskSubmitReading } from '@turnpike/providers';
import type { Reservation } from '../billing/ledger-types';
import type { NewTask } from '../db/schema';
import { autoDisableChannel, isRetryable, shouldAutoDisable, type AttemptFailure } from '../relay/channel-health';
import type { RelayCaller } from '../relay/relay-caller';
import { RelayError } from '../relay/relay-error';
import { checkModelLimits, priceCall } from '../relay/relay-pipeline';
import type { RelayServices } from '../relay/relay-services';
import type { ChannelRoute } from '../relay/routing-table';
import { readBody, UpstreamAbort } from '../relay/upstream-client';
import { refuseSensitivePrompt } from '../content-policy/prompt-check';
import { taskQuota } from './task-price';
import { changeOf, type TaskStore } from './task-store';

/** One task to submit. */
export interface TaskSubmission {
  protocol: TaskProtocol;
  caller: RelayCaller;
  /** The model the action is priced and routed as (`mj_imagine`, `suno_music`). */
  model: string;
  action: string;
  prompt: string;
  /** The upstream path (`/mj/submit/imagine`, `/suno/submit/music`). */
  path: string;
  body: Record<string, unknown>;
  /** The channel an action on an earlier task must use (that task's), or null to select one. */
  channel: ChannelRoute | null;
  /** False for actions that only open a window (Midjourney INPAINT, CUSTOM_ZOOM). */
  billed: boolean;
  notifyHook: string;
  requestId: string;
  ip: string;
}

/** What the upstream answered (the task is stored when it was accepted, and a refused drawing too). */
export interface SubmitOutcome {
  status: number;
  reading: TaskSubmitReading;
}

const submitTimeouts = { headersMs: 60_000, bodyMs: 60_000 };

/** The channels the task may go to: the earlier task's, the caller's pinned one, or the group's for the model. */
function candidatesFor(services: RelayServices, submission: TaskSubmission): readonly ChannelRoute[] {
  if (submission.channel) return [submission.channel];
  const { caller } = submission;
  if (caller.pinnedChannelId !== null) {
    const channel = services.routing.channel(caller.pinnedChannelId);
    if (!channel) throw new RelayError(404, `channel ${caller.pinnedChannelId} does not exist`, 'invalid_request_error', 'channel_not_found');
    return [channel];
  }
  return services.routing.candidates(caller.usingGroup, submission.model);
}

/** One try on one channel: the upstream's answer read by the protocol, or why the channel failed. */
async function tryChannel(services: RelayServices, submission: TaskSubmission, channel: ChannelRoute): Promise<{ ok: true; status: number; reading: TaskSubmitReading } | { ok: false; failure: AttemptFailure }> {
  const headers = { 'content-type': 'application/json', accept: 'application/json', ...submission.protocol.authHeaders(channel.key) };
  const url = `${channel.baseUrl.replace(/\/+$/, '')}${submission.path}`;
  try {
    const response = await services.upstream.send({ url, method: 'POST', headers, body: JSON.stringify(submission.body) }, new UpstreamAbort(), submitTimeouts);
    const text = (await readBody(response.body)).toString('utf8');
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    // Statuses that belong to the channel (a refused key, overload, a fault) fail over; an answer is the caller's.
    if (response.status === 401 || response.status === 403 || response.status === 429 || response.status >= 500) {
      return { ok: false, failure: { status: response.status, message: text.slice(0, 500) || `upstream answered ${response.status}`, body: parsed } };
    }
    if (parsed === null) return { ok: false, failure: { status: 502, message: `the upstream answer is not JSON: ${text.slice(0, 200)}`, body: null } };
    return { ok: true, status: response.status, reading: submission.protocol.readSubmit(response.status, parsed) };
  } catch (error) {
    return { ok: false, failure: { status: 0, message: `upstream request failed: ${(error as Error).message}`, body: null } };
  }
}

/** The caller's text of a task: its prompt and the body's other free-text fields (Suno's description, title, tags). */
function visitTaskTexts(submission: TaskSubmission, visit: (text: string) => void): void {
  visit(submission.prompt);
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
    const refused = { caller, model: submission.model, stream: false, requestId: submission.requestId, ip: submission.ip, clientType: submission.path };
    await refuseSensitivePrompt(services, refused, (visit) => visitTaskTexts(submission, visit));
  }
  checkModelLimits(caller, submission.model);
  const quote = priceCall(services, caller, submission.model);
  const price = submission.billed ? taskQuota(quote) : 0;
  const candidates = candidatesFor(services, submission);
  if (candidates.length === 0) throw new RelayError(503, `no available channel for model ${submission.model} under group ${caller.usingGroup}`, 'server_error', 'model_not_found');
  const apiKey = caller.apiKey;
  const unlimited = apiKey?.unlimited_quota === 1;
  const reserved = await services.ledger.reserve(caller.user.id, apiKey?.id ?? 0, unlimited, price);
  if (!reserved.ok) throw new RelayError(403, reserved.reason === 'token_quota' ? 'token quota is not enough' : 'quota_not_enough', 'insufficient_quota', reserved.reason === 'token_quota' ? 'pre_consume_token_quota_failed' : 'insufficient_user_quota');
  const reservation = reserved.reservation;
  const retries = candidates.length <= 1 ? 0 : Math.max(0, services.context.options.number('RetryTimes'));
  const failed = new Set<number>();
  let lastFailure: AttemptFailure | null = null;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    const channel = selectChannel(candidates, { retryIndex: attempt, failedChannelIds: failed, random: services.random });
    if (!channel) break;
    const outcome = await tryChannel(services, submission, channel);
    if (outcome.ok) return settleSubmit(services, store, submission, { channel, reservation, price, status: outcome.status, reading: outcome.reading });
    failed.add(channel.id);
    lastFailure = outcome.failure;
    if (shouldAutoDisable(services.context, channel, outcome.failure)) await autoDisableChannel(services.context, channel.id, outcome.failure.message);
    if (!isRetryable(channel, outcome.failure)) break;
  }
  services.ledger.release(reservation, null);
  const status = lastFailure && lastFailure.status >= 400 ? lastFailure.status : 502;
  throw new RelayError(status, lastFailure?.message ?? `no available channel for model ${submission.model}`, 'upstream_error', 'do_request_failed');
}

interface Answered {
  channel: ChannelRoute;
  reservation: Reservation;
  price: number;
  status: number;
  reading: TaskSubmitReading;
}

/** Bills an accepted task and stores it; gives a refused task's hold back (a refused drawing is still logged). */
async function settleSubmit(services: RelayServices, store: TaskStore, submission: TaskSubmission, answered: Answered): Promise<SubmitOutcome> {
  const { caller, protocol } = submission;
  const { channel, reservation, price, reading } = answered;
  const now = Date.now();
  if (!reading.accepted) {
    services.ledger.release(reservation, null, channel.id);
    // The drawing log shows refused submissions with their code; Suno's task log only lists accepted tasks.
    if (protocol.platform === 'midjourney') await store.insert({ ...taskRow(submission, channel, reading, 0, now), status: 'FAILURE', progress: '100%', fail_reason: reading.description, finish_time: now });
    return { status: answered.status, reading };
  }
  const { options } = services.context;
  services.ledger.settle(reservation, {
    actual: price,
    channelId: channel.id,
    succeeded: true,
    log: options.bool('LogConsumeEnabled') ? consumeLog(submission, channel, reading, price, now) : null,
    tokensUsed: 0,
    modelName: submission.model,
    username: caller.user.username,
  });
  // The charge is written before the task exists, so a task that fails later refunds only what was charged.
  await services.ledger.flush();
  await store.insert(taskRow(submission, channel, reading, price, now));
  return { status: answered.status, reading };
}

/** The task row of an answered submission. */
function taskRow(submission: TaskSubmission, channel: ChannelRoute, reading: TaskSubmitReading, quota: number, now: number): NewTask {
  const apiKey = submission.caller.apiKey;
  const change = changeOf(reading.update);
  const finished = change.status === 'SUCCESS';
  return {
    platform: submission.protocol.platform,
    action: submission.action,
    task_id: reading.taskId,
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
    properties: change.properties ?? '',
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
function consumeLog(submission: TaskSubmission, channel: ChannelRoute, reading: TaskSubmitReading, quota: number, now: number): NonNullable<Parameters<RelayServices['ledger']['settle']>[1]['log']> {
  const { caller } = submission;
  return {
    user_id: caller.user.id,
    created_at: Math.floor(now / 1000),
    type: LogType.Consume,
    content: `task ${submission.action} ${reading.taskId}`.trim(),
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
    other: JSON.stringify({ task_id: reading.taskId, platform: submission.protocol.platform, action: submission.action, per_call: true }),
  };
}
