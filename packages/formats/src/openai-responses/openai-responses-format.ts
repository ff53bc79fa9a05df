// The OpenAI Responses dialect, assembled for the format registry.
import { ServerToolSummaryEncoder, summariseServerTools } from '../server-tools';
import { sseContentType } from '../sse-writer';
import type { Format } from '../format-contract';
import { decodeOpenAiResponsesRequest, encodeOpenAiResponsesRequest } from './openai-responses-request-codec';
import {
  decodeOpenAiResponsesError,
  decodeOpenAiResponsesResponse,
  encodeOpenAiResponsesError,
  encodeOpenAiResponsesResponse,
  responsesCarriesServerTool,
} from './openai-responses-response-codec';
import {
  openAiResponsesRequestSchema,
  openAiResponsesResponseSchema,
  type OpenAiResponsesRequest,
  type OpenAiResponsesResponse,
} from './openai-responses-schema';
import { OpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder';
import { OpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder';
import { OpenAiResponsesStreamUsageReader, readOpenAiResponsesUsage } from './openai-responses-usage';

/** OpenAI `POST /v1/responses`, streamed (typed SSE events) and not. */
export const openAiResponsesFormat: Format<OpenAiResponsesRequest, OpenAiResponsesResponse> = {
  id: 'openai-responses',
  endpoints: [{ path: '/v1/responses' }],
  reasoningReturn: 'signatures',
  streamContentType: sseContentType,
  forwardHeaders: [],
  upstreamPath: '/v1/responses',
  settingsGroup: null,
  requiresMaxTokens: false,
  setModel: (body, model) => {
    body.model = model;
  },
  // Responses streams always end with usage (`response.completed`): nothing to ask for.
  prepareBody: () => undefined,
  requestSchema: openAiResponsesRequestSchema,
  responseSchema: openAiResponsesResponseSchema,
  decodeRequest: decodeOpenAiResponsesRequest,
  encodeRequest: encodeOpenAiResponsesRequest,
  decodeResponse: decodeOpenAiResponsesResponse,
  encodeResponse: (response) => encodeOpenAiResponsesResponse(summariseServerTools(response, responsesCarriesServerTool)),
  encodeError: encodeOpenAiResponsesError,
  decodeError: decodeOpenAiResponsesError,
  createStreamDecoder: () => new OpenAiResponsesStreamDecoder(),
  createStreamEncoder: (options) => new ServerToolSummaryEncoder(new OpenAiResponsesStreamEncoder(options), responsesCarriesServerTool),
  readUsage: readOpenAiResponsesUsage,
  createStreamUsageReader: (options) => new OpenAiResponsesStreamUsageReader(options),
  limitOutputTokens: (body, limit) => ({ ...body, max_output_tokens: limit }),
};
