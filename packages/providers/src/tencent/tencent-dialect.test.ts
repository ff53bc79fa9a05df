import { collectStreamParts, type CanonicalRequest, type CanonicalStreamPart } from '@turnpike/formats';
import { describe, expect, it } from 'vitest';
import { decodeChunks, fixturesBeside, tokenUsage as usage } from '@turnpike/testing';
import { expectPartsAtEverySplit } from '@turnpike/testing/vitest';
import { tencentDialect } from './tencent-dialect';

const { fixture, fixtureJson } = fixturesBeside(import.meta.url);
const decodeStream = (chunks: Uint8Array[]) => decodeChunks(tencentDialect.createStreamDecoder(), chunks);
const everySplit = (bytes: Buffer, expected: CanonicalStreamPart[]): void => expectPartsAtEverySplit(() => tencentDialect.createStreamDecoder(), bytes, expected);

const baseRequest = (patch: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'hunyuan-turbos-latest',
  stream: false,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  ...patch,
});

describe('tencentDialect.encodeRequest', () => {
  it('writes PascalCase fields, merges system messages into one leading message and joins adjacent user turns', () => {
    const request = baseRequest({
      stream: true,
      temperature: 0.5,
      topP: 0.9,
      stop: ['END'],
      seed: 42,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', parts: [{ type: 'text', text: '你好' }] },
        { role: 'assistant', parts: [{ type: 'reasoning', text: 'hidden' }, { type: 'text', text: 'Hello' }] },
        { role: 'system', parts: [{ type: 'text', text: 'Answer in Chinese.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'again' }] },
        { role: 'user', parts: [{ type: 'text', text: 'please' }] },
      ],
    });
    expect(tencentDialect.encodeRequest(request)).toEqual({
      Model: 'hunyuan-turbos-latest',
      Stream: true,
      Temperature: 0.5,
      TopP: 0.9,
      Stop: ['END'],
      Seed: 42,
      Messages: [
        { Role: 'system', Content: 'Be brief.\n\nAnswer in Chinese.' },
        { Role: 'user', Content: '你好' },
        { Role: 'assistant', Content: 'Hello' },
        { Role: 'user', Content: 'again\n\nplease' },
      ],
    });
    expect(request.warnings).toBeUndefined();
  });

  it('encodes tools (Parameters as JSON text), a named tool choice as custom, tool calls and tool results', () => {
    const parameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const request = baseRequest({
      tools: [{ name: 'get_weather', description: 'Weather of a city', parameters }],
      toolChoice: { name: 'get_weather' },
      messages: [
        { role: 'user', parts: [{ type: 'text', text: '深圳天气' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"深圳"}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_1', content: '{"temp":30}' }] },
      ],
    });
    const tool = { Type: 'function', Function: { Name: 'get_weather', Description: 'Weather of a city', Parameters: JSON.stringify(parameters) } };
    expect(tencentDialect.encodeRequest(request)).toEqual({
      Model: 'hunyuan-turbos-latest',
      Stream: false,
      Messages: [
        { Role: 'user', Content: '深圳天气' },
        { Role: 'assistant', ToolCalls: [{ Id: 'call_1', Type: 'function', Function: { Name: 'get_weather', Arguments: '{"city":"深圳"}' } }] },
        { Role: 'tool', Content: '{"temp":30}', ToolCallId: 'call_1' },
      ],
      Tools: [tool],
      ToolChoice: 'custom',
      CustomTool: tool,
    });
  });

  it('sends images as Contents and reports what Hunyuan cannot express', () => {
    const request = baseRequest({
      maxTokens: 100,
      frequencyPenalty: 0.5,
      seed: 0,
      tools: [{ name: 'f', parameters: {} }],
      toolChoice: 'required',
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', url: 'https://example.com/cat.png' },
            { type: 'file', mediaType: 'application/pdf', data: 'JVBERi0=' },
          ],
        },
      ],
    });
    const body = tencentDialect.encodeRequest(request) as Record<string, unknown>;
    expect(body.Messages).toEqual([
      { Role: 'user', Contents: [{ Type: 'text', Text: 'What is this?' }, { Type: 'image_url', ImageUrl: { Url: 'https://example.com/cat.png' } }] },
    ]);
    expect(body.ToolChoice).toBe('auto');
    expect(body.Seed).toBeUndefined();
    expect(request.warnings).toEqual([
      'Hunyuan takes no file attachments; 1 file part(s) dropped',
      'Hunyuan takes a seed from 1 to 10000; seed 0 was dropped',
      'Hunyuan cannot require "some tool"; tool_choice "required" was sent as "auto"',
      'Hunyuan ChatCompletions has no max_tokens; it was dropped',
      'Hunyuan ChatCompletions has no frequency_penalty; it was dropped',
    ]);
  });
});

describe('tencentDialect whole answers', () => {
  it('decodes a text answer wrapped in Response', () => {
    const body = fixtureJson('hunyuan-response.json');
    expect(tencentDialect.decodeError(body)).toBeUndefined();
    expect(tencentDialect.decodeResponse(body)).toEqual({
      id: '6b8c1c5e-7d3a-4c0e-9f2b-1a2b3c4d5e6f',
      model: '',
      created: 1735689600,
      parts: [{ type: 'text', text: '你好！我是腾讯混元，很高兴见到你 👋' }],
      finishReason: 'stop',
      usage: usage(12, 11),
    });
    expect(tencentDialect.readUsage(body)).toEqual(usage(12, 11));
  });

  it('decodes a tool-call answer', () => {
    const response = tencentDialect.decodeResponse(fixtureJson('hunyuan-response-tool-calls.json'));
    expect(response.parts).toEqual([{ type: 'tool-call', id: 'call_d0p7k2s2c3m1a9b8c7d6', name: 'get_weather', arguments: '{"city":"深圳"}' }]);
    expect(response.finishReason).toBe('tool-calls');
    expect(response.usage).toEqual(usage(98, 17));
  });

  it('decodes errors sent with HTTP 200', () => {
    expect(tencentDialect.decodeError(fixtureJson('hunyuan-error-auth.json'))).toEqual({
      message: 'The provided credentials could not be validated. Please check your signature is correct.',
      type: 'tencent_cloud_error',
      code: 'AuthFailure.SignatureFailure',
      httpStatus: 401,
    });
    expect(tencentDialect.decodeError(fixtureJson('hunyuan-error-limit.json'))).toMatchObject({ code: 'LimitExceeded', httpStatus: 429 });
    expect(tencentDialect.decodeError({ Response: { Error: { Code: 'InvalidParameterValue.Model', Message: 'model not found' } } })).toMatchObject({ httpStatus: 400 });
    expect(tencentDialect.decodeError({ Response: { Error: { Code: 'FailedOperation.EngineServerError', Message: 'x' } } })).toMatchObject({ httpStatus: 500 });
    expect(tencentDialect.decodeError({ ErrorMsg: { Code: 4001, Msg: 'timeout' } })).toEqual({ message: 'timeout', type: 'hunyuan_stream_error', code: '4001', httpStatus: 504 });
    expect(tencentDialect.decodeError({ ErrorMsg: null, Choices: [] })).toBeUndefined();
    expect(tencentDialect.decodeError('not json')).toBeUndefined();
  });
});

describe('tencentDialect stream decoder', () => {
  const textParts: CanonicalStreamPart[] = [
    { type: 'text-delta', text: '你好' },
    { type: 'text-delta', text: '！我是腾讯混元' },
    { type: 'text-delta', text: '，很高兴见到你 👋' },
    { type: 'finish', reason: 'stop' },
    { type: 'usage', usage: usage(12, 11) },
  ];

  it('decodes a text stream split at every byte, with the last usage at the end', () => {
    everySplit(fixture('hunyuan-stream-text.sse'), textParts);
    expect(decodeStream([fixture('hunyuan-stream-text.sse')]).decoder.metadata).toEqual({ id: '6b8c1c5e-7d3a-4c0e-9f2b-1a2b3c4d5e6f', model: '', created: 1735689600 });
  });

  it('decodes a CRLF tool-call stream whose pieces are merged by Index, split at every byte', () => {
    everySplit(fixture('hunyuan-stream-tool-calls.sse'), [
      { type: 'tool-call-start', index: 0, id: 'call_d0p7k2s2c3m1a9b8c7d6', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"深圳"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage: usage(98, 17) },
    ]);
  });

  it('decodes Hunyuan-T1 ReasoningContent as reasoning deltas', () => {
    everySplit(fixture('hunyuan-t1-stream-reasoning.sse'), [
      { type: 'reasoning-delta', text: '用户问 1+1，' },
      { type: 'reasoning-delta', text: '答案是 2。' },
      { type: 'text-delta', text: '1+1=2' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: usage(7, 9) },
    ]);
  });

  it('reports an ErrorMsg chunk midway as an error part', () => {
    everySplit(fixture('hunyuan-stream-error.sse'), [
      { type: 'text-delta', text: '深圳今天' },
      { type: 'error', error: { message: '请求模型超时，请稍后重试', type: 'hunyuan_stream_error', code: '4001', httpStatus: 504 } },
      { type: 'usage', usage: usage(20, 3) },
    ]);
  });

  it('decodes a refused stream call answered with one JSON error body, split at every byte', () => {
    everySplit(fixture('hunyuan-error-auth.json'), [
      {
        type: 'error',
        error: { message: 'The provided credentials could not be validated. Please check your signature is correct.', type: 'tencent_cloud_error', code: 'AuthFailure.SignatureFailure', httpStatus: 401 },
      },
    ]);
  });

  it('collects a stream into the same answer as the whole response (round trip)', () => {
    for (const [stream, whole] of [
      ['hunyuan-stream-text.sse', 'hunyuan-response.json'],
      ['hunyuan-stream-tool-calls.sse', 'hunyuan-response-tool-calls.json'],
    ]) {
      const { parts, decoder } = decodeStream([fixture(stream)]);
      expect(decoder.metadata).toBeDefined();
      expect(collectStreamParts(parts, decoder.metadata!)).toEqual(tencentDialect.decodeResponse(fixtureJson(whole)));
    }
  });

  it('replays a whole JSON answer given to the stream decoder as stream parts', () => {
    const { parts } = decodeStream([fixture('hunyuan-response.json')]);
    expect(parts).toEqual([{ type: 'text-delta', text: '你好！我是腾讯混元，很高兴见到你 👋' }, { type: 'usage', usage: usage(12, 11) }, { type: 'finish', reason: 'stop' }]);
  });
});
