import { collectStreamParts, type CanonicalRequest, type CanonicalStreamPart } from '@turnpike/formats';
import { describe, expect, it } from 'vitest';
import { decodeChunks, fixturesBeside, tokenUsage as usage } from '@turnpike/testing';
import { expectPartsAtEverySplit } from '@turnpike/testing/vitest';
import { baiduDialect } from './baidu-dialect';

const { fixture, fixtureJson } = fixturesBeside(import.meta.url);
const decodeStream = (chunks: Uint8Array[]) => decodeChunks(baiduDialect.createStreamDecoder(), chunks);
const everySplit = (bytes: Buffer, expected: CanonicalStreamPart[]): void => expectPartsAtEverySplit(() => baiduDialect.createStreamDecoder(), bytes, expected);

const baseRequest = (patch: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'ERNIE-4.0-8K',
  stream: false,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  ...patch,
});

describe('baiduDialect.encodeRequest', () => {
  it('moves system messages to `system`, merges adjacent user texts and maps the sampling fields', () => {
    const request = baseRequest({
      stream: true,
      temperature: 0.7,
      topP: 0.8,
      maxTokens: 1024,
      stop: ['。'],
      user: 'user-42',
      messages: [
        { role: 'system', parts: [{ type: 'text', text: '你是一个导游。' }] },
        { role: 'user', parts: [{ type: 'text', text: '你好' }] },
        { role: 'user', parts: [{ type: 'text', text: '周末去哪玩？' }] },
        { role: 'assistant', parts: [{ type: 'reasoning', text: 'x' }, { type: 'text', text: '去深圳湾。' }] },
        { role: 'user', parts: [{ type: 'text', text: '还有呢？' }] },
      ],
    });
    expect(baiduDialect.encodeRequest(request)).toEqual({
      messages: [
        { role: 'user', content: '你好\n\n周末去哪玩？' },
        { role: 'assistant', content: '去深圳湾。' },
        { role: 'user', content: '还有呢？' },
      ],
      system: '你是一个导游。',
      stream: true,
      temperature: 0.7,
      top_p: 0.8,
      max_output_tokens: 1024,
      stop: ['。'],
      user_id: 'user-42',
    });
    expect(request.warnings).toBeUndefined();
  });

  it('encodes functions, a named tool choice, the function call and its result (named after the call)', () => {
    const parameters = { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] };
    const request = baseRequest({
      tools: [{ name: 'get_current_weather', description: '获取指定城市的天气', parameters }],
      toolChoice: { name: 'get_current_weather' },
      messages: [
        { role: 'user', parts: [{ type: 'text', text: '深圳天气如何？' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'call_as-1', name: 'get_current_weather', arguments: '{"location":"深圳"}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_as-1', content: '{"temperature":25}' }] },
      ],
    });
    expect(baiduDialect.encodeRequest(request)).toEqual({
      messages: [
        { role: 'user', content: '深圳天气如何？' },
        { role: 'assistant', content: '', function_call: { name: 'get_current_weather', arguments: '{"location":"深圳"}' } },
        { role: 'function', name: 'get_current_weather', content: '{"temperature":25}' },
      ],
      stream: false,
      functions: [{ name: 'get_current_weather', description: '获取指定城市的天气', parameters }],
      tool_choice: { type: 'function', function: { name: 'get_current_weather' } },
    });
  });

  it('clamps what ERNIE bounds, drops what it lacks, and says so', () => {
    const request = baseRequest({
      temperature: 1.5,
      maxTokens: 1,
      seed: 7,
      frequencyPenalty: 0.4,
      responseFormat: { type: 'json-schema', name: 'x', schema: {} },
      tools: [{ name: 'f', parameters: {} }],
      toolChoice: 'required',
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'look' }, { type: 'image', url: 'https://example.com/a.png' }] },
        {
          role: 'assistant',
          parts: [
            { type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' },
            { type: 'tool-call', id: 'c2', name: 'g', arguments: '{}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            { type: 'tool-result', toolCallId: 'c1', content: '1' },
            { type: 'tool-result', toolCallId: 'c2', content: '2' },
          ],
        },
      ],
    });
    const body = baiduDialect.encodeRequest(request) as Record<string, unknown>;
    expect(body.temperature).toBe(1);
    expect(body.max_output_tokens).toBe(2);
    expect(body.response_format).toBe('json_object');
    expect(body.tool_choice).toBeUndefined();
    expect(body.messages).toEqual([
      { role: 'user', content: 'look' },
      { role: 'assistant', content: '', function_call: { name: 'f', arguments: '{}' } },
      { role: 'function', name: 'f', content: '1' },
      { role: 'function', name: 'c2', content: '2' },
    ]);
    expect(request.warnings).toEqual([
      'ERNIE v1 takes text only; 1 image/file part(s) dropped',
      'ERNIE takes one function call per turn; 1 more call(s) dropped',
      'no function call with id "c2" precedes its result; the id was sent as the function name',
      'ERNIE takes a temperature in (0, 1]; 1.5 was sent as 1',
      'ERNIE takes max_output_tokens from 2; 1 was sent as 2',
      'ERNIE has no seed; it was dropped',
      'ERNIE has no frequency_penalty (ERNIE has only penalty_score, whose scale differs); it was dropped',
      'ERNIE cannot require "some function"; tool_choice "required" was sent as "auto"',
      'ERNIE takes no JSON schema; response_format was sent as json_object',
    ]);
  });

  it('leaves the functions out when the caller forbids tools', () => {
    const body = baiduDialect.encodeRequest(baseRequest({ tools: [{ name: 'f', parameters: {} }], toolChoice: 'none' })) as Record<string, unknown>;
    expect(body.functions).toBeUndefined();
  });
});

describe('baiduDialect whole answers', () => {
  it('decodes a text answer', () => {
    const body = fixtureJson('ernie-response.json');
    expect(baiduDialect.decodeError(body)).toBeUndefined();
    expect(baiduDialect.decodeResponse(body)).toEqual({
      id: 'as-bcmt5ct4iy',
      model: '',
      created: 1735689600,
      parts: [{ type: 'text', text: '你好！我是文心一言，很高兴为你服务 😊' }],
      finishReason: 'stop',
      usage: usage(5, 12),
    });
    expect(baiduDialect.readUsage(body)).toEqual(usage(5, 12));
  });

  it('decodes a function call with its thoughts as reasoning', () => {
    const response = baiduDialect.decodeResponse(fixtureJson('ernie-response-function-call.json'));
    expect(response.parts).toEqual([
      { type: 'reasoning', text: '用户想知道深圳的天气，我需要调用 get_current_weather。' },
      { type: 'tool-call', id: 'call_as-f8vz3h9jk2', name: 'get_current_weather', arguments: '{"location":"深圳","unit":"摄氏度"}' },
    ]);
    expect(response.finishReason).toBe('tool-calls');
    expect(response.usage).toEqual(usage(86, 31));
  });

  it('reads a safety refusal (need_clear_history) as content-filter', () => {
    expect(baiduDialect.decodeResponse(fixtureJson('ernie-response-safety.json')).finishReason).toBe('content-filter');
    expect(baiduDialect.decodeResponse({ id: 'a', result: 'x', is_truncated: true }).finishReason).toBe('length');
  });

  it('decodes `{error_code, error_msg}` bodies sent with HTTP 200', () => {
    expect(baiduDialect.decodeError(fixtureJson('ernie-error-token-expired.json'))).toEqual({ message: 'Access token expired', type: 'baidu_ernie_error', code: '111', httpStatus: 401 });
    expect(baiduDialect.decodeError(fixtureJson('ernie-error-qps.json'))).toEqual({ message: 'Open api qps request limit reached', type: 'baidu_ernie_error', code: '18', httpStatus: 429 });
    expect(baiduDialect.decodeError({ error_code: 336003, error_msg: 'the length of messages must be an odd number' })).toMatchObject({ httpStatus: 400 });
    expect(baiduDialect.decodeError({ error_code: 336100, error_msg: 'try again later' })).toMatchObject({ httpStatus: 503 });
    expect(baiduDialect.decodeError({ error_code: 0 })).toBeUndefined();
    expect(baiduDialect.decodeError(null)).toBeUndefined();
  });
});

describe('baiduDialect stream decoder', () => {
  it('decodes a text stream split at every byte, finishing at is_end with the final usage', () => {
    everySplit(fixture('ernie-stream.sse'), [
      { type: 'text-delta', text: '你好！我是文心一言，' },
      { type: 'text-delta', text: '很高兴为你服务 😊' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: usage(5, 12) },
    ]);
    expect(decodeStream([fixture('ernie-stream.sse')]).decoder.metadata).toEqual({ id: 'as-bcmt5ct4iy', model: '', created: 1735689600 });
  });

  it('decodes a CRLF function-call stream split at every byte', () => {
    everySplit(fixture('ernie-stream-function-call.sse'), [
      { type: 'reasoning-delta', text: '用户想知道深圳的天气，我需要调用 get_current_weather。' },
      { type: 'tool-call-start', index: 0, id: 'call_as-f8vz3h9jk2', name: 'get_current_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"location":"深圳","unit":"摄氏度"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage: usage(86, 31) },
    ]);
  });

  it('decodes a refused stream call answered with one JSON error body, split at every byte', () => {
    everySplit(fixture('ernie-error-token-expired.json'), [{ type: 'error', error: { message: 'Access token expired', type: 'baidu_ernie_error', code: '111', httpStatus: 401 } }]);
  });

  it('reports an error event midway', () => {
    const bytes = Buffer.from('data: {"id":"as-1","created":1,"result":"半句","is_end":false}\n\ndata: {"error_code":336100,"error_msg":"try again later"}\n\n');
    expect(decodeStream([bytes]).parts).toEqual([
      { type: 'text-delta', text: '半句' },
      { type: 'error', error: { message: 'try again later', type: 'baidu_ernie_error', code: '336100', httpStatus: 503 } },
    ]);
  });

  it('collects a stream into the same answer as the whole response (round trip)', () => {
    for (const [stream, whole] of [
      ['ernie-stream.sse', 'ernie-response.json'],
      ['ernie-stream-function-call.sse', 'ernie-response-function-call.json'],
    ]) {
      const { parts, decoder } = decodeStream([fixture(stream)]);
      expect(decoder.metadata).toBeDefined();
      expect(collectStreamParts(parts, decoder.metadata!)).toEqual(baiduDialect.decodeResponse(fixtureJson(whole)));
    }
  });

  it('replays a whole JSON answer given to the stream decoder as stream parts', () => {
    expect(decodeStream([fixture('ernie-response.json')]).parts).toEqual([
      { type: 'text-delta', text: '你好！我是文心一言，很高兴为你服务 😊' },
      { type: 'usage', usage: usage(5, 12) },
      { type: 'finish', reason: 'stop' },
    ]);
  });
});
