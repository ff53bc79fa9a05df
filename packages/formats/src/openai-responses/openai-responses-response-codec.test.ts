import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalResponse } from '../canonical-model';
import { openAiErrorBodySchema } from '../openai-chat/openai-chat-schema';
import {
  decodeOpenAiResponsesError,
  decodeOpenAiResponsesResponse,
  encodeOpenAiResponsesError,
  encodeOpenAiResponsesResponse,
} from './openai-responses-response-codec';
import { openAiResponsesResponseSchema } from './openai-responses-schema';
import { readOpenAiResponsesUsage } from './openai-responses-usage';

const fixtureBody: unknown = fixturesBeside(import.meta.url).fixtureJson('responses-response.json');
const fixtureResponse = openAiResponsesResponseSchema.parse(fixtureBody);

describe('openai responses response codec', () => {
  it('decodes reasoning with its encrypted state, text, parallel function calls and usage', () => {
    expect(decodeOpenAiResponsesResponse(fixtureResponse)).toEqual({
      id: 'resp_68a1f2aa01b48190a9c8d7e6f5a4b3c20f1e2d3c4b5a6978',
      model: 'o4-mini-2025-04-16',
      created: 1755443882,
      parts: [
        { type: 'reasoning', text: '**Planning**\n\nLook up both cities.', signature: 'gAAAAABoofKr-enc==' },
        { type: 'text', text: 'Let me check both.' },
        { type: 'tool-call', id: 'call_A1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'tool-call', id: 'call_B2', name: 'get_weather', arguments: '{"city":"Lyon"}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 2310, outputTokens: 301, cacheReadTokens: 2048, cacheWriteTokens: 0, reasoningTokens: 256 },
    });
    expect(readOpenAiResponsesUsage(fixtureBody)).toEqual({ inputTokens: 2310, outputTokens: 301, cacheReadTokens: 2048, cacheWriteTokens: 0, reasoningTokens: 256 });
  });

  it('encodes a full response object with item ids, statuses and usage details, and decodes it back', () => {
    const canonical: CanonicalResponse = {
      id: 'resp_abc',
      model: 'gpt-4.1',
      created: 1700000000,
      parts: [
        { type: 'reasoning', text: 'think', signature: 'enc' },
        { type: 'text', text: 'Hello' },
        { type: 'text', text: ' world' },
        { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 10, outputTokens: 7, cacheReadTokens: 4, cacheWriteTokens: 2, reasoningTokens: 3 },
    };
    const encoded = encodeOpenAiResponsesResponse(canonical);
    expect(encoded).toMatchObject({
      id: 'resp_abc',
      object: 'response',
      created_at: 1700000000,
      status: 'completed',
      error: null,
      incomplete_details: null,
      model: 'gpt-4.1',
      output: [
        { id: 'rs_abc_0', type: 'reasoning', summary: [{ type: 'summary_text', text: 'think' }], encrypted_content: 'enc' },
        {
          id: 'msg_abc_1',
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [
            { type: 'output_text', annotations: [], logprobs: [], text: 'Hello' },
            { type: 'output_text', annotations: [], logprobs: [], text: ' world' },
          ],
        },
        { id: 'fc_abc_2', type: 'function_call', status: 'completed', call_id: 'call_1', name: 'f', arguments: '{}' },
      ],
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 4, cache_write_tokens: 2 },
        output_tokens: 7,
        output_tokens_details: { reasoning_tokens: 3 },
        total_tokens: 17,
      },
    });
    expect(decodeOpenAiResponsesResponse(openAiResponsesResponseSchema.parse(encoded))).toEqual(canonical);
  });

  it('maps length, content filter and error finishes to incomplete and failed statuses', () => {
    const base = { id: 'r', model: 'm', created: 1, parts: [{ type: 'text' as const, text: 'cut' }] };
    const length = encodeOpenAiResponsesResponse({ ...base, finishReason: 'length' });
    expect(length).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [{ status: 'incomplete' }] });
    expect(decodeOpenAiResponsesResponse(openAiResponsesResponseSchema.parse(length)).finishReason).toBe('length');
    const filtered = encodeOpenAiResponsesResponse({ ...base, finishReason: 'content-filter' });
    expect(filtered).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'content_filter' } });
    expect(decodeOpenAiResponsesResponse(openAiResponsesResponseSchema.parse(filtered)).finishReason).toBe('content-filter');
    const failed = encodeOpenAiResponsesResponse({ ...base, finishReason: 'error' });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'server_error' } });
    expect(decodeOpenAiResponsesResponse(openAiResponsesResponseSchema.parse(failed)).finishReason).toBe('error');
    expect(encodeOpenAiResponsesResponse({ ...base, finishReason: 'stop' }).usage).toBeNull();
  });

  it('reads refusals as text, web searches as server-tool calls and results, and skips other built-in tool items', () => {
    const search = { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'x', sources: [{ type: 'url', url: 'https://example.com/a' }] } };
    const opened = { id: 'ws_2', type: 'web_search_call', status: 'failed', action: { type: 'open_page', url: 'https://example.com/b' } };
    const decoded = decodeOpenAiResponsesResponse(
      openAiResponsesResponseSchema.parse({
        id: 'r',
        created_at: 1,
        model: 'm',
        status: 'completed',
        output: [search, opened, { id: 'fs_1', type: 'file_search_call', status: 'completed', queries: ['q'] }, { id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: 'I cannot help.' }] }],
      }),
    );
    const raw = (block: object) => ({ format: 'openai-responses', block });
    expect(decoded.parts).toEqual([
      { type: 'server-tool', kind: 'call', name: 'web_search', id: 'ws_1', input: '{"query":"x"}', raw: raw(search) },
      { type: 'server-tool', kind: 'result', name: 'web_search', id: 'ws_1', sources: [{ url: 'https://example.com/a' }], raw: raw(search) },
      { type: 'server-tool', kind: 'call', name: 'web_fetch', id: 'ws_2', input: '{"url":"https://example.com/b"}', raw: raw(opened) },
      { type: 'server-tool', kind: 'result', name: 'web_fetch', id: 'ws_2', sources: [{ url: 'https://example.com/b' }], isError: true, raw: raw(opened) },
      { type: 'text', text: 'I cannot help.' },
    ]);
    expect(decoded.finishReason).toBe('stop');
    expect(decoded.usage).toBeUndefined();
  });
});

describe('openai responses errors', () => {
  it('encodes the OpenAI error body', () => {
    const body = encodeOpenAiResponsesError({ message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(body).toEqual({ error: { message: 'Rate limit reached', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' } });
    expect(openAiErrorBodySchema.safeParse(body).success).toBe(true);
    expect(decodeOpenAiResponsesError(body)).toEqual({ message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded' });
  });

  it('reads documented flat stream error events, nested ones and failed response objects', () => {
    expect(decodeOpenAiResponsesError({ type: 'error', sequence_number: 3, code: 'server_error', message: 'boom', param: null })).toEqual({ message: 'boom', code: 'server_error' });
    expect(
      decodeOpenAiResponsesError({ type: 'error', sequence_number: 2, error: { type: 'too_many_requests', code: 'too_many_requests', message: 'Too Many Requests', param: null } }),
    ).toEqual({ message: 'Too Many Requests', type: 'too_many_requests', code: 'too_many_requests' });
    expect(decodeOpenAiResponsesError({ type: 'response.failed', response: { status: 'failed', error: { code: 'server_error', message: 'oops' } } })).toEqual({
      message: 'oops',
      code: 'server_error',
    });
    expect(decodeOpenAiResponsesError({ id: 'resp_1', output: [] })).toBeUndefined();
    expect(decodeOpenAiResponsesError('nope')).toBeUndefined();
  });
});
