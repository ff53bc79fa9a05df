// Anthropic Messages answer <-> canonical response, plus the stop-reason mapping the stream codecs share.
// Anthropic answers carry no creation time, so decoding stamps the time of decoding.
// @see https://docs.claude.com/en/api/messages#response
import { createEmptyUsage, type CanonicalFinishReason, type CanonicalPart, type CanonicalResponse } from '../canonical-model';
import type { AnthropicMessagesResponse, AnthropicResponseBlock, AnthropicStopReason } from './anthropic-messages-schema';
import { usageFromAnthropic, usageToAnthropic } from './anthropic-messages-usage';
import { sealToolCallId } from '../tool-call-signature';
import { citationsFromAnthropic, citationsToAnthropic, citedText } from '../citations';
import { decodeAnthropicServerTool, summariseServerTools, type ServerToolCarrier } from '../server-tools';

/** Anthropic clients get back the server-tool blocks Anthropic sent, unchanged; those of other providers are summarised. */
export const anthropicCarriesServerTool: ServerToolCarrier = (part) => part.raw.format === 'anthropic-messages';

/** @see https://docs.claude.com/en/api/handling-stop-reasons */
const finishReasonsFromAnthropic: Readonly<Record<string, CanonicalFinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool-calls',
  refusal: 'content-filter',
  pause_turn: 'other',
};

const finishReasonsToAnthropic: Readonly<Record<CanonicalFinishReason, AnthropicStopReason>> = {
  stop: 'end_turn',
  length: 'max_tokens',
  'tool-calls': 'tool_use',
  'content-filter': 'refusal',
  error: 'end_turn',
  other: 'end_turn',
};

/** Maps an Anthropic `stop_reason` to the canonical reason; unknown values become `other`. */
export function finishReasonFromAnthropic(reason: string): CanonicalFinishReason {
  return finishReasonsFromAnthropic[reason] ?? 'other';
}

/** Maps a canonical finish reason to an Anthropic `stop_reason`. */
export function finishReasonToAnthropic(reason: CanonicalFinishReason): AnthropicStopReason {
  return finishReasonsToAnthropic[reason];
}

/** Seconds since the epoch, the `created` of answers whose dialect has no timestamp. */
export function currentUnixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Decodes one answer content block; blocks without a canonical meaning give undefined. */
export function decodeAnthropicResponseBlock(block: AnthropicResponseBlock): CanonicalPart | undefined {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? citedText(block.text, citationsFromAnthropic(block.citations)) : undefined;
    case 'thinking': {
      if (typeof block.thinking !== 'string') return undefined;
      const signature = typeof block.signature === 'string' && block.signature.length > 0 ? { signature: block.signature } : {};
      return { type: 'reasoning', text: block.thinking, ...signature };
    }
    case 'redacted_thinking':
      return typeof block.data === 'string' ? { type: 'reasoning', text: '', signature: block.data, redacted: true } : undefined;
    case 'tool_use':
      return typeof block.id === 'string' && typeof block.name === 'string'
        ? { type: 'tool-call', id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) }
        : undefined;
    default:
      return decodeAnthropicServerTool(block);
  }
}

/** Decodes an Anthropic answer into the canonical response. */
export function decodeAnthropicMessagesResponse(response: AnthropicMessagesResponse): CanonicalResponse {
  const parts = response.content.flatMap((block) => decodeAnthropicResponseBlock(block) ?? []);
  const result: CanonicalResponse = {
    id: response.id,
    model: response.model,
    created: currentUnixSeconds(),
    parts,
    finishReason: typeof response.stop_reason === 'string' ? finishReasonFromAnthropic(response.stop_reason) : 'stop',
  };
  const usage = usageFromAnthropic(response.usage);
  if (usage) result.usage = usage;
  return result;
}

function parseToolInput(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Clients expect an object; keep the model's text visible rather than losing it.
    return { arguments: text };
  }
}

/** Encodes one canonical part as an answer content block; tool results and attachments have no place in an answer. */
export function encodeAnthropicResponsePart(part: CanonicalPart): AnthropicResponseBlock | undefined {
  switch (part.type) {
    case 'text':
      return part.citations ? { type: 'text', text: part.text, citations: citationsToAnthropic(part.citations) } : { type: 'text', text: part.text };
    case 'reasoning':
      if (part.redacted === true) return { type: 'redacted_thinking', data: part.signature ?? '' };
      // Reasoning from other providers has no signature; clients accept an empty one for display.
      return { type: 'thinking', thinking: part.text, signature: part.signature ?? '' };
    case 'tool-call':
      return { type: 'tool_use', id: sealToolCallId(part.id, part.signature), name: part.name, input: parseToolInput(part.arguments) };
    case 'server-tool':
      return anthropicCarriesServerTool(part) ? (part.raw.block as AnthropicResponseBlock) : undefined;
    default:
      return undefined;
  }
}

/** Encodes a canonical response as an Anthropic answer; missing usage is reported as zeros, as the field is required. */
export function encodeAnthropicMessagesResponse(whole: CanonicalResponse): AnthropicMessagesResponse {
  const response = summariseServerTools(whole, anthropicCarriesServerTool);
  return {
    id: response.id,
    type: 'message',
    role: 'assistant',
    model: response.model,
    content: response.parts.flatMap((part) => encodeAnthropicResponsePart(part) ?? []),
    stop_reason: finishReasonToAnthropic(response.finishReason),
    stop_sequence: null,
    usage: usageToAnthropic(response.usage ?? createEmptyUsage()),
  };
}
