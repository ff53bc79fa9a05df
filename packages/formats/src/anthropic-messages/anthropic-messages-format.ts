// The Anthropic Messages dialect, assembled for the format registry.
import { sseContentType } from '../sse-writer';
import type { Format } from '../format-contract';
import { decodeAnthropicError, encodeAnthropicError } from './anthropic-messages-errors';
import { decodeAnthropicMessagesRequest } from './anthropic-messages-request-decode';
import { encodeAnthropicMessagesRequest } from './anthropic-messages-request-encode';
import { anthropicCarriesServerTool, decodeAnthropicMessagesResponse, encodeAnthropicMessagesResponse } from './anthropic-messages-response-codec';
import { ServerToolSummaryEncoder } from '../server-tools';
import {
  anthropicMessagesRequestSchema,
  anthropicMessagesResponseSchema,
  type AnthropicMessagesRequest,
  type AnthropicMessagesResponse,
} from './anthropic-messages-schema';
import { AnthropicMessagesStreamDecoder } from './anthropic-messages-stream-decoder';
import { AnthropicMessagesStreamEncoder } from './anthropic-messages-stream-encoder';
import { AnthropicMessagesStreamUsageReader, readAnthropicMessagesUsage } from './anthropic-messages-usage';

/** Anthropic `POST /v1/messages`. */
export const anthropicMessagesFormat: Format<AnthropicMessagesRequest, AnthropicMessagesResponse> = {
  id: 'anthropic-messages',
  endpoints: [{ path: '/v1/messages' }],
  reasoningReturn: 'blocks',
  streamContentType: sseContentType,
  forwardHeaders: ['anthropic-version', 'anthropic-beta'],
  upstreamPath: '/v1/messages',
  settingsGroup: 'claude',
  requiresMaxTokens: true,
  setModel: (body, model) => {
    body.model = model;
  },
  prepareBody: applyAnthropicThinking,
  requestSchema: anthropicMessagesRequestSchema,
  responseSchema: anthropicMessagesResponseSchema,
  decodeRequest: decodeAnthropicMessagesRequest,
  encodeRequest: encodeAnthropicMessagesRequest,
  decodeResponse: decodeAnthropicMessagesResponse,
  encodeResponse: encodeAnthropicMessagesResponse,
  encodeError: encodeAnthropicError,
  decodeError: decodeAnthropicError,
  createStreamDecoder: () => new AnthropicMessagesStreamDecoder(),
  createStreamEncoder: (options) => new ServerToolSummaryEncoder(new AnthropicMessagesStreamEncoder(options), anthropicCarriesServerTool),
  readUsage: readAnthropicMessagesUsage,
  createStreamUsageReader: (options) => new AnthropicMessagesStreamUsageReader(options),
  limitOutputTokens: limitAnthropicOutputTokens,
};

/** Anthropic's smallest thinking budget: a limit that leaves no room for it turns thinking off. */
const minimumThinkingBudget = 1024;

/** `max_tokens` lowered to `limit`, and an extended-thinking budget kept below it (Anthropic refuses one that is not). */
function limitAnthropicOutputTokens(body: Readonly<Record<string, unknown>>, limit: number): Record<string, unknown> {
  const limited: Record<string, unknown> = { ...body, max_tokens: limit };
  const thinking = body.thinking && typeof body.thinking === 'object' ? (body.thinking as Record<string, unknown>) : null;
  if (thinking?.type === 'enabled' && typeof thinking.budget_tokens === 'number' && thinking.budget_tokens >= limit) {
    limited.thinking = limit - 1 >= minimumThinkingBudget ? { ...thinking, budget_tokens: limit - 1 } : { type: 'disabled' };
  }
  return limited;
}

/** The thinking adapter's budget on a Messages body: extended thinking on (max_tokens kept above it, no temperature) or off. */
function applyAnthropicThinking(body: Record<string, unknown>, _stream: boolean, budget: number | null): void {
  if (budget === null) return;
  body.thinking = budget > 0 ? { type: 'enabled', budget_tokens: budget } : { type: 'disabled' };
  if (budget <= 0) return;
  // Anthropic requires max_tokens above the thinking budget, and refuses sampling controls together with thinking.
  if (typeof body.max_tokens !== 'number' || body.max_tokens <= budget) body.max_tokens = budget + 1024;
  delete body.temperature;
}
