// Builds the usage-log rows of relay calls: consumption (type 2) with its `other` JSON, and errors (type 5).
import { LogType } from '@turnpike/contract';
import type { BillableUsage, BillingQuote, QuotaCost } from '@turnpike/relay';
import type { NewLog } from '../db/schema';
import type { RelayExchange } from './relay-exchange';
import type { AnswerOutcome } from './relay-answer';
import type { RelayCaller } from './relay-caller';
import type { RelayRequest } from './relay-request';
import type { RelayServices } from './relay-services';
import type { ChannelRoute } from './routing-table';

interface LogContext {
  services: RelayServices;
  request: RelayExchange;
  call: RelayRequest;
  caller: RelayCaller;
  tried: number[];
  startedAt: number;
}

/** What every usage-log row of a caller's call names, whatever the endpoint (relay calls, Realtime sessions). */
export interface CallRowFields {
  caller: RelayCaller;
  model: string;
  startedAt: number;
  stream: boolean;
  channelId: number;
  channelName: string;
  ip: string;
  requestId: string;
}

/** A usage-log row of `type` for a caller's call, with nothing billed yet (`quota`, tokens 0, `other` empty). */
export function callLogRow(fields: CallRowFields, type: number): NewLog {
  const { caller } = fields;
  return {
    user_id: caller.user.id,
    created_at: Math.floor(Date.now() / 1000),
    type,
    content: '',
    username: caller.user.username,
    token_name: caller.apiKey?.name ?? '',
    token_id: caller.apiKey?.id ?? 0,
    model_name: fields.model,
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: Math.max(0, Math.round((Date.now() - fields.startedAt) / 1000)),
    is_stream: fields.stream ? 1 : 0,
    channel_id: fields.channelId,
    channel_name: fields.channelName,
    group: caller.usingGroup,
    ip: fields.ip,
    request_id: fields.requestId,
    other: '{}',
  };
}

function baseRow(context: LogContext, type: number, channel: ChannelRoute | undefined): NewLog {
  const { caller, call, request, startedAt } = context;
  return callLogRow({ caller, model: call.model, startedAt, stream: call.stream, channelId: channel?.id ?? 0, channelName: channel?.name ?? '', ip: request.ip, requestId: request.id }, type);
}

/** The kind of client that made the call: its dialect (or endpoint), or the playground. */
export function clientTypeOf(call: RelayRequest, caller: RelayCaller): string {
  if (!caller.apiKey) return 'playground';
  return call.format ?? call.endpoint.path.replace(/^\/v1\//, '');
}

function costSummary(quote: BillingQuote): string {
  const group = `group ratio ${quote.group.groupRatio}`;
  if (quote.pricing.mode === 'price') return `model price $${quote.pricing.modelPrice}, ${group}`;
  return `model ratio ${quote.pricing.modelRatio}, completion ratio ${quote.pricing.completionRatio}, ${group}`;
}

/** The consumption row of a settled call. */
export function buildConsumeLog(
  context: LogContext & {
    quote: BillingQuote;
    usage: BillableUsage;
    cost: QuotaCost;
    outcome: AnswerOutcome;
    channel: ChannelRoute;
    upstreamModel: string;
    conversion: { wire: string | null; passthrough: boolean; warnings: string[] };
    budget: CallBudget;
  },
): NewLog {
  const { quote, usage, cost, outcome, channel, upstreamModel, call, conversion, budget } = context;
  const notes: string[] = [...conversion.warnings];
  if (outcome.usageCounted) notes.push('the upstream reported no usage: tokens counted locally');
  if (outcome.usageWarnings) notes.push(...outcome.usageWarnings);
  if (outcome.clientGone) notes.push('the client disconnected: billed what was streamed');
  if (outcome.upstreamBroken) notes.push('the upstream stream broke off');
  if (budget.outputCap !== null) notes.push(`the output limit was lowered to ${budget.outputCap} tokens, what the balance affords`);
  if (budget.cutShort) notes.push('the answer outran what the call held: the stream was ended');
  if (budget.unbilled > 0) notes.push(`the answer cost ${budget.unbilled} more than the balance could cover: left unbilled`);
  // Built by assignment, not spreads: this runs on every settled call.
  const other: Record<string, unknown> = Object.assign<Record<string, unknown>, object, object>({}, cost.other, cost.unitFields);
  // The rows add up to what the call owed: `quota` plus `unbilled_quota` when the balance could not cover it all.
  other.billing_breakdown = cost.breakdown;
  other.frt = outcome.firstByteMs;
  other.is_model_mapped = upstreamModel !== call.model;
  other.upstream_model_name = upstreamModel;
  other.admin_info = { use_channel: context.tried };
  other.client_type = clientTypeOf(call, context.caller);
  if (call.format && conversion.wire && !conversion.passthrough) other.request_conversion = [call.format, conversion.wire];
  if (budget.outputCap !== null) other.output_cap = budget.outputCap;
  if (budget.unbilled > 0) other.unbilled_quota = budget.unbilled;
  if (outcome.sensitive) {
    // What the completion check did is the caller's to see; the words only the admins'.
    other.sensitive = { stage: 'completion', action: outcome.sensitive.action, masked: outcome.sensitive.masked };
    other.admin_info = { use_channel: context.tried, sensitive_words: outcome.sensitive.words };
  }
  if (notes.length) other.warnings = notes;
  const row = baseRow(context, LogType.Consume, channel);
  row.content = costSummary(quote);
  row.quota = cost.quota;
  row.prompt_tokens = usage.promptTokens;
  row.completion_tokens = usage.completionTokens;
  row.other = JSON.stringify(other);
  return row;
}

/** How the call's reservation bounded it: the output cap it was sent, what went unbilled, and whether its stream was ended. */
export interface CallBudget {
  outputCap: number | null;
  unbilled: number;
  cutShort: boolean;
}

/** The system row (type 4) of a call whose answer cost more than the balance could cover; its quota is 0, nothing moved. */
export function buildShortfallLog(context: LogContext, amounts: { owed: number; billed: number; unbilled: number }): NewLog {
  const row = baseRow(context, LogType.System, undefined);
  row.content = `request ${context.request.id}: the answer cost ${amounts.owed}, the balance covered ${amounts.billed}; ${amounts.unbilled} left unbilled`;
  row.other = JSON.stringify({ unbilled_quota: amounts.unbilled, owed_quota: amounts.owed, billed_quota: amounts.billed });
  return row;
}

/** The system row (type 4) of a call whose upstream reported usage out of range: the raw figures, what was billed instead. */
export function buildUntrustedUsageLog(context: LogContext, reported: BillableUsage, billed: BillableUsage, violations: readonly string[]): NewLog {
  const row = baseRow(context, LogType.System, undefined);
  row.content = `request ${context.request.id}: the upstream reported usage out of range (${violations.join('; ')}); billed at most what the call held`;
  row.other = JSON.stringify({ reported_usage: rawFigures(reported), billed_usage: rawFigures(billed), violations });
  return row;
}

/** Usage counts as JSON keeps them: non-finite numbers (which JSON cannot hold) as their text. */
function rawFigures(usage: BillableUsage): Record<string, number | string> {
  const figures: Record<string, number | string> = {};
  for (const [name, value] of Object.entries(usage)) {
    if (typeof value === 'number') figures[name] = Number.isFinite(value) ? value : String(value);
    else if (typeof value === 'string') figures[name] = value;
  }
  return figures;
}

/** The error row of a call that failed on every channel tried. */
export function buildErrorLog(context: LogContext & { message: string; detail?: string | null }): NewLog {
  const channelId = context.tried.at(-1);
  const channel = channelId === undefined ? undefined : context.services.routing.channel(channelId);
  // The row's owner reads `content`; the full detail (addresses, provider errors) is admin-only (admin_info).
  const adminInfo = context.detail ? { use_channel: context.tried, detail: context.detail.slice(0, 2000) } : { use_channel: context.tried };
  return { ...baseRow(context, LogType.Error, channel), content: context.message.slice(0, 2000), other: JSON.stringify({ admin_info: adminInfo }) };
}
