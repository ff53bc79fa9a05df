import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalResponse } from '../canonical-model';
import {
  decodeGeminiError,
  decodeGeminiResponse,
  encodeGeminiError,
  encodeGeminiModelList,
  encodeGeminiResponse,
  finishReasonFromGemini,
  geminiStatusForHttpStatus,
} from './gemini-response-codec';
import { geminiErrorBodySchema, geminiModelListSchema, geminiResponseSchema } from './gemini-schema';

const { fixtureJson: fixture } = fixturesBeside(import.meta.url);

describe('gemini response codec', () => {
  it('decodes thoughts, the signed text part and normalised usage (input includes cache, output includes thoughts)', () => {
    const decoded = decodeGeminiResponse(geminiResponseSchema.parse(fixture('generate-content-response.json')));
    expect(decoded).toEqual({
      id: 'PDjHaJ2mC4ufz7IPvMKeoQw',
      model: 'gemini-2.5-flash',
      created: decoded.created,
      parts: [
        { type: 'reasoning', text: '**Reading the sky**\nClear skies over Paris.' },
        { type: 'text', text: 'Tomorrow Paris stays sunny, around 25C.' },
        { type: 'reasoning', text: '', signature: 'Cs8BAY89a1+9cW0Q2w==' },
      ],
      finishReason: 'stop',
      usage: { inputTokens: 210, outputTokens: 80, cacheReadTokens: 128, cacheWriteTokens: 0, reasoningTokens: 68 },
    });
    expect(Math.abs(decoded.created - Date.now() / 1000)).toBeLessThan(5);
  });

  it('decodes parallel function calls with synthesised ids and maps STOP after calls to tool-calls', () => {
    const decoded = decodeGeminiResponse(geminiResponseSchema.parse(fixture('generate-content-response-function-call.json')));
    expect(decoded.parts).toEqual([
      { type: 'tool-call', id: 'gemini-call-x1jHaMvCBe2Qz7IP-4aZyQ4-0', name: 'get_weather', arguments: '{"city":"Paris"}', signature: 'CiIBVKhc7l5mzkoZSRQ=' },
      { type: 'tool-call', id: 'gemini-call-x1jHaMvCBe2Qz7IP-4aZyQ4-1', name: 'get_time', arguments: '{}' },
    ]);
    expect(decoded.finishReason).toBe('tool-calls');
    expect(decoded.usage).toEqual({ inputTokens: 64, outputTokens: 67, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 47 });
  });

  it('encodes a canonical answer as one candidate, putting the text signature back on its part, and round-trips it', () => {
    const canonical: CanonicalResponse = {
      id: 'resp-1',
      model: 'gemini-2.5-pro',
      created: 1_735_689_600,
      parts: [
        { type: 'reasoning', text: 'think', signature: 'sig-thought' },
        { type: 'text', text: 'answer' },
        { type: 'reasoning', text: '', signature: 'sig-text' },
        { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{"x":1}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 30, outputTokens: 12, cacheReadTokens: 10, cacheWriteTokens: 0, reasoningTokens: 5 },
    };
    const encoded = encodeGeminiResponse(canonical);
    expect(encoded).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'think', thought: true, thoughtSignature: 'sig-thought' },
              { text: 'answer', thoughtSignature: 'sig-text' },
              { functionCall: { id: 'call_1', name: 'f', args: { x: 1 } } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      modelVersion: 'gemini-2.5-pro',
      responseId: 'resp-1',
      createTime: '2025-01-01T00:00:00.000Z',
      usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 7, totalTokenCount: 42, cachedContentTokenCount: 10, thoughtsTokenCount: 5 },
    });
    expect(decodeGeminiResponse(geminiResponseSchema.parse(encoded))).toEqual(canonical);
  });

  it('ends a blocked prompt as content-filter and maps finish reasons', () => {
    const blocked = decodeGeminiResponse(
      geminiResponseSchema.parse({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 }, responseId: 'b1' }),
    );
    expect(blocked).toMatchObject({ id: 'b1', parts: [], finishReason: 'content-filter', usage: { inputTokens: 7, outputTokens: 0 } });
    expect(finishReasonFromGemini('MAX_TOKENS', false)).toBe('length');
    expect(finishReasonFromGemini('RECITATION', false)).toBe('content-filter');
    expect(finishReasonFromGemini('MALFORMED_FUNCTION_CALL', false)).toBe('error');
    expect(finishReasonFromGemini('SOMETHING_NEW', true)).toBe('other');
    expect(encodeGeminiResponse({ id: 'e', model: 'm', created: 0, parts: [], finishReason: 'length' }).candidates?.[0]).toEqual({
      content: { role: 'model', parts: [{ text: '' }] },
      finishReason: 'MAX_TOKENS',
      index: 0,
    });
  });

  it('encodes errors in Google shape from an HTTP status, an OpenAI type or code, and decodes them back', () => {
    expect(encodeGeminiError({ message: 'slow down', httpStatus: 429 })).toEqual({ error: { code: 429, message: 'slow down', status: 'RESOURCE_EXHAUSTED' } });
    expect(encodeGeminiError({ message: 'bad', type: 'invalid_request_error' })).toEqual({ error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } });
    expect(encodeGeminiError({ message: 'key', type: 'invalid_request_error', code: 'invalid_api_key' })).toEqual({ error: { code: 401, message: 'key', status: 'UNAUTHENTICATED' } });
    expect(encodeGeminiError({ message: 'who', type: 'permission_error' }).error.status).toBe('PERMISSION_DENIED');
    expect(encodeGeminiError({ message: 'gone', code: 'model_not_found' }).error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    expect(encodeGeminiError({ message: 'busy', type: 'overloaded_error' }).error).toMatchObject({ code: 503, status: 'UNAVAILABLE' });
    expect(encodeGeminiError({ message: '?' }).error).toMatchObject({ code: 500, status: 'INTERNAL' });
    expect(geminiStatusForHttpStatus(418)).toBe('INVALID_ARGUMENT');
    expect(geminiStatusForHttpStatus(502)).toBe('INTERNAL');

    const body = fixture('error-resource-exhausted.json');
    expect(geminiErrorBodySchema.safeParse(body).success).toBe(true);
    const decoded = decodeGeminiError(body);
    expect(decoded).toEqual({
      message: 'You exceeded your current quota, please check your plan and billing details.',
      type: 'RESOURCE_EXHAUSTED',
      code: '429',
      httpStatus: 429,
    });
    expect(encodeGeminiError(decoded ?? { message: '' })).toEqual({ error: { code: 429, message: decoded?.message, status: 'RESOURCE_EXHAUSTED' } });
    expect(decodeGeminiError([{ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }])).toMatchObject({ type: 'INVALID_ARGUMENT', httpStatus: 400 });
    expect(decodeGeminiError({ candidates: [] })).toBeUndefined();
  });

  it('lists models the way GET /v1beta/models answers', () => {
    const list = encodeGeminiModelList(['gemini-2.5-flash']);
    expect(geminiModelListSchema.safeParse(list).success).toBe(true);
    expect(list.models[0]).toEqual({
      name: 'models/gemini-2.5-flash',
      displayName: 'gemini-2.5-flash',
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    });
  });
});
