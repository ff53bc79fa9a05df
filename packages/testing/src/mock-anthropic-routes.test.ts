import Anthropic from '@anthropic-ai/sdk';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countMockAnthropicPromptTokens } from './mock-anthropic-routes';
import { startMockUpstream, type MockUpstream } from './mock-upstream';

let mock: MockUpstream;
let client: Anthropic;
const dispatcher = new Agent({ keepAliveTimeout: 10 });
const model = 'claude-haiku-4-5';

beforeAll(async () => {
  mock = await startMockUpstream();
  client = new Anthropic({ apiKey: 'sk-ant-mock', baseURL: mock.url, maxRetries: 0 });
});
afterAll(async () => {
  await mock.close();
  await dispatcher.close();
});
beforeEach(() => mock.reset());

const weatherTool = { name: 'get_weather', description: 'Weather by city', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } } };

interface RawEvent {
  event: string;
  data: Record<string, unknown>;
}

async function postRaw(body: unknown, headers: Record<string, string> = { 'anthropic-version': '2023-06-01' }) {
  return request(`${mock.url}/v1/messages`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-raw', ...headers },
    body: JSON.stringify(body),
  });
}

async function rawEvents(body: Record<string, unknown>): Promise<RawEvent[]> {
  const response = await postRaw({ ...body, stream: true });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream');
  const text = await response.body.text();
  return text
    .split('\n\n')
    .filter((frame) => frame.length > 0)
    .map((frame) => {
      const [eventLine, dataLine] = frame.split('\n');
      return { event: (eventLine ?? '').slice(7), data: JSON.parse((dataLine ?? '').slice(6)) as Record<string, unknown> };
    });
}

describe('mock upstream: anthropic messages through the real SDK', () => {
  it('answers JSON with exact usage, and records the key, the version header and the top-level system prompt', async () => {
    mock.setBehaviour({ cachedTokens: 2, cacheWriteTokens: 1 });
    const message = await client.messages.create({ model, max_tokens: 64, system: 'be very brief', messages: [{ role: 'user', content: 'hello there mock' }] });
    expect(message).toEqual({
      id: 'msg_mock_1',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: 'w1 w2 w3' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 3, cache_creation_input_tokens: 1, cache_read_input_tokens: 2, output_tokens: 3, service_tier: 'standard' },
    });
    const [recorded] = mock.requests;
    expect(recorded?.apiKey).toBe('sk-ant-mock');
    expect(recorded?.headers['x-api-key']).toBe('sk-ant-mock');
    expect(recorded?.headers['anthropic-version']).toBe('2023-06-01');
    expect(recorded?.systemPrompt).toBe('be very brief');
  });

  it('streams the real event sequence, accumulated by the SDK into the final message', async () => {
    mock.setBehaviour({ replyChunks: ['Hel', 'lo', ' 世界'], promptTokens: 40, cachedTokens: 30, reasoningTokens: 2 });
    const final = await client.messages
      .stream({ model, max_tokens: 64, system: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }], messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'Hello 世界' }]);
    expect(final.usage).toMatchObject({ input_tokens: 10, cache_read_input_tokens: 30, cache_creation_input_tokens: 0, output_tokens: 5, output_tokens_details: { thinking_tokens: 2 } });
    expect(mock.requests[0]?.systemPrompt).toBe('one\ntwo');
    const events = await rawEvents({ model, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.every((event) => event.data.type === event.event)).toBe(true);
    expect(events[0]?.data).toMatchObject({ message: { id: 'msg_mock_2', content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } });
  });

  it('runs a tool round trip: a tool_use first, text once the tool_result comes back', async () => {
    mock.setBehaviour({ replyToolCall: { arguments: { city: 'Paris' } } });
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = await client.messages.stream({ model, max_tokens: 64, tools: [weatherTool], messages }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content).toEqual([{ type: 'tool_use', id: 'toolu_mock_1', name: 'get_weather', input: { city: 'Paris' } }]);
    expect(first.usage.output_tokens).toBe(1);
    messages.push({ role: 'assistant', content: first.content as Anthropic.ContentBlockParam[] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_mock_1', content: 'rainy and cold' }] });
    const second = await client.messages.create({ model, max_tokens: 64, tools: [weatherTool], messages });
    expect(second.stop_reason).toBe('end_turn');
    expect(second.content).toEqual([{ type: 'text', text: 'w1 w2 w3' }]);
    expect(second.usage.input_tokens).toBe(3 + 3);
    expect(mock.requests[1]?.body).toMatchObject({ messages: [{}, { role: 'assistant' }, { content: [{ type: 'tool_result', tool_use_id: 'toolu_mock_1' }] }] });
  });

  it('answers with a signed thinking block when the request enables thinking', async () => {
    const params = { model, max_tokens: 4096, thinking: { type: 'enabled' as const, budget_tokens: 1024 }, messages: [{ role: 'user' as const, content: 'think' }] };
    const json = await client.messages.create(params);
    expect(json.content[0]).toEqual({ type: 'thinking', thinking: 'Mock thinking.', signature: 'mock-signature-1' });
    const streamed = await client.messages.stream(params).finalMessage();
    expect(streamed.content).toEqual([
      { type: 'thinking', thinking: 'Mock thinking.', signature: 'mock-signature-2' },
      { type: 'text', text: 'w1 w2 w3' },
    ]);
  });

  it('raises injected faults as Anthropic errors with their documented types', async () => {
    const cases = [
      { status: 401, type: 'authentication_error' },
      { status: 429, type: 'rate_limit_error' },
      { status: 500, type: 'api_error' },
      { status: 529, type: 'overloaded_error' },
    ];
    for (const { status, type } of cases) {
      mock.queueBehaviour({ fault: { type: 'status', status } });
      const failure = await client.messages.create({ model, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Anthropic.APIError);
      expect(failure).toMatchObject({ status, type, error: { type: 'error', error: { type } } });
    }
    mock.queueBehaviour({ fault: { type: 'status', status: 529, message: 'busy', errorType: 'overloaded_error' } });
    const response = await postRaw({ model, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] });
    expect(response.statusCode).toBe(529);
    expect(await response.body.json()).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'busy' }, request_id: 'req_011CMockUpstream' });
  });
});

describe('mock upstream: anthropic messages validation and modes', () => {
  const valid = { model, max_tokens: 16, messages: [{ role: 'user', content: 'x' }] };

  async function expectInvalid(body: unknown, message: string, headers?: Record<string, string>): Promise<void> {
    const response = await postRaw(body, headers);
    expect(response.statusCode).toBe(400);
    expect(await response.body.json()).toEqual({ type: 'error', error: { type: 'invalid_request_error', message }, request_id: 'req_011CMockUpstream' });
  }

  it('rejects what the real API rejects: no version header, no max_tokens, a system message, unpaired tool blocks', async () => {
    await expectInvalid(valid, 'anthropic-version: header is required', {});
    await expectInvalid({ ...valid, max_tokens: undefined }, 'max_tokens: Field required');
    await expectInvalid({ ...valid, messages: [] }, 'messages: Field required');
    await expectInvalid(
      { ...valid, messages: [{ role: 'system', content: 'be brief' }, ...valid.messages] },
      'messages.0: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.',
    );
    const toolUse = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }] };
    await expectInvalid(
      { ...valid, messages: [...valid.messages, toolUse, { role: 'user', content: 'forgot the result' }] },
      'messages.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    );
    await expectInvalid(
      { ...valid, messages: [...valid.messages, { role: 'assistant', content: 'ok' }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'x' }] }] },
      'messages.2.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_9. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    );
    expect(mock.requests.at(-1)?.systemPrompt).toBeUndefined();
  });

  it('sends no usage at all when usage is omitted', async () => {
    mock.setBehaviour({ usage: 'omitted' });
    const json = (await (await postRaw(valid)).body.json()) as Record<string, unknown>;
    expect(json.usage).toBeUndefined();
    const events = await rawEvents(valid);
    expect(events.some((event) => 'usage' in event.data || 'usage' in (event.data.message as object | undefined ?? {}))).toBe(false);
  });

  it('repeats a growing cumulative usage in message_delta events in every-chunk mode', async () => {
    mock.setBehaviour({ usage: 'every-chunk', chunkCount: 2, promptTokens: 7 });
    const deltas = (await rawEvents(valid)).filter((event) => event.event === 'message_delta');
    expect(deltas.map((event) => (event.data.usage as { output_tokens: number }).output_tokens)).toEqual([1, 2, 2]);
    expect(deltas.map((event) => (event.data.delta as { stop_reason: string | null }).stop_reason)).toEqual([null, null, 'end_turn']);
  });

  it('drops the stream after N events, so clients see a cut before message_stop', async () => {
    mock.setBehaviour({ fault: { type: 'drop', afterChunks: 4 } });
    const response = await postRaw({ ...valid, stream: true });
    const received: Buffer[] = [];
    await expect(
      (async () => {
        for await (const chunk of response.body) received.push(chunk as Buffer);
      })(),
    ).rejects.toThrow();
    const text = Buffer.concat(received).toString();
    expect(text.match(/^event: /gm)).toHaveLength(4);
    expect(text).not.toContain('message_stop');
  });

  it('counts prompt tokens from the system prompt, text blocks and tool results only', () => {
    expect(
      countMockAnthropicPromptTokens({
        system: [{ type: 'text', text: 'two words' }],
        messages: [
          { role: 'user', content: 'three more words' },
          { role: 'assistant', content: [{ type: 'thinking', thinking: 'not counted', signature: 's' }, { type: 'tool_use', id: 't', name: 'f', input: { a: 'b c' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'one' }] }, { type: 'text', text: 'and two' }] },
        ],
      }),
    ).toBe(2 + 3 + 1 + 2);
  });
});
