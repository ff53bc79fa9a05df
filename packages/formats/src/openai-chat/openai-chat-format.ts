// The OpenAI chat completions dialect, assembled for the format registry.
import { carriesNoServerTool, ServerToolSummaryEncoder, summariseServerTools } from '../server-tools';
import { sseContentType } from '../sse-writer';
import type { Format } from '../format-contract';
import { encodeOpenAiChatRequest, decodeOpenAiChatRequest } from './openai-chat-request-codec';
import {
  decodeOpenAiChatResponse,
  decodeOpenAiError,
  encodeOpenAiChatResponse,
  encodeOpenAiError,
} from './openai-chat-response-codec';
import {
  openAiChatRequestSchema,
  openAiChatResponseSchema,
  type OpenAiChatRequest,
  type OpenAiChatResponse,
} from './openai-chat-schema';
import { OpenAiChatStreamDecoder, OpenAiChatStreamEncoder } from './openai-chat-stream-codec';
import { OpenAiChatStreamUsageReader, readOpenAiChatUsage } from './openai-chat-usage';

/** OpenAI `POST /v1/chat/completions`. */
export const openAiChatFormat: Format<OpenAiChatRequest, OpenAiChatResponse> = {
  id: 'openai-chat',
  endpoints: [{ path: '/v1/chat/completions' }],
  reasoningReturn: 'none',
  streamContentType: sseContentType,
  forwardHeaders: [],
  upstreamPath: '/v1/chat/completions',
  settingsGroup: null,
  requiresMaxTokens: false,
  setModel: (body, model) => {
    body.model = model;
  },
  prepareBody: (body, stream) => {
    // Usage arrives only when asked for: the gateway always asks, so streams are billed from the upstream's own count.
    if (!stream) return;
    const existing = body.stream_options && typeof body.stream_options === 'object' ? (body.stream_options as Record<string, unknown>) : {};
    body.stream_options = { ...existing, include_usage: true };
  },
  requestSchema: openAiChatRequestSchema,
  responseSchema: openAiChatResponseSchema,
  decodeRequest: decodeOpenAiChatRequest,
  encodeRequest: encodeOpenAiChatRequest,
  decodeResponse: decodeOpenAiChatResponse,
  encodeResponse: (response) => encodeOpenAiChatResponse(summariseServerTools(response, carriesNoServerTool)),
  encodeError: encodeOpenAiError,
  decodeError: decodeOpenAiError,
  createStreamDecoder: () => new OpenAiChatStreamDecoder(),
  createStreamEncoder: (options) => new ServerToolSummaryEncoder(new OpenAiChatStreamEncoder(options), carriesNoServerTool),
  readUsage: readOpenAiChatUsage,
  createStreamUsageReader: (options) => new OpenAiChatStreamUsageReader(options),
  // max_completion_tokens only when the caller used it: most compatible servers know only max_tokens.
  limitOutputTokens: (body, limit) => ({ ...body, [body.max_completion_tokens !== undefined && body.max_completion_tokens !== null ? 'max_completion_tokens' : 'max_tokens']: limit }),
};
