// The Anthropic Messages dialect, assembled for the format registry.
import type { Format } from '../format-registry';
import { decodeAnthropicError, encodeAnthropicError } from './anthropic-messages-errors';
import { decodeAnthropicMessagesRequest } from './anthropic-messages-request-decode';
import { encodeAnthropicMessagesRequest } from './anthropic-messages-request-encode';
import { decodeAnthropicMessagesResponse, encodeAnthropicMessagesResponse } from './anthropic-messages-response-codec';
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
  requestSchema: anthropicMessagesRequestSchema,
  responseSchema: anthropicMessagesResponseSchema,
  decodeRequest: decodeAnthropicMessagesRequest,
  encodeRequest: encodeAnthropicMessagesRequest,
  decodeResponse: decodeAnthropicMessagesResponse,
  encodeResponse: encodeAnthropicMessagesResponse,
  encodeError: encodeAnthropicError,
  decodeError: decodeAnthropicError,
  createStreamDecoder: () => new AnthropicMessagesStreamDecoder(),
  createStreamEncoder: (options) => new AnthropicMessagesStreamEncoder(options),
  readUsage: readAnthropicMessagesUsage,
  createStreamUsageReader: (options) => new AnthropicMessagesStreamUsageReader(options),
};
