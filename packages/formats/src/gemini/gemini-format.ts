// The Gemini generateContent dialect, assembled for the format registry.
import type { Format } from '../format-registry';
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
  requestSchema: geminiRequestSchema,
  responseSchema: geminiResponseSchema,
  decodeRequest: decodeGeminiRequest,
  encodeRequest: encodeGeminiRequest,
  decodeResponse: decodeGeminiResponse,
  encodeResponse: encodeGeminiResponse,
  encodeError: encodeGeminiError,
  decodeError: decodeGeminiError,
  createStreamDecoder: () => new GeminiStreamDecoder(),
  createStreamEncoder: (options) => new GeminiStreamEncoder(options),
  readUsage: readGeminiUsage,
  createStreamUsageReader: (options) => new GeminiStreamUsageReader(options),
  limitOutputTokens: (body, limit) => {
    const config = body.generationConfig && typeof body.generationConfig === 'object' ? (body.generationConfig as Record<string, unknown>) : {};
    return { ...body, generationConfig: { ...config, maxOutputTokens: limit } };
  },
};
