import { OpenAiResponsesStreamDecoder, OpenAiResponsesStreamUsageReader, openAiResponsesResponseSchema, decodeOpenAiResponsesResponse } from '@turnpike/formats';
import OpenAI from 'openai';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countMockResponsesPromptTokens } from './mock-openai-responses-routes';
import { startMockUpstream, type MockUpstream } from './mock-upstream';

let mock: MockUpstream;
let client: OpenAI;
const dispatcher = new Agent({ keepAliveTimeout: 10 });
const model = 'gpt-4.1-mini';

beforeAll(async () => {
  mock = await startMockUpstream();
  client = new OpenAI({ apiKey: 'sk-responses', baseURL: `${mock.url}/v1`, maxRetries: 0 });
});
afterAll(async () => {
  await mock.close();
  await dispatcher.close();
});
beforeEach(() => mock.reset());

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Weather by city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

function postRaw(body: unknown) {
  return request(`${mock.url}/v1/responses`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-raw' },
    body: JSON.stringify(body),
  });
}

describe('mock upstream: openai responses through the real SDK', () => {
  it('answers JSON with exact usage and records the instructions as the system prompt', async () => {
    mock.setBehaviour({ cachedTokens: 2 });
    const response = await client.responses.create({ model, instructions: 'be very brief', input: 'hello there mock' });
    expect(response).toMatchObject({
      id: 'resp_mock_1',
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      model,
      instructions: 'be very brief',
      output: [{ id: 'msg_mock_1_0', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'w1 w2 w3' }] }],
      usage: { input_tokens: 6, input_tokens_details: { cached_tokens: 2, cache_write_tokens: 0 }, output_tokens: 3, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 9 },
    });
    expect(response.output_text).toBe('w1 w2 w3');
    expect(mock.requests[0]).toMatchObject({ path: '/v1/responses', apiKey: 'sk-responses', systemPrompt: 'be very brief' });
  });

  it('streams the real event sequence, which the SDK accumulates into the final response', async () => {
    mock.setBehaviour({ replyChunks: ['Hel', 'lo', ' 世界'], promptTokens: 40, cachedTokens: 30, reasoningTokens: 2 });
    const stream = client.responses.stream({ model, input: [{ role: 'developer', content: 'terse' }, { role: 'user', content: 'hi' }] });
    const deltas: string[] = [];
    stream.on('response.output_text.delta', (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    expect(deltas).toEqual(['Hel', 'lo', ' 世界']);
    expect(final.output_text).toBe('Hello 世界');
    expect(final.usage).toEqual({ input_tokens: 40, input_tokens_details: { cached_tokens: 30, cache_write_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 2 }, total_tokens: 45 });
    expect(mock.requests[0]?.systemPrompt).toBe('terse');
  });

  it('numbers every event and names it on its event line, as client.responses.create({stream: true}) sees them', async () => {
    const events = await client.responses.create({ model, input: 'hi', stream: true });
    const seen: { type: string; sequence: number }[] = [];
    for await (const event of events) seen.push({ type: event.type, sequence: event.sequence_number });
    expect(seen.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(seen.map((event) => event.sequence)).toEqual(seen.map((_, index) => index));
    const raw = await (await postRaw({ model, input: 'hi', stream: true })).body.text();
    expect(raw.startsWith('event: response.created\ndata: {"type":"response.created","sequence_number":0,')).toBe(true);
  });

  it('answers a declared function tool with a call, then with text once the output comes back', async () => {
    mock.setBehaviour({ replyToolCall: { arguments: { city: 'Paris' } }, reasoningTokens: 4 });
    const first = await client.responses.create({ model, input: 'Weather in Paris?', tools: [weatherTool], reasoning: { effort: 'low', summary: 'auto' }, include: ['reasoning.encrypted_content'] });
    expect(first.output).toEqual([
      { id: 'rs_mock_1_0', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Mock reasoning summary.' }], encrypted_content: 'mock-encrypted-1' },
      { id: 'fc_mock_1_1', type: 'function_call', status: 'completed', arguments: '{"city":"Paris"}', call_id: 'call_mock_1', name: 'get_weather' },
    ]);
    expect(first.usage).toMatchObject({ output_tokens: 5, output_tokens_details: { reasoning_tokens: 4 } });
    const call = first.output[1];
    if (call?.type !== 'function_call') throw new Error('expected a function call');
    const second = await client.responses.create({
      model,
      tools: [weatherTool],
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        ...first.output.flatMap((item) => (item.type === 'reasoning' || item.type === 'function_call' ? [item] : [])),
        { type: 'function_call_output', call_id: call.call_id, output: 'sunny' },
      ],
    });
    expect(second.output_text).toBe('w1 w2 w3');
    expect(second.usage?.input_tokens).toBe(4);
  });

  it('streams a function call whose arguments the SDK reassembles, and which the formats decoder reads', async () => {
    mock.setBehaviour({ replyToolCall: { name: 'get_weather', arguments: { city: 'Lyon' } } });
    const final = await client.responses.stream({ model, input: 'Lyon?', tools: [weatherTool] }).finalResponse();
    expect(final.output).toMatchObject([{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Lyon"}', call_id: 'call_mock_1' }]);
    const raw = await (await postRaw({ model, input: 'Lyon?', tools: [weatherTool], stream: true })).body.text();
    const decoder = new OpenAiResponsesStreamDecoder();
    const parts = [...decoder.push(Buffer.from(raw)), ...decoder.end()];
    expect(parts).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_mock_2', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"Lyon"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ]);
  });

  it('honours usage modes: omitted in JSON and null in the stream, repeated on lifecycle events for every-chunk', async () => {
    mock.setBehaviour({ usage: 'omitted' });
    const json = (await (await postRaw({ model, input: 'a b' })).body.json()) as Record<string, unknown>;
    expect('usage' in json).toBe(false);
    const omitted = new OpenAiResponsesStreamUsageReader();
    omitted.push(Buffer.from(await (await postRaw({ model, input: 'a b', stream: true })).body.text()));
    omitted.end();
    expect(omitted.usage).toBeUndefined();
    expect(omitted.done).toBe(true);
    mock.setBehaviour({ usage: 'every-chunk', promptTokens: 7, chunkCount: 2 });
    const text = await (await postRaw({ model, input: 'a b', stream: true })).body.text();
    const usages = text
      .split('\n\n')
      .filter((frame) => frame.includes('"usage":{'))
      .map((frame) => (JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as { response: { usage: { output_tokens: number } } }).response.usage.output_tokens);
    expect(usages).toEqual([0, 0, 2]);
    const reader = new OpenAiResponsesStreamUsageReader();
    reader.push(Buffer.from(text));
    reader.end();
    expect(reader.usage).toEqual({ inputTokens: 7, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
  });

  it('answers injected status faults in the OpenAI error shape the SDK raises', async () => {
    mock.queueBehaviour({ fault: { type: 'status', status: 429 } });
    const error = await client.responses.create({ model, input: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'requests' });
  });

  it('cuts a stream after the configured number of events', async () => {
    mock.setBehaviour({ fault: { type: 'drop', afterChunks: 4 }, chunkDelayMs: 1 });
    const response = await postRaw({ model, input: 'x', stream: true });
    const text = await response.body.text().catch(() => '');
    const reader = new OpenAiResponsesStreamUsageReader();
    reader.push(Buffer.from(text));
    reader.end();
    expect(text.split('\n\n').filter((frame) => frame.startsWith('event: ')).length).toBeLessThanOrEqual(4);
    expect(reader.done).toBe(false);
  });

  it('rejects the mistakes of a faulty conversion the way the real API does', async () => {
    const cases: [unknown, string, string | null][] = [
      [{ input: 'x' }, "Missing required parameter: 'model'.", 'model'],
      [{ model, input: [{ role: 'tool', content: 'x', tool_call_id: 'c' }] }, "Invalid value: 'tool'. Supported values are: 'assistant', 'system', 'developer', and 'user'.", 'input[0].role'],
      [{ model, input: [{ role: 'assistant', content: [{ type: 'input_text', text: 'x' }] }] }, "Invalid value: 'input_text'. Supported values are: 'output_text', 'refusal'.", 'input[0].content[0]'],
      [{ model, input: 'x', tools: [{ type: 'function', function: { name: 'f' } }] }, "Missing required parameter: 'tools[0].name'.", 'tools[0].name'],
      [{ model, input: [{ type: 'function_call_output', call_id: 'call_9', output: 'x' }] }, 'No tool call found for function call output with call_id call_9.', 'input'],
    ];
    for (const [body, message, param] of cases) {
      const response = await postRaw(body);
      expect(response.statusCode).toBe(400);
      expect(await response.body.json()).toMatchObject({ error: { message, type: 'invalid_request_error', param } });
    }
  });

  it('answers JSON that the formats codec decodes to the canonical response', async () => {
    mock.setBehaviour({ replyChunks: ['ok'], reasoningTokens: 1 });
    const body = await (await postRaw({ model, input: 'x', reasoning: { summary: 'auto' } })).body.json();
    expect(decodeOpenAiResponsesResponse(openAiResponsesResponseSchema.parse(body))).toEqual({
      id: 'resp_mock_1',
      model,
      created: 1_700_000_000,
      parts: [
        { type: 'reasoning', text: 'Mock reasoning summary.' },
        { type: 'text', text: 'ok' },
      ],
      finishReason: 'stop',
      usage: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 1 },
    });
  });

  it('counts prompt tokens over instructions, message texts and tool outputs', () => {
    expect(
      countMockResponsesPromptTokens({
        instructions: 'one two',
        input: [
          { role: 'user', content: [{ type: 'input_text', text: 'three four' }, { type: 'input_image', image_url: 'x' }] },
          { type: 'function_call', call_id: 'c', name: 'f', arguments: '{"a": "b c"}' },
          { type: 'function_call_output', call_id: 'c', output: 'five' },
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'six' }] },
        ],
      }),
    ).toBe(6);
    expect(countMockResponsesPromptTokens({ input: 'a b c' })).toBe(3);
  });
});
