// The money of one Realtime session: a running reservation that always holds the next response's worst case (its
// output limit, else the model's, priced at the dearer of text and audio, plus the conversation so far), capped to
// what the balances afford. A response takes the hold when it starts and is settled once, from its `response.done`
// usage, against that hold; then the next hold is taken. When the balances cannot cover even a short response the
// session must end (the caller sends the error event). Nothing settles above what was held, so no balance goes below
// zero; what a response cost beyond its hold and the balances is logged as unbilled.
import { computeQuotaCost, minimalAnswerTokens, type BillableUsage, type BillingQuote } from '@turnpike/relay';
import type { NewLog } from '../db/schema';
import type { Reservation } from '../billing/quota-ledger';
import type { RelayServices } from '../relay/relay-services';
import type { RelayCaller } from '../relay/relay-caller';
import type { RealtimeTokenCounts } from './realtime-events';

/** One response the session is paying for now. */
interface ActiveResponse {
  reservation: Reservation;
  /** The output limit the hold afforded, when it was lowered below the response's own. */
  outputCap: number | null;
}

/** What a settled response cost, for the log row and the metrics. */
export interface SettledResponse {
  usage: BillableUsage;
  counts: RealtimeTokenCounts;
  quota: number;
  unbilled: number;
  outputCap: number | null;
}

/** Builds the log rows of a session's responses (the session knows its channel, ids and times). */
export interface RealtimeLogWriter {
  consume(settled: SettledResponse, responseId: string, status: string): NewLog | null;
  error(message: string): NewLog | null;
  shortfall(owed: number, billed: number, unbilled: number): NewLog | null;
}

/** Audio input that pcm16 at 24 kHz sends per second, in base64 characters (64,000), and the tokens billed for it, erring high. */
const base64CharsPerAudioToken = 1_600;
/** Text items: bytes per token, erring high. */
const bytesPerTextToken = 3;

/** Price of `input` prompt tokens and `output` answer tokens, each at the dearer of its text and audio rates. */
export function responseWorstCase(quote: BillingQuote, input: number, output: number): number {
  if (quote.pricing.mode === 'price') return computeQuotaCost(quote, { promptTokens: input, completionTokens: output }).quota;
  const audioIn = (quote.pricing.audioRatio ?? 1) > 1;
  const audioOut = (quote.pricing.audioRatio ?? 1) * (quote.pricing.audioCompletionRatio ?? 1) > quote.pricing.completionRatio;
  return computeQuotaCost(quote, {
    promptTokens: input,
    completionTokens: output,
    audioPromptTokens: audioIn ? input : 0,
    audioCompletionTokens: audioOut ? output : 0,
  }).quota;
}

/** The largest output (at most `ceiling`) whose worst case fits `budget`; -1 when not even a short answer does. */
export function affordableResponseOutput(quote: BillingQuote, input: number, budget: number, ceiling: number): number {
  const fits = (output: number): boolean => responseWorstCase(quote, input, output) <= budget;
  if (fits(ceiling)) return ceiling;
  const floor = Math.min(minimalAnswerTokens, ceiling);
  if (quote.pricing.mode === 'price' || !fits(floor)) return -1;
  let low = floor;
  let high = ceiling;
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** The running reservation of one session. */
export class RealtimeBudget {
  private hold: Reservation | null = null;
  private readonly active: ActiveResponse[] = [];
  /** Prompt tokens the next response is expected to read: the conversation so far, plus what was added since. */
  private inputEstimate = 0;
  /** The session's output limit per response (`session.update`), else the model's. */
  private sessionOutputLimit: number;
  /** Why the last hold was refused (the balances' words), for the error event. */
  refusal = '';
  /** The channel the session's upstream runs on (0 until connected), billed with each response. */
  channelId = 0;

  constructor(
    private readonly services: RelayServices,
    private readonly caller: RelayCaller,
    private readonly quote: BillingQuote,
    private readonly model: string,
    private readonly modelOutputLimit: number,
    private readonly logs: RealtimeLogWriter,
  ) {
    this.sessionOutputLimit = modelOutputLimit;
  }

  /** Responses started and not yet settled. */
  get activeCount(): number {
    return this.active.length;
  }

  /** Whether the next response is already paid for. */
  get holding(): boolean {
    return this.hold !== null;
  }

  /** Sets the session's output limit per response (undefined: the model's). */
  setSessionOutputLimit(limit: number | undefined): void {
    this.sessionOutputLimit = limit === undefined ? this.modelOutputLimit : Math.min(limit, this.modelOutputLimit);
  }

  /** Counts what the client added to the conversation (input audio in base64 characters, or a text item's bytes). */
  addInput(audioChars: number, textBytes: number): void {
    this.inputEstimate += Math.ceil(audioChars / base64CharsPerAudioToken) + Math.ceil(textBytes / bytesPerTextToken);
  }

  private worst(output: number): number {
    return responseWorstCase(this.quote, this.inputEstimate, output);
  }

  /** Holds the next response's worst case (capped to the balances); false when not even a short response is affordable. */
  async acquire(): Promise<boolean> {
    if (this.hold) return true;
    const { options } = this.services.context;
    const want = this.worst(this.sessionOutputLimit);
    const cappable = this.quote.pricing.mode === 'ratio' && options.bool('QuotaOutputCapEnabled');
    const minimum = cappable ? this.worst(Math.min(minimalAnswerTokens, this.sessionOutputLimit)) : want;
    const apiKey = this.caller.apiKey;
    const reserved = await this.services.ledger.reserve(this.caller.user.id, apiKey?.id ?? 0, apiKey?.unlimited_quota === 1, want, minimum);
    if (!reserved.ok) {
      this.refusal = reserved.reason === 'token_quota' ? 'token quota is not enough for another response' : 'user quota is not enough for another response';
      return false;
    }
    this.hold = reserved.reservation;
    return true;
  }

  /**
   * A response starts: it takes the hold (taking one first when another response holds the last), topped up for the
   * conversation's growth as far as the balances allow. Answers the output limit to send when the hold affords less
   * than the response's own (`stated`, else the session's), or false when not even a short response is affordable.
   */
  async start(stated: number | undefined): Promise<{ ok: true; outputCap: number | null } | { ok: false }> {
    if (!this.hold && !(await this.acquire())) return { ok: false };
    const hold = this.hold as Reservation;
    this.hold = null;
    const limit = Math.min(stated ?? this.sessionOutputLimit, this.modelOutputLimit);
    const want = this.worst(limit);
    if (hold.amount < want) await this.services.ledger.extend(hold, want - hold.amount);
    let outputCap: number | null = null;
    if (hold.amount < want) {
      const affordable = affordableResponseOutput(this.quote, this.inputEstimate, hold.amount, limit);
      if (affordable < 0) {
        this.services.ledger.release(hold, null);
        this.refusal = 'quota is not enough for another response';
        return { ok: false };
      }
      outputCap = affordable;
    }
    this.active.push({ reservation: hold, outputCap });
    return { ok: true, outputCap };
  }

  /** Returns the hold of the response started last, which never went upstream (the session ended meanwhile). */
  dropLatest(): void {
    const response = this.active.pop();
    if (response) this.services.ledger.release(response.reservation, null);
  }

  /**
   * Bills the oldest active response once from its usage. A response the session did not see start (a server turn
   * that came before its `response.created`) is billed against the hold.
   */
  async settle(usage: BillableUsage, counts: RealtimeTokenCounts, responseId: string, status: string): Promise<SettledResponse | null> {
    const response = this.active.shift() ?? (this.hold ? { reservation: this.hold, outputCap: null } : null);
    if (!response) return null;
    if (response.reservation === this.hold) this.hold = null;
    const { ledger, context } = this.services;
    const reservation = response.reservation;
    const owed = computeQuotaCost(this.quote, usage).quota;
    if (owed > reservation.amount) await ledger.extend(reservation, owed - reservation.amount);
    const quota = Math.min(owed, reservation.amount);
    const unbilled = owed - quota;
    const settled: SettledResponse = { usage, counts, quota, unbilled, outputCap: response.outputCap };
    ledger.settle(reservation, {
      actual: quota,
      channelId: this.channelId,
      succeeded: true,
      log: context.options.bool('LogConsumeEnabled') ? this.logs.consume(settled, responseId, status) : null,
      systemLog: unbilled > 0 ? this.logs.shortfall(owed, quota, unbilled) : null,
      tokensUsed: usage.promptTokens + usage.completionTokens,
      modelName: this.model,
      username: this.caller.user.username,
    });
    // The next response reads this whole conversation again, its answer included.
    this.inputEstimate = usage.promptTokens + usage.completionTokens;
    return settled;
  }

  /** Returns every hold: the idle one silently, those of unfinished responses with an error row. */
  releaseAll(reason: string): void {
    const { ledger } = this.services;
    if (this.hold) ledger.release(this.hold, null);
    this.hold = null;
    for (const response of this.active.splice(0)) ledger.release(response.reservation, this.logs.error(reason), this.channelId);
  }
}
