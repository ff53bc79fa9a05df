// Reading Realtime frames cheaply: the event type is peeked from the frame's first bytes (clients and OpenAI write
// `type` first), so audio deltas and appends pass through without being parsed; only the events billing reads are
// parsed whole. The usage of `response.done` becomes billable usage with its audio and text parts.
import type { BillableUsage } from '@turnpike/relay';

/** How far into a frame the type is looked for before the frame is parsed to find it. */
const peekBytes = 96;
const typeKey = Buffer.from('"type"');
const quote = 0x22;

/** The frame's event type, from its first bytes; null when it is not there (the caller then parses the frame). */
export function peekEventType(frame: Buffer): string | null {
  const at = frame.indexOf(typeKey);
  if (at < 0 || at > peekBytes) return null;
  let index = at + typeKey.length;
  // Skip whitespace and the colon up to the opening quote.
  while (index < frame.length && frame[index] !== quote) {
    const byte = frame[index];
    if (byte !== 0x20 && byte !== 0x3a && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return null;
    index += 1;
  }
  const end = frame.indexOf(quote, index + 1);
  if (end < 0 || end - index > 64) return null;
  return frame.toString('latin1', index + 1, end);
}

/** A parsed event: a JSON object, or null when the frame is not one. */
export function parseEvent(frame: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(frame.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The frame's event type: peeked, or else read from the parsed frame (returned too, so it is parsed once). */
export function eventTypeOf(frame: Buffer): { type: string; parsed: Record<string, unknown> | null } {
  const peeked = peekEventType(frame);
  if (peeked !== null) return { type: peeked, parsed: null };
  const parsed = parseEvent(frame);
  return { type: typeof parsed?.type === 'string' ? parsed.type : '', parsed };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** The token counts of one response, as the usage log shows them. */
export interface RealtimeTokenCounts {
  textInput: number;
  audioInput: number;
  cachedInput: number;
  textOutput: number;
  audioOutput: number;
}

/**
 * The usage of a `response.done`: its counts and what billing takes from them. Cached input is billed at the cache
 * ratio whatever its kind; uncached audio input at the audio ratio; audio output at the audio × audio-completion ratio.
 * Null when the event carries no usage.
 */
export function readResponseUsage(done: Record<string, unknown>): { counts: RealtimeTokenCounts; usage: BillableUsage; responseId: string; status: string } | null {
  const response = record(done.response);
  if (!response.usage || typeof response.usage !== 'object') return null;
  const usage = record(response.usage);
  const inputDetails = record(usage.input_token_details);
  const outputDetails = record(usage.output_token_details);
  const cachedDetails = record(inputDetails.cached_tokens_details);
  const audioInput = count(inputDetails.audio_tokens);
  const textInput = count(inputDetails.text_tokens);
  const audioOutput = count(outputDetails.audio_tokens);
  const textOutput = count(outputDetails.text_tokens);
  const inputTokens = Math.max(count(usage.input_tokens), textInput + audioInput);
  const outputTokens = Math.max(count(usage.output_tokens), textOutput + audioOutput);
  const cached = Math.min(count(inputDetails.cached_tokens), inputTokens);
  const cachedAudio = Math.min(count(cachedDetails.audio_tokens), audioInput, cached);
  return {
    responseId: typeof response.id === 'string' ? response.id : '',
    status: typeof response.status === 'string' ? response.status : '',
    counts: { textInput, audioInput, cachedInput: cached, textOutput, audioOutput },
    usage: {
      promptTokens: inputTokens,
      completionTokens: outputTokens,
      cachedTokens: cached,
      audioPromptTokens: audioInput - cachedAudio,
      audioCompletionTokens: Math.min(audioOutput, outputTokens),
    },
  };
}

/** A response's output limit as an event states it (`max_output_tokens`, or the beta `max_response_output_tokens`); undefined when unset or `inf`. */
export function statedOutputLimit(settings: Record<string, unknown>): number | undefined {
  for (const key of ['max_output_tokens', 'max_response_output_tokens']) {
    const value = settings[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.trunc(value);
    if (value === 'inf') return undefined;
  }
  return undefined;
}
