// The usage-log rows of a Realtime session: one consumption row per response (type 2, `other.ws: true` with the
// audio and text token counts, new-api's field names), an error row for a response that never finished, and the
// system row of a response that cost more than the balances could cover.
import { LogType } from '@turnpike/contract';
import { computeQuotaCost, type BillingQuote } from '@turnpike/relay';
import type { NewLog } from '../db/schema';
import type { RelayCaller } from '../relay/relay-caller';
import { callLogRow } from '../relay/relay-log-rows';
import type { RealtimeLogWriter, SettledResponse } from './realtime-budget';

/** What every row of a session names. */
export interface RealtimeLogContext {
  caller: RelayCaller;
  model: string;
  quote: BillingQuote;
  ip: string;
  /** The upgrade request's id: every row of the session carries it. */
  requestId: string;
  startedAt: number;
  /** The channel, its name, the upstream model and the channels tried; set once the upstream is open. */
  channel: { id: number; name: string; upstreamModel: string; tried: number[] };
}

function baseRow(context: RealtimeLogContext, type: number): NewLog {
  const { caller, channel } = context;
  return callLogRow({ caller, model: context.model, startedAt: context.startedAt, stream: true, channelId: channel.id, channelName: channel.name, ip: context.ip, requestId: context.requestId }, type);
}

function costSummary(quote: BillingQuote): string {
  const group = `group ratio ${quote.group.groupRatio}`;
  const pricing = quote.pricing;
  if (pricing.mode === 'price') return `model price $${pricing.modelPrice}, ${group}`;
  return `model ratio ${pricing.modelRatio}, completion ratio ${pricing.completionRatio}, audio ratio ${pricing.audioRatio ?? 1}, audio completion ratio ${pricing.audioCompletionRatio ?? 1}, ${group}`;
}

/** The log writer of one session. */
export function realtimeLogWriter(context: RealtimeLogContext): RealtimeLogWriter {
  return {
    consume(settled: SettledResponse, responseId: string, status: string): NewLog {
      const { quote, channel } = context;
      const cost = computeQuotaCost(quote, settled.usage);
      const { counts } = settled;
      const other: Record<string, unknown> = Object.assign<Record<string, unknown>, object, object>({}, cost.other, cost.unitFields);
      other.billing_breakdown = cost.breakdown;
      other.ws = true;
      other.text_input = counts.textInput;
      other.audio_input = counts.audioInput;
      other.text_output = counts.textOutput;
      other.audio_output = counts.audioOutput;
      if (quote.pricing.mode === 'ratio') {
        other.audio_ratio = quote.pricing.audioRatio ?? 1;
        other.audio_completion_ratio = quote.pricing.audioCompletionRatio ?? 1;
      }
      other.realtime_response_id = responseId;
      other.realtime_response_status = status;
      other.is_model_mapped = channel.upstreamModel !== context.model;
      other.upstream_model_name = channel.upstreamModel;
      other.admin_info = { use_channel: channel.tried };
      other.client_type = 'realtime';
      const notes: string[] = [];
      if (settled.outputCap !== null) {
        other.output_cap = settled.outputCap;
        notes.push(`the output limit was lowered to ${settled.outputCap} tokens, what the balance affords`);
      }
      if (settled.unbilled > 0) {
        other.unbilled_quota = settled.unbilled;
        notes.push(`the response cost ${settled.unbilled} more than the balance could cover: left unbilled`);
      }
      if (notes.length > 0) other.warnings = notes;
      const row = baseRow(context, LogType.Consume);
      row.content = costSummary(quote);
      row.quota = settled.quota;
      row.prompt_tokens = settled.usage.promptTokens;
      row.completion_tokens = settled.usage.completionTokens;
      row.other = JSON.stringify(other);
      return row;
    },
    error(message: string): NewLog {
      const row = baseRow(context, LogType.Error);
      row.content = message.slice(0, 2000);
      row.other = JSON.stringify({ ws: true, admin_info: { use_channel: context.channel.tried } });
      return row;
    },
    shortfall(owed: number, billed: number, unbilled: number): NewLog {
      const row = baseRow(context, LogType.System);
      row.content = `realtime session ${context.requestId}: a response cost ${owed}, the balance covered ${billed}; ${unbilled} left unbilled`;
      row.other = JSON.stringify({ unbilled_quota: unbilled, owed_quota: owed, billed_quota: billed });
      return row;
    },
  };
}
