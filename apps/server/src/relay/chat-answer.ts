// Chat answers in any format: forwarded as bytes (usage read on the side) or converted through the canonical model.
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setImmediate } from 'node:timers/promises';
import {
  collectStreamParts,
  findFormat,
  foldAnswerReasoning,
  roughTokenWeight,
  streamPartsOf,
  type CanonicalError,
  type CanonicalResponse,
  type CanonicalStreamEncoder,
  type CanonicalStreamPart,
  type CanonicalUsage,
  type Format,
  type FormatId,
  type ReasoningEnvelope,
  type StreamUsageReader,
  StreamReasoningFolder,
} from '@turnpike/formats';
import { reconcileUsage, type UsageReading } from '@turnpike/providers';
import type { BillableUsage } from '@turnpike/relay';
import { AnswerFilter, filterWholeAnswer } from '../content-policy/answer-filter';
import type { CompletionPolicy } from '../content-policy/content-policy';
import { decodeWholeStream, dialectOf } from './chat-wire';
import { brokenStreamNote, waitForDrain, type AnswerOutcome } from './relay-answer';
import type { StreamFraming } from './relay-request';
import { deferHead, pumpStream } from './stream-pump';
import type { OutputGuard } from './output-guard';
import { exactCounter } from './token-counter';
import { readBody } from './upstream-body';
import { type UpstreamAbort, type UpstreamResponse } from './upstream-client';

export type { StreamFraming } from './relay-request';

/** One chat answer's formats. */
export interface ChatAnswerPlan {
  inbound: FormatId;
  /** The upstream's wire: a format id or a provider's native dialect id. */
  wire: string;
  passthrough: boolean;
  /** Whether the upstream was asked to stream; when it differs from the caller's wish the answer is re-shaped. */
  upstreamStream: boolean;
  /** Turns the upstream's stream framing into the wire's SSE bytes (Bedrock's event stream), when it has its own. */
  reframe: ((chunk: Buffer) => Buffer) | null;
  /** The model name the caller asked for, shown in converted answers. */
  model: string;
  framing: StreamFraming;
  /** Prompt tokens by the real tokenizer (the rough count until it has loaded), for dialects that report them before the answer (Anthropic `message_start`) when the upstream announced none. */
  estimatePrompt: () => number;
  /** Exact prompt tokens, counted only when the upstream reports no usage. */
  countPrompt: () => Promise<number>;
  /** Ends a stream that outruns its reservation; null when nothing needs watching (free calls). */
  guard: OutputGuard | null;
  /** The completion check (sensitive words) the answer goes through, or null when it is off. */
  sensitive: CompletionPolicy | null;
  /** How the channel type's reported usage is read (where its reasoning tokens stand). */
  usageReading: UsageReading;
  /** Seals the reasoning state a converted answer carries to the client (reasoning-carriage.ts). */
  reasoning: ReasoningEnvelope;
}

function formatOf(id: string): Format {
  const format = findFormat(id);
  if (!format) throw new Error(`no codec for ${id}`);
  return format;
}

/** Canonical usage in billing terms. */
export function billableFrom(usage: CanonicalUsage): BillableUsage {
  return { promptTokens: usage.inputTokens, completionTokens: usage.outputTokens, cachedTokens: usage.cacheReadTokens, cacheCreationTokens: usage.cacheWriteTokens, unitCounts: usage.unitCounts };
}

const hasTokens = (usage: CanonicalUsage | undefined): usage is CanonicalUsage => usage !== undefined && usage.inputTokens + usage.outputTokens > 0;

/** Turns upstream stream bytes into what the caller receives, and keeps the usage and generated text. */
interface StreamTransform {
  push(chunk: Buffer): Buffer | string;
  /** Encodes a whole upstream answer as stream events (upstreams that cannot stream). */
  replay(whole: Buffer): string;
  end(): string;
  /** Ends the stream early, as if the upstream had stopped at its output limit (instead of `end`). */
  cut(): string;
  /** Ends a stream the upstream broke off with the caller's format's error signal (instead of `end`). */
  broken(): string;
  /** The reported usage, checked against the canonical contract (`reconcileUsage`). */
  usage(): CanonicalUsage | undefined;
  /** What the check of the reported usage repaired. */
  usageWarnings(): string[];
  text(): string;
  /** A rough token count of `text()` that errs high, without joining it. */
  roughTokens(): number;
  /** The upstream's error, when it reported one and generated nothing (so there is nothing to bill). */
  failure(): string | undefined;
  /** True when the upstream reported an error inside the stream: the stream ended without its final usage. */
  errored(): boolean;
  /** True once the completion check ended the answer (its closing events went out with it). */
  stopped(): boolean;
  /** What the completion check did, when it found a word. */
  sensitivity(): AnswerOutcome['sensitive'];
}

/** What a caller is told when the upstream breaks off mid-stream (its SDK raises it: OpenAI `error`, Anthropic `event: error`, …). */
const brokenStreamError: CanonicalError = { message: 'the upstream connection broke off before the answer was complete', type: 'server_error', code: 'upstream_stream_broken', httpStatus: 502 };

/** The closing events of the caller's format for a pass-through stream ended early (`part`: why): its opening already went out. */
function resumedEnding(plan: ChatAnswerPlan, part: CanonicalStreamPart): string {
  const encoder = formatOf(plan.inbound).createStreamEncoder({ metadata: { id: `chatcmpl-${crypto.randomUUID()}`, model: plan.model, created: Math.floor(Date.now() / 1000) }, includeUsage: false, framing: plan.framing, resumed: true });
  return encoder.encode(part) + encoder.end();
}

function passthroughTransform(wire: Format, plan: ChatAnswerPlan): StreamTransform {
  // The text is collected as the stream goes, in case no usage arrives and it must be counted. Keeping the raw
  // chunks instead costs a buffer per chunk: about 45 KB per stream of a hundred chunks, 90 MB over 2,000 streams.
  const reader: StreamUsageReader = wire.createStreamUsageReader({ collectText: true });
  let checked: { usage: CanonicalUsage; warnings: string[] } | undefined;
  return {
    push(chunk) {
      reader.push(chunk);
      return chunk;
    },
    end() {
      reader.end();
      return '';
    },
    cut: () => resumedEnding(plan, { type: 'finish', reason: 'length' }),
    broken() {
      reader.end();
      return resumedEnding(plan, { type: 'error', error: brokenStreamError });
    },
    usage() {
      const reported = reader.usage;
      if (reported === undefined) return undefined;
      checked = reconcileUsage(reported, plan.usageReading);
      return checked.usage;
    },
    usageWarnings: () => checked?.warnings ?? [],
    failure: () => undefined,
    errored: () => reader.errored === true,
    replay() {
      throw new Error('a pass-through stream has no whole answer to replay');
    },
    text: () => reader.text,
    roughTokens: () => reader.roughTokens,
    stopped: () => false,
    sensitivity: () => undefined,
  };
}

/** `encoder` with each part folded first (`folder`: the answer's reasoning folder, or null when nothing is folded). */
function foldingEncoder(folder: StreamReasoningFolder | null, encoder: CanonicalStreamEncoder): CanonicalStreamEncoder {
  if (!folder) return encoder;
  return {
    encode(part) {
      const folded = folder.fold(part);
      return folded ? encoder.encode(folded) : '';
    },
    end: () => encoder.end(),
  };
}

function convertingTransform(plan: ChatAnswerPlan): StreamTransform {
  const decoder = dialectOf(plan.wire).createStreamDecoder();
  const inbound = formatOf(plan.inbound);
  let encoder: CanonicalStreamEncoder | null = null;
  let usage: CanonicalUsage | undefined;
  let usageWarnings: string[] = [];
  const text: string[] = [];
  let textWeight = 0;
  let ended = false;
  // Reasoning state the caller's format cannot hand back rides in envelopes (only across formats: a same-format
  // request goes upstream as the caller sent it, envelopes unopened).
  const folder = plan.inbound === plan.wire ? null : new StreamReasoningFolder(plan.reasoning, inbound.reasoningReturn);
  const encoderFor = (): CanonicalStreamEncoder => {
    encoder ??= foldingEncoder(folder, inbound.createStreamEncoder({
      metadata: { id: decoder.metadata?.id ?? `chatcmpl-${crypto.randomUUID()}`, model: plan.model, created: decoder.metadata?.created ?? Math.floor(Date.now() / 1000) },
      includeUsage: true,
      framing: plan.framing,
      // Read once, when an encoder that reports it up front opens its stream: the upstream's own count when it gave one first.
      inputTokens: () => decoder.promptTokens ?? plan.estimatePrompt(),
    }));
    return encoder;
  };
  let error: string | undefined;
  // The completion check sits between the decoder and the encoder; what the upstream produced is still kept for billing.
  const filter = plan.sensitive ? new AnswerFilter(plan.sensitive) : null;
  const encodeParts = (parts: readonly CanonicalStreamPart[]): string => {
    let out = '';
    for (const part of parts) out += encoderFor().encode(part);
    return out;
  };
  const keep = (piece: string): void => {
    text.push(piece);
    textWeight += roughTokenWeight(piece);
  };
  const encodeAll = (parts: CanonicalStreamPart[]): string => {
    let out = '';
    for (const part of parts) {
      if (ended) break;
      if (part.type === 'error') error ??= part.error.message;
      if (part.type === 'usage') {
        // Checked before it is encoded, so the caller's format reports the usage that is billed.
        const checked = reconcileUsage(part.usage, plan.usageReading);
        usage = checked.usage;
        usageWarnings = checked.warnings;
        if (checked.usage !== part.usage) {
          out += encoderFor().encode({ type: 'usage', usage: checked.usage });
          continue;
        }
      } else if (part.type === 'text-delta' || part.type === 'reasoning-delta') keep(part.text);
      else if (part.type === 'tool-call-delta') keep(part.argumentsDelta);
      else if (part.type === 'tool-call-start') keep(part.name);
      else if (part.type === 'server-tool' && part.part.input !== undefined) keep(part.part.input);
      if (!filter) {
        out += encoderFor().encode(part);
        continue;
      }
      out += encodeParts(filter.filter(part));
      if (filter.stopped) {
        // The answer ends here, in the caller's format: the finish part went out, the closing events follow.
        ended = true;
        out += encoderFor().end();
      }
    }
    return out;
  };
  /** What the completion check still holds back, before the stream's closing events. */
  const released = (): string => (filter && !ended ? encodeParts(filter.release()) : '');
  return {
    push: (chunk) => encodeAll(decoder.push(chunk)),
    replay(whole) {
      const wire = dialectOf(plan.wire);
      const parsed: unknown = JSON.parse(whole.toString('utf8'));
      const error = wire.decodeError(parsed);
      if (error) throw new Error(error.message);
      return encodeAll(streamPartsOf(wire.decodeResponse(parsed)));
    },
    end() {
      if (ended) return '';
      const rest = encodeAll(decoder.end());
      return ended ? rest : rest + released() + encoderFor().end();
    },
    cut() {
      if (ended) return '';
      const held = released();
      ended = true;
      return held + encoderFor().encode({ type: 'finish', reason: 'length' }) + encoderFor().end();
    },
    broken() {
      if (ended) return '';
      ended = true;
      // What the decoder still held is sent first; the error part is not kept as the upstream's own failure.
      const rest = encodeAll(decoder.end()) + released();
      return rest + encoderFor().encode({ type: 'error', error: brokenStreamError }) + encoderFor().end();
    },
    usage: () => usage,
    usageWarnings: () => usageWarnings,
    text: () => text.join(''),
    roughTokens: () => Math.ceil(textWeight / 3),
    failure: () => (error !== undefined && text.length === 0 && !hasTokens(usage) ? error : undefined),
    errored: () => error !== undefined,
    stopped: () => filter?.stopped === true,
    sensitivity: () => filter?.report(),
  };
}

/** Streams a chat answer to the client chunk by chunk, in the caller's format; meters usage, counting text when none arrives. */
export async function relayChatStream(raw: ServerResponse, upstream: UpstreamResponse, abort: UpstreamAbort, plan: ChatAnswerPlan, startedAt: number): Promise<AnswerOutcome> {
  const transform = plan.passthrough ? passthroughTransform(formatOf(plan.wire), plan) : convertingTransform(plan);
  let clientGone = false;
  let upstreamBroken = false;
  let cutShort = false;
  let stopped = false;
  let firstByteMs = 0;
  const onClose = (): void => {
    if (!raw.writableFinished) {
      clientGone = true;
      abort.abort();
    }
  };
  raw.on('close', onClose);
  raw.writeHead(200, {
    'content-type': plan.framing === 'json-array' ? 'application/json; charset=utf-8' : formatOf(plan.inbound).streamContentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const head = deferHead(raw);
  const markFirstByte = (): void => {
    if (firstByteMs !== 0) return;
    firstByteMs = Date.now() - startedAt;
    clearTimeout(head);
  };
  const write = (data: Buffer | string): boolean => {
    if (data.length === 0 || clientGone) return true;
    markFirstByte();
    return raw.write(data);
  };
  try {
    if (!plan.upstreamStream) {
      // The upstream cannot stream: its whole answer is replayed as one burst of stream events.
      if (!write(transform.replay(await readBody(upstream.body)))) await waitForDrain(raw);
    } else {
      const reframe = plan.reframe;
      const guard = plan.guard;
      abort.watchIdle();
      const broken = await pumpStream(upstream.body, raw, (chunk) => {
        abort.received(chunk);
        const more = write(transform.push(reframe ? reframe(chunk) : chunk));
        if (transform.stopped()) {
          // The completion check ended the answer: the rest of the upstream's answer is not read.
          stopped = true;
          throw new Error('the completion check ended the answer');
        }
        if (guard?.exceeded(transform.roughTokens(), transform.text)) {
          // The answer outran what the call holds: the pump stops reading (and drops the upstream body).
          cutShort = true;
          throw new Error('the answer outran its reservation');
        }
        return more;
      });
      upstreamBroken = broken && !clientGone && !cutShort && !stopped;
    }
  } catch {
    if (!clientGone) upstreamBroken = true;
  }
  try {
    if (cutShort || stopped) abort.abort('cut');
    // A stream the upstream broke off ends with the format's error signal, so the caller's SDK raises instead of
    // taking a truncated answer for a whole one.
    const ending = cutShort ? transform.cut() : upstreamBroken ? transform.broken() : transform.end();
    // The closing events go out with the end of the response, in one socket write.
    if (ending.length > 0 && !clientGone) {
      markFirstByte();
      raw.end(ending);
    }
  } finally {
    clearTimeout(head);
    raw.off('close', onClose);
    if (!raw.writableEnded) raw.end();
  }
  const reported = transform.usage();
  const sensitive = transform.sensitivity();
  const usageWarnings = transform.usageWarnings();
  // A stream the completion check ended is billed for what the upstream produced until then, like a cut one.
  const ended = cutShort || stopped;
  // An error event mid-answer (Anthropic's overloaded_error) ends the stream before its final usage, like a break.
  const whole = !clientGone && !upstreamBroken && !ended && !transform.errored();
  if (hasTokens(reported) && whole) return { usage: billableFrom(reported), firstByteMs, clientGone, upstreamBroken, usageCounted: false, cutShort, usageWarnings, sensitive };
  // An upstream that answered only with an error event generated nothing: the call failed and is not billed.
  const failure = transform.failure();
  if (failure !== undefined && !ended) return { usage: { promptTokens: 0, completionTokens: 0 }, firstByteMs, clientGone, upstreamBroken, usageCounted: false, failure };
  const count = await exactCounter();
  const streamed = count(transform.text());
  if (!hasTokens(reported)) {
    // No usage arrived: count what was actually streamed (the loop gets a turn between the two counts).
    await setImmediate();
    return { usage: { promptTokens: await plan.countPrompt(), completionTokens: streamed }, firstByteMs, clientGone, upstreamBroken, usageCounted: true, cutShort, usageWarnings, sensitive };
  }
  // The stream ended before its final usage event (the caller left, the upstream broke off, it was cut, or the
  // completion check stopped it): what was reported so far may be an opening figure (Anthropic's message_start says
  // 1 output token, Gemini's early chunks none), so the bill takes the larger of it and the streamed text counted by
  // the exact tokenizer.
  return { usage: await brokenStreamUsage(reported, streamed, plan.countPrompt), firstByteMs, clientGone, upstreamBroken, usageCounted: false, cutShort, usageWarnings: [...usageWarnings, brokenStreamNote(reported.outputTokens, streamed)], sensitive };
}

/** The usage of a stream that ended early: the reported figures, output at least the streamed text, the prompt counted when none was reported. */
async function brokenStreamUsage(reported: CanonicalUsage, streamed: number, countPrompt: () => Promise<number>): Promise<BillableUsage> {
  const usage = billableFrom(reported);
  if (streamed > usage.completionTokens) usage.completionTokens = streamed;
  if (usage.promptTokens === 0) {
    await setImmediate();
    usage.promptTokens = await countPrompt();
  }
  return usage;
}

function responseText(response: CanonicalResponse): string {
  return response.parts
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return part.text;
      if (part.type === 'tool-call') return part.name + part.arguments;
      return '';
    })
    .join('');
}

/** The whole answer of an upstream that only streams: its stream decoded and collected. */
async function collectStreamedAnswer(upstream: UpstreamResponse, plan: ChatAnswerPlan): Promise<CanonicalResponse> {
  const { parts, metadata } = await decodeWholeStream(upstream.body, plan.wire, plan.reframe ?? null);
  const failed = parts.find((part) => part.type === 'error');
  if (failed?.type === 'error') throw new Error(failed.error.message);
  return collectStreamParts(parts, metadata ?? { id: `chatcmpl-${crypto.randomUUID()}`, model: plan.model, created: Math.floor(Date.now() / 1000) });
}

/** Reads a whole chat answer; returns the bytes to send (converted when formats differ) and its measured usage. */
export async function readChatAnswer(upstream: UpstreamResponse, plan: ChatAnswerPlan): Promise<{ bytes: Buffer; contentType: string; outcome: Omit<AnswerOutcome, 'firstByteMs' | 'clientGone'> }> {
  let canonical: CanonicalResponse;
  let bytes: Buffer | null = null;
  let reported: CanonicalUsage | undefined;
  let checked: ReturnType<typeof reconcileUsage> | undefined;
  if (plan.upstreamStream) {
    canonical = await collectStreamedAnswer(upstream, plan);
    reported = canonical.usage;
  } else {
    const screened = upstream.screened;
    const raw = screened ? screened.raw : await readBody(upstream.body);
    const wire = dialectOf(plan.wire);
    const parsed: unknown = screened ? screened.parsed : JSON.parse(raw.toString('utf8'));
    // Some providers report errors in a 200 answer (a screened answer was checked already).
    const error = screened || findFormat(plan.wire) ? undefined : wire.decodeError(parsed);
    if (error) throw new Error(error.message);
    reported = wire.readUsage(parsed);
    checked = reported && reconcileUsage(reported, plan.usageReading);
    // Passed-through answers with their usage need no decoding at all: the bytes go back as they came.
    if (plan.passthrough && !plan.sensitive && checked && hasTokens(checked.usage)) return { bytes: raw, contentType: 'application/json', outcome: { usage: billableFrom(checked.usage), upstreamBroken: false, usageCounted: false, usageWarnings: checked.warnings } };
    canonical = wire.decodeResponse(parsed);
    reported ??= canonical.usage;
    if (plan.passthrough) bytes = raw;
  }
  // The usage is checked (once) before a converted answer reports it, so the caller sees what is billed.
  checked ??= reported && reconcileUsage(reported, plan.usageReading);
  if (checked) canonical = { ...canonical, usage: checked.usage };
  // The completion check: a filtered answer is encoded afresh; the upstream's usage (what it produced) is still billed.
  const filtered = plan.sensitive ? filterWholeAnswer(plan.sensitive, canonical) : null;
  const sensitive = filtered?.sensitivity;
  if (filtered && sensitive) bytes = null;
  if (!bytes) {
    const inbound = formatOf(plan.inbound);
    const answer = { ...(filtered?.response ?? canonical), model: plan.model };
    bytes = Buffer.from(JSON.stringify(inbound.encodeResponse(plan.inbound === plan.wire ? answer : foldAnswerReasoning(answer, plan.reasoning, inbound.reasoningReturn))));
  }
  if (checked && hasTokens(checked.usage)) return { bytes, contentType: 'application/json', outcome: { usage: billableFrom(checked.usage), upstreamBroken: false, usageCounted: false, usageWarnings: checked.warnings, sensitive } };
  const completionTokens = (await exactCounter())(responseText(canonical));
  // The loop gets a turn between the answer's count and the prompt's.
  await setImmediate();
  return { bytes, contentType: 'application/json', outcome: { usage: { promptTokens: await plan.countPrompt(), completionTokens }, upstreamBroken: false, usageCounted: true, sensitive } };
}
