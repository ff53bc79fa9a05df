// One relay call, end to end: price → reserve → attempts with failover → relay the answer → settle exactly once.
import { Readable } from 'node:stream';
import { findFormat } from '@turnpike/formats';
import { boundUsage, computeQuota, computeQuotaCost, resolveMappedModel, selectChannel, usageBoundsFor, type BillableUsage, type BillingQuote, type UsageBounds } from '@turnpike/relay';
import { findProviderAdaptor, type EndpointTranslation } from '@turnpike/providers';
import type { UserRow } from '../db/schema';
import type { RelayCallFacts } from '../metrics/gateway-metrics';
import { admitModelRequest, recordModelRequestSuccess } from '../rate-limit/model-request-limit';
import { autoDisableChannel, isRetryable, refusesChannelCredentials, shouldAutoDisable, type AttemptFailure } from './channel-health';
import { readChatAnswer, relayChatStream, type ChatAnswerPlan } from './chat-answer';
import { dialectOf } from './chat-wire';
import { CredentialError } from './credential-cache';
import { budgetedCounter, exactCounter, exactCounterIfLoaded, roughCounter } from './token-counter';
import { readWholeAnswer, relayStream, type AnswerOutcome } from './relay-answer';
import type { RelayCaller } from './relay-caller';
import { RelayError, defaultErrorFormat, permissionError, thrownText, upstreamCredentialsMessage, upstreamUnavailableMessage, type RelayErrorType } from './relay-error';
import { channelSecrets, hideSecrets, readableUpstreamError } from './upstream-error-text';
import { buildConsumeLog, buildErrorLog, buildShortfallLog, buildUntrustedUsageLog, clientTypeOf } from './relay-log-rows';
import { refuseSensitivePrompt } from '../content-policy/prompt-check';
import { visitPromptTexts } from '../content-policy/prompt-texts';
import { OutputGuard } from './output-guard';
import { outputCapHeader, reserveCall, type ReservedCall } from './relay-reserve';
import type { RelayRequest } from './relay-request';
import type { RelayExchange } from './relay-exchange';
import type { RelayServices } from './relay-services';
import type { ChannelRoute } from './routing-table';
import { prepareUpstreamCall, type ChatAttempt, type PreparedUpstreamCall } from './upstream-call';
import { forEachChunk, readBody } from './upstream-body';
import { UpstreamAbort, type UpstreamResponse } from './upstream-client';

/** The result of trying channels until one answers. */
interface AttemptResult {
  channel: ChannelRoute;
  upstreamModel: string;
  response: UpstreamResponse;
  abort: UpstreamAbort;
  /** For chat calls: how the answer is read (wire, pass-through, streaming) and what the conversion dropped. */
  chat: ChatAttempt | null;
  /** For non-chat calls the provider serves in its own API: how its answer becomes the OpenAI-style answer. */
  translation: EndpointTranslation | null;
}


/** The access token of a channel whose provider exchanges its key first; undefined for every other provider. */
async function accessTokenFor(services: RelayServices, channel: ChannelRoute): Promise<string | undefined> {
  const exchange = findProviderAdaptor(channel.type)?.credentials;
  return exchange ? services.credentials.tokenFor(exchange, channel) : undefined;
}

function readErrorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const error = (body as Record<string, unknown>).error;
    if (error && typeof error === 'object' && typeof (error as Record<string, unknown>).message === 'string') return (error as Record<string, string>).message;
    if (typeof error === 'string') return error;
    if (typeof (body as Record<string, unknown>).message === 'string') return (body as Record<string, string>).message;
  }
  return fallback;
}

async function readFailure(response: UpstreamResponse): Promise<AttemptFailure> {
  const chunks: Buffer[] = [];
  let size = 0;
  await forEachChunk(response.body, (chunk) => {
    if (size < 65_536) chunks.push(chunk);
    size += chunk.length;
  });
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, message: readErrorMessage(body, text.slice(0, 500) || `upstream answered ${response.status}`), body };
}

/** Candidate channels for the call: the pinned one (admins only) or the enabled ones of the group. */
function candidatesFor(services: RelayServices, caller: RelayCaller, model: string): readonly ChannelRoute[] {
  if (caller.pinnedChannelId !== null) {
    const channel = services.routing.channel(caller.pinnedChannelId);
    if (!channel) throw new RelayError(404, `channel ${caller.pinnedChannelId} does not exist`, 'invalid_request_error', 'channel_not_found');
    return [channel];
  }
  return services.routing.candidates(caller.usingGroup, model);
}

/** One channel's try: its answer, or why it failed (an unusable channel is a failure with status 0). */
type ChannelTry = { ok: true; result: AttemptResult } | { ok: false; failure: AttemptFailure };

/** Prepares and sends one attempt to `channel`; throws only when the client went away. */
async function tryChannel(services: RelayServices, call: RelayRequest, channel: ChannelRoute, mappedModel: string, request: RelayExchange, traceparent?: string): Promise<ChannelTry> {
  let prepared: PreparedUpstreamCall;
  let accessToken: string | undefined;
  try {
    accessToken = await accessTokenFor(services, channel);
    // A channel route carries the adaptor's channel fields itself.
    prepared = prepareUpstreamCall(services.context.options, call, { channel, paramOverride: channel.paramOverride, model: mappedModel, accessToken });
  } catch (error) {
    // A refused token exchange or unusable credentials belong to the channel, like a refused key.
    const status = error instanceof CredentialError && error.status >= 400 && error.status < 500 ? 401 : 0;
    const message = `channel credentials failed: ${(error as Error).message}`;
    return { ok: false, failure: { status, message, body: null, detail: hideSecrets(message, channelSecrets(channel.key, undefined)) } };
  }
  if (!prepared.ok) return { ok: false, failure: { status: 0, message: prepared.message, body: null, unservable: true } };
  const { streamIdleMs } = services.context.config.relayTimeouts;
  const abort = new UpstreamAbort(streamIdleMs);
  if (request.deadlineAt) abort.abortAt(request.deadlineAt);
  // The response's close, not the request's: the request closes as soon as its body has been read.
  const onClientGone = (): void => {
    if (!request.res.writableFinished) abort.abort();
  };
  request.res.once('close', onClientGone);
  try {
    // The call's request id goes upstream too, so a provider's logs can be matched with ours.
    const sent = await services.upstream.send(prepared.upstreamCall, abort, undefined, { requestId: request.id, traceparent });
    const screened = sent.status >= 200 && sent.status < 300 && prepared.chat ? await screenNativeAnswer(prepared.chat, sent) : { response: sent, failure: null };
    request.res.off('close', onClientGone);
    const response = screened.response;
    if (response.status >= 200 && response.status < 300 && !screened.failure) return { ok: true, result: { channel, upstreamModel: prepared.upstreamModel, response, abort, chat: prepared.chat, translation: prepared.translation ?? null } };
    abort.stopDeadlines();
    // A refused call may mean a revoked access token: the next call exchanges the key afresh.
    if (findProviderAdaptor(channel.type)?.credentials) services.credentials.forget(channel);
    return { ok: false, failure: withReadableError(screened.failure ?? (await readFailure(response)), prepared, channel, accessToken) };
  } catch (error) {
    request.res.off('close', onClientGone);
    abort.stopDeadlines();
    if (abort.reason === 'client') throw new RelayError(499, 'the client closed the request', 'invalid_request_error', 'client_gone');
    const message = abort.reason === 'deadline' ? 'the call passed its deadline (RELAY_TIMEOUT)' : (error as Error).message;
    return { ok: false, failure: { status: 0, message: `upstream request failed: ${message}`, body: null } };
  }
}

/**
 * Native dialects that report errors inside a 2xx answer (Baidu, Tencent, Coze, …): a whole answer, or a streamed
 * call answered with one JSON body, is read and checked here, so such an error fails the attempt like an error status
 * (failover, auto-disable, a fresh token) instead of reaching the caller after the channel was chosen. The body read
 * is handed on unchanged.
 */
async function screenNativeAnswer(chat: ChatAttempt, response: UpstreamResponse): Promise<{ response: UpstreamResponse; failure: AttemptFailure | null }> {
  if (findFormat(chat.wire)) return { response, failure: null };
  const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
  if (chat.upstreamStream && !contentType.includes('application/json')) return { response, failure: null };
  const raw = await readBody(response.body);
  const kept: UpstreamResponse = { ...response, body: Readable.from([raw]) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return { response: kept, failure: null };
  }
  const error = dialectOf(chat.wire).decodeError(parsed);
  if (error) return { response: kept, failure: { status: error.httpStatus ?? 502, message: error.message, body: parsed } };
  // The answer reader takes the parsed body from here rather than parsing and checking it again.
  return { response: { ...kept, screened: { raw, parsed } }, failure: null };
}

/** Tries channels in priority tiers until one answers with a 2xx, or the retries are used up. */
async function attemptChannels(services: RelayServices, call: RelayRequest, candidates: readonly ChannelRoute[], tried: number[], request: RelayExchange): Promise<AttemptResult> {
  const { context } = services;
  const retries = retryBudget(services, candidates);
  const failed = new Set<number>();
  let lastFailure: { channel: ChannelRoute; failure: AttemptFailure } | null = null;
  let unservable: AttemptFailure | null = null;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    // No new attempt once the call's overall deadline has passed.
    if (attempt > 0 && request.deadlineAt && Date.now() >= request.deadlineAt) break;
    const channel = selectChannel(candidates, { retryIndex: attempt, failedChannelIds: failed, random: services.random });
    if (!channel) break;
    tried.push(channel.id);
    const mapped = channel.modelMapping ? resolveMappedModel(call.model, channel.modelMapping) : ({ ok: true, upstreamModel: call.model, isMapped: false } as const);
    if (!mapped.ok) {
      failed.add(channel.id);
      lastFailure = { channel, failure: { status: 0, message: mapped.message, body: null } };
      continue;
    }
    const outcome = await tracedAttempt(services, call, channel, mapped.upstreamModel, request);
    if (!outcome.ok && outcome.failure.unservable) {
      // The channel cannot serve this kind of call: no upstream was asked, so no failure is counted against it and
      // no retry is spent; the next channel of the same tier is tried.
      failed.add(channel.id);
      unservable = outcome.failure;
      attempt -= 1;
      continue;
    }
    context.metrics?.upstreamAttempt(channel.id, channel.type, outcome.ok, attempt > 0);
    if (outcome.ok) return outcome.result;
    const failure = outcome.failure;
    failed.add(channel.id);
    lastFailure = { channel, failure };
    if (shouldAutoDisable(context, channel, failure)) await autoDisableChannel(context, channel.id, failure.message);
    if (!isRetryable(channel, failure)) break;
  }
  if (!lastFailure && unservable) throw new RelayError(400, unservable.message, 'invalid_request_error', 'unsupported_endpoint');
  if (!lastFailure) throw new RelayError(503, `no available channel for model ${call.model}`, 'server_error', 'model_not_found');
  const { channel, failure } = lastFailure;
  // No answer at all (connection refused, credentials, a deadline): the caller learns only that and the request id.
  if (failure.status === 0) throw new RelayError(502, upstreamUnavailableMessage(request.id), 'upstream_error', 'upstream_unreachable', failure.detail ?? failure.message);
  // The channel's status code mapping is the operator's word and wins (new-api's ResetStatusCode).
  const mapped = channel.statusCodeMapping[String(failure.status)];
  if (mapped === undefined && refusesChannelCredentials(channel, failure)) {
    throw new RelayError(502, upstreamCredentialsMessage(request.id), 'upstream_error', 'upstream_auth_failed', `the channel's credentials were refused (${failure.status}): ${failure.detail ?? ''}`);
  }
  const status = Number(mapped ?? failure.status);
  const readable = failure.readable;
  throw new RelayError(status, readable?.message ?? `upstream answered ${failure.status}`, upstreamErrorType(status), readable?.code ?? null, failure.detail ?? null, readable?.param ?? null);
}

/** Non-chat endpoints are OpenAI's, and so are the error answers of the upstreams that serve them. */
const nonChatErrorDialect = findFormat(defaultErrorFormat);

/** A refused attempt with what a caller may read of it, and the admins' text without the channel's secrets. */
function withReadableError(failure: AttemptFailure, prepared: Extract<PreparedUpstreamCall, { ok: true }>, channel: ChannelRoute, accessToken: string | undefined): AttemptFailure {
  const secrets = channelSecrets(channel.key, accessToken);
  const dialect = prepared.chat ? dialectOf(prepared.chat.wire) : nonChatErrorDialect;
  return { ...failure, readable: readableUpstreamError(failure, dialect, channel, secrets), detail: hideSecrets(failure.message, secrets) };
}

/** The category of an upstream's refusal as the caller is told it: a rate limit is one in every format (Anthropic `rate_limit_error`, Gemini `RESOURCE_EXHAUSTED`). */
function upstreamErrorType(status: number): RelayErrorType {
  if (status === 429) return 'rate_limit_error';
  return status >= 500 ? 'upstream_error' : 'invalid_request_error';
}

/** One attempt, in its own span when the call is traced (the span's context goes upstream as `traceparent`). */
async function tracedAttempt(services: RelayServices, call: RelayRequest, channel: ChannelRoute, model: string, request: RelayExchange): Promise<ChannelTry> {
  const tracing = services.context.tracing;
  if (!tracing || !request.trace) return tryChannel(services, call, channel, model, request);
  const attempt = tracing.startAttempt(request.trace, channel, model);
  try {
    const outcome = await tryChannel(services, call, channel, model, request, attempt.traceparent);
    tracing.endAttempt(attempt.span, outcome.ok, outcome.ok ? outcome.result.response.status : outcome.failure.status);
    return outcome;
  } catch (error) {
    tracing.endAttempt(attempt.span, false, 0);
    throw error;
  }
}

/** RetryTimes; a single candidate (a pinned channel) has nothing to fail over to. */
function retryBudget(services: RelayServices, candidates: readonly ChannelRoute[]): number {
  return candidates.length <= 1 ? 0 : Math.max(0, services.context.options.number('RetryTimes'));
}

/** The user's `accept_unset_model_ratio_model` setting, parsed once per cached user row (a changed user is a new row). */
const acceptUnsetByUser = new WeakMap<UserRow, boolean>();
function acceptsUnsetModels(user: UserRow): boolean {
  let accepts = acceptUnsetByUser.get(user);
  if (accepts === undefined) {
    try {
      accepts = JSON.parse(user.setting || '{}').accept_unset_model_ratio_model === true;
    } catch {
      accepts = false;
    }
    acceptUnsetByUser.set(user, accepts);
  }
  return accepts;
}

/** The quote for the call, or a refusal for unpriced models (also the task relay's price). */
export function priceCall(services: RelayServices, caller: RelayCaller, model: string): BillingQuote {
  const { options } = services.context;
  const acceptUnset = options.bool('SelfUseModeEnabled') || acceptsUnsetModels(caller.user);
  const priced = services.prices.quote(model, caller.user.group, caller.usingGroup, acceptUnset);
  if (!priced.ok) throw permissionError(priced.lookup.message, 'model_price_not_configured');
  return priced.quote;
}

/** Checks the key's model limits (403 when the model is not on the list). */
export function checkModelLimits(caller: RelayCaller, model: string): void {
  const apiKey = caller.apiKey;
  if (!apiKey || !apiKey.model_limits_enabled) return;
  const allowed = apiKey.model_limits.split(',').map((name) => name.trim());
  if (!allowed.includes(model)) throw permissionError(`this token may not use model ${model}`, 'model_not_allowed');
}

/** True for errors of the network stack (errno and undici codes: ECONNRESET, UND_ERR_…), which name our side's addresses. */
function isSystemError(error: unknown): boolean {
  return typeof error !== 'object' || error === null || typeof (error as { code?: unknown }).code === 'string';
}

/** Why an answer could not be read: its deadline, or what the body's read threw. */
function answerFailureText(error: unknown, abort: UpstreamAbort): string {
  if (abort.reason === 'deadline') return 'the call passed its deadline (RELAY_TIMEOUT)';
  if (abort.reason === 'idle') return 'the upstream sent nothing within STREAMING_TIMEOUT';
  return thrownText(error);
}

/** Runs a relay call and writes its answer; every path ends with the reservation settled or released exactly once. */
export async function runRelay(services: RelayServices, request: RelayExchange, inbound: RelayRequest, caller: RelayCaller): Promise<void> {
  const startedAt = Date.now();
  const { callMs } = services.context.config.relayTimeouts;
  if (callMs > 0) request.deadlineAt = startedAt + callMs;
  // Before any price, reservation or channel: a refused prompt costs nothing (one property read when the check is off).
  if (services.policy.prompt) {
    const refused = { caller, model: inbound.model, stream: inbound.stream, requestId: request.id, ip: request.ip, clientType: clientTypeOf(inbound, caller) };
    await refuseSensitivePrompt(services, refused, (visit) => visitPromptTexts(inbound, visit));
  }
  checkModelLimits(caller, inbound.model);
  const quote = priceCall(services, caller, inbound.model);
  const limited = await admitModelRequest(services.context, caller.user.id, caller.usingGroup);
  if (limited) throw new RelayError(429, limited, 'rate_limit_error', 'model_request_rate_limited');
  const candidates = candidatesFor(services, caller, inbound.model);
  if (candidates.length === 0) {
    throw new RelayError(503, `no available channel for model ${inbound.model} under group ${caller.usingGroup}`, 'server_error', 'model_not_found');
  }
  const promptEstimate = inbound.endpoint.estimatePrompt(inbound, roughCounter);
  const held = await reserveCall(services, inbound, caller, quote, promptEstimate);
  const { call, reservation } = held;
  services.ledger.billWhenAnswered(reservation, request.res);
  if (held.outputCap !== null) request.res.setHeader(outputCapHeader, String(held.outputCap));
  const countPrompt = async (): Promise<number> => call.endpoint.estimatePrompt(call, budgetedCounter(await exactCounter()));
  const tried: number[] = [];
  let attempt: AttemptResult;
  try {
    attempt = await attemptChannels(services, call, candidates, tried, request);
  } catch (error) {
    const failure = error instanceof RelayError ? error : new RelayError(500, 'relay failed', 'server_error', null, thrownText(error));
    services.ledger.release(reservation, buildErrorLog({ services, request, call, caller, tried, message: failure.message, detail: failure.detail, startedAt }), tried.at(-1) ?? 0);
    if (observed(services)) request.facts = callFacts(call, caller, candidates.find((route) => route.id === tried.at(-1)) ?? null, 0, null, 0);
    throw failure;
  }
  const guard = outputGuardFor(quote, held, promptEstimate);
  const metrics = services.context.metrics;
  let outcome: AnswerOutcome;
  if (call.stream) metrics?.streamDelta(1);
  try {
    if (call.format && attempt.chat) {
      const estimatePrompt = (): number => {
        const exact = exactCounterIfLoaded();
        return call.endpoint.estimatePrompt(call, exact ? budgetedCounter(exact) : roughCounter);
      };
      // The completion check reads the answer as canonical parts, so a checked answer is never passed through as bytes.
      const sensitive = services.policy.completion;
      const plan: ChatAnswerPlan = { inbound: call.format, ...attempt.chat, passthrough: attempt.chat.passthrough && !sensitive, model: call.model, framing: call.framing, estimatePrompt, countPrompt, guard, sensitive, reasoning: services.reasoning };
      if (call.stream) {
        request.takeOver();
        outcome = await relayChatStream(request.res, attempt.response, attempt.abort, plan, startedAt);
      } else {
        const whole = await readChatAnswer(attempt.response, plan);
        outcome = { ...whole.outcome, firstByteMs: Date.now() - startedAt, clientGone: request.res.destroyed };
        request.send(attempt.response.status, whole.contentType, whole.bytes);
      }
    } else if (call.stream) {
      request.takeOver();
      outcome = await relayStream(request.res, attempt.response, attempt.abort, call, startedAt, guard);
    } else {
      const whole = await readWholeAnswer(attempt.response, call, attempt.translation);
      outcome = { ...whole.outcome, firstByteMs: Date.now() - startedAt, clientGone: request.res.destroyed };
      const contentType = attempt.response.headers['content-type'];
      request.send(attempt.response.status, typeof contentType === 'string' ? contentType : undefined, whole.bytes);
    }
  } catch (error) {
    // The upstream answered but its body broke (or passed a deadline) before anything reached the client: nothing was delivered.
    const detail = `upstream answer failed: ${answerFailureText(error, attempt.abort)}`;
    // What the provider said about its own failure is the caller's to read; a broken connection or a deadline is not.
    const message = attempt.abort.reason !== null || isSystemError(error) ? upstreamUnavailableMessage(request.id) : detail;
    services.ledger.release(reservation, buildErrorLog({ services, request, call, caller, tried, message, detail, startedAt }), attempt.channel.id);
    if (observed(services)) request.facts = callFacts(call, caller, attempt.channel, 0, null, 0);
    throw new RelayError(502, message, 'upstream_error', 'upstream_unreachable', detail);
  } finally {
    attempt.abort.stopDeadlines();
    if (call.stream) metrics?.streamDelta(-1);
  }
  if (outcome.failure !== undefined) {
    // The error already reached the client inside its stream; the reservation goes back with an error row.
    services.ledger.release(reservation, buildErrorLog({ services, request, call, caller, tried, message: outcome.failure, startedAt }), attempt.channel.id);
    if (observed(services)) request.facts = callFacts(call, caller, attempt.channel, outcome.firstByteMs, null, 0);
    return;
  }
  const billed = await settle(services, { request, call, caller, tried, startedAt }, { quote, held, attempt, outcome });
  if (observed(services)) request.facts = callFacts(call, caller, attempt.channel, outcome.firstByteMs, billed.usage, billed.quota);
  await recordModelRequestSuccess(services.context, caller.user.id, caller.usingGroup);
}

/** Watches a streamed answer that bills output tokens: it ends once its output costs more than the call holds. */
function outputGuardFor(quote: BillingQuote, held: ReservedCall, promptEstimate: number): OutputGuard | null {
  if (quote.pricing.mode !== 'ratio' || held.call.endpoint.output === 'none' || held.reservation.amount === 0) return null;
  const reservation = held.reservation;
  return new OutputGuard(held.outputLimit, (outputTokens) => computeQuota(quote, { promptTokens: promptEstimate, completionTokens: outputTokens }) > reservation.amount);
}

/** The call a settlement belongs to: its exchange, request, caller, the channels tried and when it started. */
interface SettledCallContext {
  request: RelayExchange;
  call: RelayRequest;
  caller: RelayCaller;
  tried: number[];
  startedAt: number;
}

/** What the settlement of a call bills. */
interface SettledCall {
  quote: BillingQuote;
  held: ReservedCall;
  attempt: AttemptResult;
  outcome: AnswerOutcome;
}

/**
 * Bills the call once. An answer that cost more than its hold (the upstream ignored its output limit, or the prompt
 * outgrew its estimate) takes what the balances still allow; the rest goes unbilled, with a system log row, so no
 * balance goes below zero and the log rows still add up to every balance change.
 */
async function settle(services: RelayServices, context: SettledCallContext, settled: SettledCall): Promise<{ usage: BillableUsage; quota: number }> {
  const { call, caller } = context;
  const { quote, held, attempt, outcome } = settled;
  const units = call.endpoint.units?.(call.json) ?? 1;
  // Upstream usage is untrusted: counts out of the model's range are clamped, and such a call bills at most its hold.
  const { usage: bounded, violations } = boundUsage(outcome.usage, usageBoundsOf(services, call.model, attempt.upstreamModel, held.outputLimit));
  const usage: BillableUsage = units === 1 ? bounded : { ...bounded, calls: units };
  const cost = computeQuotaCost(quote, usage);
  const owed = cost.quota;
  const reservation = held.reservation;
  const untrusted = violations.length > 0;
  if (owed > reservation.amount && !untrusted) await services.ledger.extend(reservation, owed - reservation.amount);
  const quota = Math.min(owed, reservation.amount);
  const unbilled = owed - quota;
  const conversion = { wire: attempt.chat?.wire ?? null, passthrough: attempt.chat?.passthrough ?? true, warnings: attempt.chat?.warnings ?? [] };
  const budget = { outputCap: held.outputCap, unbilled, cutShort: outcome.cutShort === true };
  const log = buildConsumeLog({ ...context, services, quote, usage, cost: { ...cost, quota }, outcome, channel: attempt.channel, upstreamModel: attempt.upstreamModel, conversion, budget });
  if (untrusted) {
    // The operator's alert: the server log at warn level, with the raw figures, and a system row in the usage log.
    services.context.log.warn({ requestId: context.request.id, channelId: attempt.channel.id, model: call.model, reported: outcome.usage, violations }, 'upstream reported usage out of range; clamped to the reservation');
  } else if (unbilled > 0) services.context.log.warn({ requestId: context.request.id, userId: caller.user.id, model: call.model, owed, billed: quota, unbilled }, 'answer cost more than the balance could cover; the rest is unbilled');
  services.ledger.settle(reservation, {
    actual: quota,
    channelId: attempt.channel.id,
    succeeded: true,
    log: services.context.options.bool('LogConsumeEnabled') ? log : null,
    systemLog: untrusted
      ? buildUntrustedUsageLog({ ...context, services }, outcome.usage, usage, violations)
      : unbilled > 0
        ? buildShortfallLog({ ...context, services }, { owed, billed: quota, unbilled })
        : null,
    tokensUsed: usage.promptTokens + usage.completionTokens,
    modelName: call.model,
    username: caller.user.username,
  });
  return { usage, quota };
}

/** The largest usage a call of the model can report: the catalog's limits (of the upstream model, else the caller's), never below what the call was allowed. */
function usageBoundsOf(services: RelayServices, model: string, upstreamModel: string, allowedOutput: number): UsageBounds {
  const prices = services.prices;
  return usageBoundsFor({
    contextTokens: prices.contextTokens(upstreamModel) ?? prices.contextTokens(model),
    maxOutputTokens: prices.maxOutputTokens(upstreamModel) ?? prices.maxOutputTokens(model),
    allowedOutput,
  });
}

/** Whether metrics or traces want the facts of calls. */
function observed(services: RelayServices): boolean {
  return services.context.metrics !== null || services.context.tracing !== null;
}

/** What the metrics and traces record of a call (only built when one of them is on). */
function callFacts(call: RelayRequest, caller: RelayCaller, channel: ChannelRoute | null, firstByteMs: number, usage: BillableUsage | null, quota: number): RelayCallFacts {
  return {
    model: call.model,
    group: caller.usingGroup,
    channelId: channel?.id ?? 0,
    channelType: channel?.type ?? 0,
    stream: call.stream,
    firstByteMs,
    promptTokens: usage?.promptTokens ?? 0,
    completionTokens: usage?.completionTokens ?? 0,
    quota,
  };
}
