// Writes the upstream's answer to the client as it arrives (bytes unchanged) while metering its usage.
import type { ServerResponse } from 'node:http';
import { setImmediate } from 'node:timers/promises';
import { OpenAiChatStreamUsageReader, sseDoneFrame } from '@turnpike/formats';
import type { EndpointTranslation } from '@turnpike/providers';
import type { BillableUsage } from '@turnpike/relay';
import type { AnswerSensitivity } from '../content-policy/answer-filter';
import type { OutputGuard } from './output-guard';
import type { RelayRequest } from './relay-request';
import { deferHead, pumpStream } from './stream-pump';
import { budgetedCounter, exactCounter } from './token-counter';
import { readBody } from './upstream-body';
import { type UpstreamAbort, type UpstreamResponse } from './upstream-client';

/** How an answer went, for settlement and the log. */
export interface AnswerOutcome {
  usage: BillableUsage;
  /** Milliseconds from the start of the call to the first byte sent to the client. */
  firstByteMs: number;
  /** The client went away before the answer ended. */
  clientGone: boolean;
  /** The upstream broke off mid-answer. */
  upstreamBroken: boolean;
  /** The usage was counted locally because the upstream reported none. */
  usageCounted: boolean;
  /** The upstream's error, when its stream carried only an error: the call failed and is released, not billed. */
  failure?: string;
  /** The stream outran its reservation (its upstream ignored the output limit) and was ended early. */
  cutShort?: boolean;
  /** What the completion check (sensitive words) did to the answer, when it found a word. */
  sensitive?: AnswerSensitivity;
  /** What the usage check repaired, or how a broken stream was billed (written to the log row's `other.warnings`). */
  usageWarnings?: string[];
}

const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** The log note of a stream billed before its final usage event: the larger of the reported output and the streamed text. */
export function brokenStreamNote(reportedOutput: number, streamed: number): string {
  return `the stream ended before its final usage: billed the larger of the reported output (${reportedOutput}) and the streamed text (${streamed})`;
}

/** Resolves when the client can take more bytes, or has gone away. */
export function waitForDrain(raw: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
  });
}

/** Streams SSE bytes to the client, flushing each chunk; meters usage from the side and by counting when none arrives. */
export async function relayStream(raw: ServerResponse, upstream: UpstreamResponse, abort: UpstreamAbort, call: RelayRequest, startedAt: number, guard: OutputGuard | null): Promise<AnswerOutcome> {
  // The text is collected as it streams, for a count when no usage arrives (no chunk is kept).
  const reader = new OpenAiChatStreamUsageReader({ collectText: true });
  let clientGone = false;
  let upstreamBroken = false;
  let cutShort = false;
  let firstByteMs = 0;
  const onClose = (): void => {
    if (!raw.writableFinished) {
      clientGone = true;
      abort.abort();
    }
  };
  raw.on('close', onClose);
  raw.writeHead(200, streamHeaders);
  const head = deferHead(raw);
  try {
    abort.watchIdle();
    const broken = await pumpStream(upstream.body, raw, (bytes) => {
      abort.received(bytes);
      if (firstByteMs === 0) {
        firstByteMs = Date.now() - startedAt;
        clearTimeout(head);
      }
      reader.push(bytes);
      const more = clientGone || raw.write(bytes);
      if (guard?.exceeded(reader.roughTokens, () => reader.text)) {
        cutShort = true;
        throw new Error('the answer outran its reservation');
      }
      return more;
    });
    upstreamBroken = broken && !clientGone && !cutShort;
    if (cutShort) {
      // The answer outran what the call holds: the upstream is dropped and the client's stream ends as OpenAI's do.
      abort.abort('cut');
      if (!clientGone) raw.end(sseDoneFrame);
    }
  } finally {
    clearTimeout(head);
    reader.end();
    raw.off('close', onClose);
    if (!raw.writableEnded) raw.end();
  }
  const reported = reader.usage;
  const hasReported = reported !== undefined && reported.inputTokens + reported.outputTokens > 0;
  const usage = hasReported ? { promptTokens: reported.inputTokens, completionTokens: reported.outputTokens, cachedTokens: reported.cacheReadTokens, cacheCreationTokens: reported.cacheWriteTokens } : null;
  if (usage && !cutShort && !clientGone && !upstreamBroken) return { usage, firstByteMs, clientGone, upstreamBroken, usageCounted: false };
  // No usage arrived (the upstream omits it), or the stream ended before its final usage: count what was streamed.
  const count = await exactCounter();
  const streamed = count(reader.text);
  if (!usage) {
    // The loop gets a turn between the answer's count and the prompt's.
    await setImmediate();
    return { usage: { promptTokens: call.endpoint.estimatePrompt(call, budgetedCounter(count)), completionTokens: streamed }, firstByteMs, clientGone, upstreamBroken, usageCounted: true, cutShort };
  }
  // What was reported so far may be a running figure: the bill takes the larger of it and the streamed text.
  return { usage: { ...usage, completionTokens: Math.max(usage.completionTokens, streamed) }, firstByteMs, clientGone, upstreamBroken, usageCounted: false, cutShort, usageWarnings: [brokenStreamNote(usage.completionTokens, streamed)] };
}

/**
 * Reads the whole answer, measures it, and returns its bytes for the caller: unchanged, or for an endpoint the
 * provider serves in its own API, the OpenAI-style answer its `translation` makes of a successful one.
 */
export async function readWholeAnswer(upstream: UpstreamResponse, call: RelayRequest, translation: EndpointTranslation | null = null): Promise<{ bytes: Buffer; outcome: Omit<AnswerOutcome, 'firstByteMs' | 'clientGone'> }> {
  if (translation) return readTranslatedAnswer(upstream, call, translation);
  const bytes = await readBody(upstream.body);
  const contentType = String(upstream.headers['content-type'] ?? '');
  let parsed: unknown = undefined;
  let text = '';
  if (contentType.includes('json') || contentType.startsWith('text/')) {
    text = bytes.toString('utf8');
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  const count = await exactCounter();
  const usage = call.endpoint.measure(call.json, parsed, text, call.endpoint.estimatePrompt(call, budgetedCounter(count)), count);
  return { bytes, outcome: { usage, upstreamBroken: false, usageCounted: parsed === undefined || !hasUsage(parsed) } };
}

function hasUsage(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'usage' in body && (body as { usage: unknown }).usage !== null;
}

/** A translated answer: the upstream's JSON converted to the OpenAI-style answer, which is then measured like any other. */
async function readTranslatedAnswer(upstream: UpstreamResponse, call: RelayRequest, translation: EndpointTranslation): Promise<{ bytes: Buffer; outcome: Omit<AnswerOutcome, 'firstByteMs' | 'clientGone'> }> {
  const raw = await readBody(upstream.body);
  const count = await exactCounter();
  const promptEstimate = call.endpoint.estimatePrompt(call, count);
  const { answer, usageReported } = translation.decodeAnswer(JSON.parse(raw.toString('utf8')), { request: call.json, model: call.model, promptTokens: promptEstimate });
  const text = JSON.stringify(answer);
  const usage = call.endpoint.measure(call.json, answer, text, promptEstimate, count);
  return { bytes: Buffer.from(text, 'utf8'), outcome: { usage, upstreamBroken: false, usageCounted: !usageReported } };
}
