// The Gemini generateContent dialect, assembled for the format registry.
import { carriesWebSearch, ServerToolSummaryEncoder, summariseServerTools } from '../server-tools';
import { readGeminiUrl } from './gemini-url';
import { sseContentType } from '../sse-writer';
import type { Format } from '../format-contract';
import { decodeGeminiRequest, encodeGeminiRequest } from './gemini-request-codec';
import { decodeGeminiError, decodeGeminiResponse, encodeGeminiError, encodeGeminiResponse } from './gemini-response-codec';
import { geminiRequestSchema, geminiResponseSchema, type GeminiRequest, type GeminiResponse } from './gemini-schema';
import { GeminiStreamDecoder, GeminiStreamEncoder } from './gemini-stream-codec';
import { GeminiStreamUsageReader, readGeminiUsage } from './gemini-usage';

/**
 * Gemini `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent`. The model and
 * streaming are in the URL: pass them as `decodeRequest(body, {model, stream})`.
 */
export const geminiFormat: Format<GeminiRequest, GeminiResponse> = {
  id: 'gemini',
  endpoints: [{ path: '/v1beta/models/', tail: true }],
  errorScope: '/v1beta/',
  readUrl: readGeminiUrl,
  reasoningReturn: 'none',
  streamContentType: sseContentType,
  forwardHeaders: [],
  // The adaptor builds the URL from the model (`…/models/{model}:generateContent`); this path is not used.
  upstreamPath: '/v1beta/models',
  settingsGroup: 'gemini',
  requiresMaxTokens: false,
  // The URL names the model.
  setModel: () => undefined,
  prepareBody: prepareGeminiBody,
  requestSchema: geminiRequestSchema,
  responseSchema: geminiResponseSchema,
  decodeRequest: decodeGeminiRequest,
  encodeRequest: encodeGeminiRequest,
  decodeResponse: decodeGeminiResponse,
  encodeResponse: (response) => encodeGeminiResponse(summariseServerTools(response, carriesWebSearch)),
  encodeError: encodeGeminiError,
  decodeError: decodeGeminiError,
  createStreamDecoder: () => new GeminiStreamDecoder(),
  createStreamEncoder: (options) => new ServerToolSummaryEncoder(new GeminiStreamEncoder(options), carriesWebSearch),
  readUsage: readGeminiUsage,
  createStreamUsageReader: (options) => new GeminiStreamUsageReader(options),
  limitOutputTokens: (body, limit) => {
    const config = body.generationConfig && typeof body.generationConfig === 'object' ? (body.generationConfig as Record<string, unknown>) : {};
    return { ...body, generationConfig: { ...config, maxOutputTokens: limit } };
  },
};

/** The thinking adapter's budget as `generationConfig.thinkingConfig`, and the configured safety settings when the request has none. */
function prepareGeminiBody(body: Record<string, unknown>, _stream: boolean, budget: number | null, safetySettings: (() => unknown) | null): void {
  if (budget !== null) {
    const config = (body.generationConfig && typeof body.generationConfig === 'object' ? body.generationConfig : {}) as Record<string, unknown>;
    config.thinkingConfig = { thinkingBudget: budget, includeThoughts: budget > 0 };
    body.generationConfig = config;
  }
  if (safetySettings && body.safetySettings === undefined && body.safety_settings === undefined) body.safetySettings = safetySettings();
}
