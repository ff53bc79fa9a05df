// Native provider adaptors end to end (Cohere, Bedrock, Vertex AI, Baidu v1, iFlytek Spark, PaLM 2, Coze, Tencent) against local emulators (the mock upstream with custom answers): client answers, upstream requests, exact bills.
import type { ServerResponse } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import {
  createServiceAccount,
  encodeBedrockChunk,
  piecesOf,
  providerFixtures,
  selfSignedCertificate,
  sendJson,
  sendPieces,
  startMockUpstream,
  verifyJwt,
  verifySigV4,
  verifySparkUrl,
  verifyTc3,
  type MockUpstream,
  type RecordedRequest,
  type ServiceAccount,
} from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { estimateChatPromptTokens, exactCounter } from '../src/relay/token-counter';
import { addApiKey, addChannel, setChannelOther } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

const system = 'You are terse.';
const question = 'Say hello.';
const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
  { role: 'system', content: system },
  { role: 'user', content: question },
];

/** Model ratio and completion ratio per model: a bill is ratio × (prompt + completion × completion ratio). */
const prices: Record<string, { ratio: number; completion: number }> = {
  'command-a-03-2025': { ratio: 2, completion: 3 },
  'claude-sonnet-4-20250514': { ratio: 2, completion: 5 },
  'gemini-2.5-flash': { ratio: 1, completion: 4 },
  'ERNIE-4.0-8K': { ratio: 1, completion: 2 },
  'SparkDesk-v3.5': { ratio: 3, completion: 1 },
  'PaLM-2': { ratio: 2, completion: 3 },
  'coze-bot': { ratio: 1, completion: 2 },
  'hunyuan-turbo': { ratio: 1, completion: 2 },
};

function cost(model: string, prompt: number, completion: number): number {
  const price = prices[model];
  return price.ratio * (prompt + completion * price.completion);
}

const startQuota = 10_000_000;

/** What an OpenAI-SDK caller got back. */
interface ChatAnswer {
  text: string;
  reasoning: string;
  toolCalls: Array<{ name: string; arguments: string }>;
  finishReason: string | null;
  usage: { prompt: number; completion: number } | undefined;
}

type ReasoningFields = { reasoning_content?: string | null };

async function askOpenAi(client: OpenAI, model: string, stream: boolean, extra: Partial<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming> = {}): Promise<ChatAnswer> {
  if (!stream) {
    const answer = await client.chat.completions.create({ model, messages, ...extra, stream: false });
    const choice = answer.choices[0];
    return {
      text: choice.message.content ?? '',
      reasoning: (choice.message as ReasoningFields).reasoning_content ?? '',
      toolCalls: (choice.message.tool_calls ?? []).map((call) => (call.type === 'function' ? { name: call.function.name, arguments: call.function.arguments } : { name: '', arguments: '' })),
      finishReason: choice.finish_reason,
      usage: answer.usage ? { prompt: answer.usage.prompt_tokens, completion: answer.usage.completion_tokens } : undefined,
    };
  }
  const result: ChatAnswer = { text: '', reasoning: '', toolCalls: [], finishReason: null, usage: undefined };
  for await (const chunk of await client.chat.completions.create({ model, messages, ...extra, stream: true })) {
    if (chunk.usage) result.usage = { prompt: chunk.usage.prompt_tokens, completion: chunk.usage.completion_tokens };
    const choice = chunk.choices[0];
    if (!choice) continue;
    result.text += choice.delta.content ?? '';
    result.reasoning += (choice.delta as ReasoningFields).reasoning_content ?? '';
    for (const call of choice.delta.tool_calls ?? []) {
      const entry = (result.toolCalls[call.index] ??= { name: '', arguments: '' });
      entry.name += call.function?.name ?? '';
      entry.arguments += call.function?.arguments ?? '';
    }
    if (choice.finish_reason) result.finishReason = choice.finish_reason;
  }
  return result;
}

/** What an Anthropic-SDK caller got back. */
interface MessagesAnswer {
  text: string;
  usage: { input: number; output: number };
}

async function askAnthropic(client: Anthropic, model: string, stream: boolean): Promise<MessagesAnswer> {
  const params = { model, max_tokens: 256, system, messages: [{ role: 'user' as const, content: question }] };
  if (!stream) {
    const answer = await client.messages.create(params);
    const text = answer.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    return { text, usage: { input: answer.usage.input_tokens, output: answer.usage.output_tokens } };
  }
  const result: MessagesAnswer = { text: '', usage: { input: 0, output: 0 } };
  for await (const event of await client.messages.create({ ...params, stream: true })) {
    if (event.type === 'message_start') result.usage.input = event.message.usage.input_tokens;
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') result.text += event.delta.text;
    if (event.type === 'message_delta') result.usage.output = event.usage.output_tokens;
  }
  return result;
}

/** The error a call failed with (the test fails when it succeeds). */
async function failureOf(action: () => Promise<unknown>): Promise<Error> {
  try {
    await action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded, but it was expected to fail');
}

const last = (calls: readonly RecordedRequest[]): RecordedRequest => {
  const call = calls.at(-1);
  if (!call) throw new Error('the emulator received no call');
  return call;
};

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

describe('native providers through the relay', () => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer();
    await server.context.options.set('ModelRatio', Object.fromEntries(Object.entries(prices).map(([model, price]) => [model, price.ratio])));
    await server.context.options.set('CompletionRatio', Object.fromEntries(Object.entries(prices).map(([model, price]) => [model, price.completion])));
    base = await server.listen();
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A user in `group` with an API key, and SDK clients using it. */
  interface Caller {
    id: number;
    openai: OpenAI;
    anthropic: Anthropic;
  }

  async function callerIn(group: string): Promise<Caller> {
    const actor = await server.createUser({ username: `native-${group}`, quota: startQuota, group });
    const { key } = await addApiKey(server, actor);
    return {
      id: actor.user.id,
      openai: new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 }),
      anthropic: new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 }),
    };
  }

  /** The user's quota once every queued settlement is written. */
  async function quotaOf(userId: number): Promise<number> {
    await server.settle();
    return (await server.context.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota;
  }

  /** How many log rows (consumption or error) the user has. */
  async function logRows(userId: number): Promise<number> {
    return (await server.context.db.selectFrom('logs').select('id').where('user_id', '=', userId).execute()).length;
  }

  /** Waits until the relay wrote the call's log row (it settles after the answer's last byte), and flushes the ledger. */
  async function settledAfter(userId: number, rowsBefore: number): Promise<void> {
    await vi.waitFor(
      async () => {
        await server.settle();
        expect(await logRows(userId)).toBeGreaterThan(rowsBefore);
      },
      { timeout: 5_000, interval: 20 },
    );
  }

  /** Runs a call and returns its result with the quota it took from the user, once settled. */
  async function metered<T>(caller: Caller, action: () => Promise<T>): Promise<{ result: T; spent: number }> {
    const before = await quotaOf(caller.id);
    const rows = await logRows(caller.id);
    const result = await action();
    await settledAfter(caller.id, rows);
    return { result, spent: before - (await quotaOf(caller.id)) };
  }

  /** Runs a call that must fail; returns its error and the quota it took, once settled or released. */
  async function meteredFailure(caller: Caller, action: () => Promise<unknown>): Promise<{ error: Error; spent: number }> {
    const before = await quotaOf(caller.id);
    const rows = await logRows(caller.id);
    const error = await failureOf(action);
    await settledAfter(caller.id, rows);
    return { error, spent: before - (await quotaOf(caller.id)) };
  }

  const statusOf = (error: Error): number | undefined => (error instanceof OpenAI.APIError ? error.status : undefined);

  async function lastLog(userId: number) {
    await server.settle();
    return server.context.db.selectFrom('logs').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  }

  const otherOf = (log: { other: string }): Record<string, unknown> => JSON.parse(log.other) as Record<string, unknown>;

  describe('Cohere (type 34): the cohere-v2 dialect', () => {
    const model = 'command-a-03-2025';
    let upstream: MockUpstream;
    let caller: Caller;

    beforeAll(async () => {
      upstream = await startMockUpstream();
      // A pasted version segment is stripped: calls still go to {base}/v2/chat.
      await addChannel(server, { type: 34, key: 'cohere-key', baseUrl: `${upstream.url}/v1`, models: model, group: 'cohere' });
      caller = await callerIn('cohere');
    });
    afterAll(() => upstream.close());

    it('streams the native SSE as OpenAI chunks and bills billed_units, not tokens', async () => {
      upstream.answer((_call, response) => sendPieces(response, 'text/event-stream', piecesOf(providerFixtures('cohere').fixture('chat-stream-text.sse'), 61)));
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, true));
      expect(result.text).toBe('Bonjour, 世界 👋');
      expect(result.reasoning).toBe('The user greets in French; answer briefly.');
      expect(result.finishReason).toBe('stop');
      expect(result.usage).toEqual({ prompt: 9, completion: 21 });
      const call = last(upstream.requests);
      expect(call.method).toBe('POST');
      expect(call.path).toBe('/v2/chat');
      expect(call.headers.authorization).toBe('Bearer cohere-key');
      expect(call.headers.accept).toBe('text/event-stream');
      expect(call.body).toMatchObject({ model, stream: true, messages: [{ role: 'system', content: system }, { role: 'user', content: question }] });
      expect(spent).toBe(cost(model, 9, 21));
      expect(await lastLog(caller.id)).toMatchObject({ prompt_tokens: 9, completion_tokens: 21, quota: cost(model, 9, 21), is_stream: 1, model_name: model });
      expect(otherOf(await lastLog(caller.id)).request_conversion).toEqual(['openai-chat', 'cohere-v2']);
    });

    it('converts a whole answer and bills its billed_units', async () => {
      const answer = {
        id: '5b1e3a52-0c1f-4e55-9d0a-2f0c4b3e7a11',
        finish_reason: 'COMPLETE',
        message: { role: 'assistant', content: [{ type: 'text', text: 'Hello from Cohere.' }] },
        usage: { billed_units: { input_tokens: 11, output_tokens: 7 }, tokens: { input_tokens: 301, output_tokens: 9 } },
      };
      upstream.answer((_call, response) => sendJson(response, answer));
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, false));
      expect(result).toMatchObject({ text: 'Hello from Cohere.', finishReason: 'stop', usage: { prompt: 11, completion: 7 } });
      const call = last(upstream.requests);
      expect(call.path).toBe('/v2/chat');
      expect(call.headers.accept).toBe('application/json');
      expect(call.body).toMatchObject({ model, stream: false });
      expect(spent).toBe(cost(model, 11, 7));
    });

    it('relays a tool call with its tool plan, billed from the fixture', async () => {
      upstream.answer((_call, response) => sendJson(response, providerFixtures('cohere').fixtureJson('chat-response-tool-call.json')));
      const parameters = { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] };
      const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters } }];
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, false, { tools }));
      expect(result.toolCalls).toEqual([{ name: 'get_weather', arguments: '{"location":"Toronto"}' }]);
      expect(result.reasoning).toBe('I will look up the weather in Toronto.');
      expect(result.finishReason).toBe('tool_calls');
      expect(record(last(upstream.requests).body).tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters } }]);
      expect(spent).toBe(cost(model, 37, 28));
    });
  });

  describe('AWS Bedrock (type 33): SigV4-signed Claude Messages and the binary event stream', () => {
    const model = 'claude-sonnet-4-20250514';
    const modelPath = '/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0';
    const wholeAnswer = {
      id: 'msg_bdrk_017ZqQ3xK2nV8sYfT4pW9aLm',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: 'Hello from Bedrock.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 20, output_tokens: 6 },
    };
    let upstream: MockUpstream;
    let caller: Caller;

    beforeAll(async () => {
      upstream = await startMockUpstream();
      await addChannel(server, { type: 33, key: 'AKID|SECRET|us-east-1', baseUrl: upstream.url, models: model, group: 'bedrock' });
      caller = await callerIn('bedrock');
    });
    afterAll(() => upstream.close());

    function expectSigned(call: RecordedRequest, action: 'invoke' | 'invoke-with-response-stream'): Record<string, unknown> {
      expect(call.method).toBe('POST');
      expect(call.path).toBe(`${modelPath}/${action}`);
      expect(call.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=/);
      expect(verifySigV4(call, 'SECRET')).toBe(true);
      const body = record(call.body);
      // The model and stream flag travel in the URL; Bedrock refuses them (and metadata) in the body.
      expect(body).not.toHaveProperty('model');
      expect(body).not.toHaveProperty('stream');
      expect(body.anthropic_version).toBe('bedrock-2023-05-31');
      expect(body.system).toBe(system);
      return body;
    }

    it('converts an OpenAI call to an invoke and back', async () => {
      upstream.answer((_call, response) => sendJson(response, wholeAnswer));
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, false));
      expect(result).toMatchObject({ text: 'Hello from Bedrock.', finishReason: 'stop', usage: { prompt: 20, completion: 6 } });
      const body = expectSigned(last(upstream.requests), 'invoke');
      expect(body.messages).toEqual([{ role: 'user', content: question }]);
      expect(last(upstream.requests).headers.accept).toBe('application/json');
      expect(spent).toBe(cost(model, 20, 6));
    });

    it('reframes the binary event stream fixture into OpenAI chunks', async () => {
      upstream.answer((_call, response) => sendPieces(response, 'application/vnd.amazon.eventstream', piecesOf(providerFixtures('aws').fixture('claude-stream.eventstream'), 45)));
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, true));
      expect(result.text).toBe('Hello from Bedrock — ünïcode ✓');
      expect(result.usage).toEqual({ prompt: 14, completion: 9 });
      const call = last(upstream.requests);
      expectSigned(call, 'invoke-with-response-stream');
      expect(call.headers.accept).toBe('application/vnd.amazon.eventstream');
      expect(call.headers['x-amzn-bedrock-accept']).toBe('application/json');
      expect(spent).toBe(cost(model, 14, 9));
      expect(await lastLog(caller.id)).toMatchObject({ prompt_tokens: 14, completion_tokens: 9, quota: cost(model, 14, 9), is_stream: 1 });
    });

    it('passes an Anthropic call through to an invoke unchanged but for the Bedrock fields', async () => {
      upstream.answer((_call, response) => sendJson(response, wholeAnswer));
      const { result, spent } = await metered(caller, () => askAnthropic(caller.anthropic, model, false));
      expect(result).toEqual({ text: 'Hello from Bedrock.', usage: { input: 20, output: 6 } });
      const body = expectSigned(last(upstream.requests), 'invoke');
      expect(body).toMatchObject({ max_tokens: 256, messages: [{ role: 'user', content: question }] });
      expect(spent).toBe(cost(model, 20, 6));
      expect(otherOf(await lastLog(caller.id))).not.toHaveProperty('request_conversion');
    });

    it('streams an Anthropic call from event-stream frames split at arbitrary bytes', async () => {
      const events = [
        { type: 'message_start', message: { id: 'msg_bdrk_02', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 16, output_tokens: 1 } } },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Streamed ' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'by Bedrock ✓' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 4 } },
        { type: 'message_stop', 'amazon-bedrock-invocationMetrics': { inputTokenCount: 16, outputTokenCount: 4, invocationLatency: 300, firstByteLatency: 120 } },
      ];
      const frames = Buffer.concat(events.map((event) => encodeBedrockChunk(event)));
      upstream.answer((_call, response) => sendPieces(response, 'application/vnd.amazon.eventstream', piecesOf(frames, 37)));
      const { result, spent } = await metered(caller, () => askAnthropic(caller.anthropic, model, true));
      expect(result).toEqual({ text: 'Streamed by Bedrock ✓', usage: { input: 16, output: 4 } });
      expectSigned(last(upstream.requests), 'invoke-with-response-stream');
      expect(spent).toBe(cost(model, 16, 4));
    });
  });

  describe('Vertex AI (type 41): service-account token exchange, Gemini and Claude publishers', () => {
    const gemini = 'gemini-2.5-flash';
    const claude = 'claude-sonnet-4-20250514';
    const token = providerFixtures('vertex').fixtureJson<{ access_token: string }>('oauth-token-answer.json').access_token;
    let api: MockUpstream;
    let oauth: MockUpstream;
    let account: ServiceAccount;
    let caller: Caller;
    let tlsSetting: string | undefined;

    beforeAll(async () => {
      // The key's token_uri must be https; the emulator's certificate is self-signed, and the relay's HTTP client
      // has no CA option, so certificate checks are off while this block runs.
      tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
      oauth = await startMockUpstream({ tls: selfSignedCertificate() });
      account = createServiceAccount(`${oauth.url}/token`);
      oauth.answer((call, response) => {
        const claims = verifyJwt(new URLSearchParams(call.rawBody.toString('utf8')).get('assertion') ?? '', account.publicKey)?.claims;
        if (!claims) return sendJson(response, providerFixtures('vertex').fixtureJson('oauth-token-error.json'), 400);
        sendJson(response, providerFixtures('vertex').fixtureJson('oauth-token-answer.json'));
      });
      api = await startMockUpstream();
      const channel = await addChannel(server, { type: 41, key: account.key, baseUrl: api.url, models: `${gemini},${claude}`, group: 'vertex' });
      await setChannelOther(server, channel, JSON.stringify({ default: 'us-central1', [claude]: 'us-east5' }));
      caller = await callerIn('vertex');
    });
    afterAll(async () => {
      if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
      await api.close();
      await oauth.close();
    });

    const geminiPath = `/v1/projects/turnpike-test/locations/us-central1/publishers/google/models/${gemini}`;
    const claudePath = '/v1/projects/turnpike-test/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514';

    it('exchanges a signed JWT for a token, then calls generateContent with it', async () => {
      api.answer((_call, response) =>
        sendJson(response, {
          candidates: [{ content: { role: 'model', parts: [{ text: 'Hello from Vertex Gemini.' }] }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 5, totalTokenCount: 13 },
          modelVersion: gemini,
        }),
      );
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, gemini, false));
      expect(result).toMatchObject({ text: 'Hello from Vertex Gemini.', finishReason: 'stop', usage: { prompt: 8, completion: 5 } });
      expect(oauth.requests).toHaveLength(1);
      const exchange = oauth.requests[0];
      expect(exchange.method).toBe('POST');
      expect(exchange.path).toBe('/token');
      expect(exchange.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = new URLSearchParams(exchange.rawBody.toString('utf8'));
      expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      const jwt = verifyJwt(form.get('assertion') ?? '', account.publicKey);
      expect(jwt?.header).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: 'test-key-id' });
      expect(jwt?.claims).toMatchObject({ iss: account.clientEmail, aud: `${oauth.url}/token`, scope: 'https://www.googleapis.com/auth/cloud-platform' });
      const call = last(api.requests);
      expect(call.url).toBe(`${geminiPath}:generateContent`);
      expect(call.headers.authorization).toBe(`Bearer ${token}`);
      expect(call.body).toMatchObject({ systemInstruction: { parts: [{ text: system }] }, contents: [{ role: 'user', parts: [{ text: question }] }] });
      expect(spent).toBe(cost(gemini, 8, 5));
    });

    it('streams streamGenerateContent?alt=sse with the cached token', async () => {
      const chunk = (text: string, last = false): string =>
        `data: ${JSON.stringify({
          candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(last ? { finishReason: 'STOP' } : {}), index: 0 }],
          ...(last ? { usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 7, totalTokenCount: 15 } } : {}),
          modelVersion: gemini,
        })}\r\n\r\n`;
      api.answer((_call, response) => sendPieces(response, 'text/event-stream', piecesOf(chunk('Streaming ') + chunk('from ') + chunk('Vertex.', true), 50)));
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, gemini, true));
      expect(result).toMatchObject({ text: 'Streaming from Vertex.', usage: { prompt: 8, completion: 7 } });
      const call = last(api.requests);
      expect(call.url).toBe(`${geminiPath}:streamGenerateContent?alt=sse`);
      expect(call.headers.authorization).toBe(`Bearer ${token}`);
      expect(spent).toBe(cost(gemini, 8, 7));
    });

    it('converts an OpenAI call for a Claude model to rawPredict', async () => {
      api.answer((_call, response) =>
        sendJson(response, { id: 'msg_vrtx_01', type: 'message', role: 'assistant', model: claude, content: [{ type: 'text', text: 'Hello from Claude on Vertex.' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 4 } }),
      );
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, claude, false));
      expect(result).toMatchObject({ text: 'Hello from Claude on Vertex.', usage: { prompt: 10, completion: 4 } });
      const call = last(api.requests);
      expect(call.url).toBe(`${claudePath}:rawPredict`);
      expect(call.headers.authorization).toBe(`Bearer ${token}`);
      const body = record(call.body);
      expect(body.anthropic_version).toBe('vertex-2023-10-16');
      expect(body).not.toHaveProperty('model');
      expect(body).not.toHaveProperty('stream');
      expect(body.system).toBe(system);
      expect(spent).toBe(cost(claude, 10, 4));
    });

    it('streams an Anthropic call from streamRawPredict, still on the one exchanged token', async () => {
      const events = [
        { type: 'message_start', message: { id: 'msg_vrtx_02', type: 'message', role: 'assistant', model: claude, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Streamed by ' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Claude on Vertex.' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 7 } },
        { type: 'message_stop' },
      ];
      const sse = events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
      api.answer((_call, response) => sendPieces(response, 'text/event-stream', piecesOf(sse, 80)));
      const { result, spent } = await metered(caller, () => askAnthropic(caller.anthropic, claude, true));
      expect(result).toEqual({ text: 'Streamed by Claude on Vertex.', usage: { input: 10, output: 7 } });
      const call = last(api.requests);
      expect(call.url).toBe(`${claudePath}:streamRawPredict`);
      expect(call.headers.authorization).toBe(`Bearer ${token}`);
      expect(record(call.body)).toMatchObject({ anthropic_version: 'vertex-2023-10-16', stream: true, max_tokens: 256 });
      expect(record(call.body)).not.toHaveProperty('model');
      expect(spent).toBe(cost(claude, 10, 7));
      // Four calls over two publishers, one token exchange.
      expect(api.requests).toHaveLength(4);
      expect(oauth.requests).toHaveLength(1);
    });
  });

  describe('Baidu Wenxin v1 (type 15): token exchange through the base URL, errors in 200 answers', () => {
    const model = 'ERNIE-4.0-8K';
    const chatPath = '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro';
    const token = providerFixtures('baidu').fixtureJson<{ access_token: string }>('baidu-oauth-token.json').access_token;
    let upstream: MockUpstream;
    let caller: Caller;
    let chatAnswer: (response: ServerResponse) => void | Promise<void> = () => undefined;
    let baiduChannel = 0;

    beforeAll(async () => {
      upstream = await startMockUpstream();
      upstream.answer((call, response) => {
        if (call.path === '/oauth/2.0/token') return sendJson(response, providerFixtures('baidu').fixtureJson('baidu-oauth-token.json'));
        if (call.path === chatPath && call.query.access_token === token) return chatAnswer(response);
        sendJson(response, providerFixtures('baidu').fixtureJson('ernie-error-token-expired.json'));
      });
      baiduChannel = await addChannel(server, { type: 15, key: 'BAIDU-AK|BAIDU-SK', baseUrl: upstream.url, models: model, group: 'baidu' });
      caller = await callerIn('baidu');
    });
    afterAll(() => upstream.close());

    const tokenCalls = (): RecordedRequest[] => upstream.requests.filter((call) => call.path === '/oauth/2.0/token');

    it('exchanges APIKey|SecretKey at the base URL and answers a whole call', async () => {
      chatAnswer = (response) => sendJson(response, providerFixtures('baidu').fixtureJson('ernie-response.json'));
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, false));
      expect(result).toMatchObject({ text: '你好！我是文心一言，很高兴为你服务 😊', finishReason: 'stop', usage: { prompt: 5, completion: 12 } });
      expect(tokenCalls()).toHaveLength(1);
      const exchange = tokenCalls()[0];
      expect(exchange.method).toBe('POST');
      expect(exchange.query).toEqual({ grant_type: 'client_credentials', client_id: 'BAIDU-AK', client_secret: 'BAIDU-SK' });
      const call = last(upstream.requests);
      expect(call.path).toBe(chatPath);
      expect(call.query.access_token).toBe(token);
      expect(call.body).toMatchObject({ system, messages: [{ role: 'user', content: question }] });
      expect(spent).toBe(cost(model, 5, 12));
    });

    it('tests the channel in its own dialect with the exchanged token, and reports an in-body error', async () => {
      const admin = await server.createUser({ username: 'native-baidu-admin', role: 10 });
      chatAnswer = (response) => sendJson(response, providerFixtures('baidu').fixtureJson('ernie-response.json'));
      const passed = (await server.call('GET', `/api/channel/test/${baiduChannel}`, { as: admin })).json() as { success: boolean };
      expect(passed.success).toBe(true);
      expect(last(upstream.requests).query.access_token).toBe(token);
      expect(last(upstream.requests).body).toMatchObject({ messages: [{ role: 'user', content: 'hi' }] });
      chatAnswer = (response) => sendJson(response, providerFixtures('baidu').fixtureJson('ernie-error-token-expired.json'));
      const failed = (await server.call('GET', `/api/channel/test/${baiduChannel}`, { as: admin })).json() as { success: boolean; message: string };
      expect(failed.success).toBe(false);
      expect(failed.message).toMatch(/token/i);
    });

    it('streams the ERNIE SSE with the cached token', async () => {
      chatAnswer = (response) => sendPieces(response, 'text/event-stream', piecesOf(providerFixtures('baidu').fixture('ernie-stream.sse'), 90));
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, true));
      expect(result).toMatchObject({ text: '你好！我是文心一言，很高兴为你服务 😊', usage: { prompt: 5, completion: 12 } });
      expect(record(last(upstream.requests).body).stream).toBe(true);
      expect(tokenCalls()).toHaveLength(1);
      expect(spent).toBe(cost(model, 5, 12));
    });

    it('fails a whole call answered 200 with an expired-token error_code, releases the reserve, and exchanges the key afresh', async () => {
      let expired = true;
      chatAnswer = (response) => {
        const file = expired ? 'ernie-error-token-expired.json' : 'ernie-response.json';
        expired = false;
        sendJson(response, providerFixtures('baidu').fixtureJson(file));
      };
      const { error, spent } = await meteredFailure(caller, () => askOpenAi(caller.openai, model, false));
      // Error 111 stands for HTTP 401 in the dialect: the channel's token was refused, which is no fault of the caller's
      // key, so the caller gets a 502 (no 401, which its SDK would read as its own key refused) and the admins Baidu's words.
      expect(statusOf(error)).toBe(502);
      expect(error.message).toContain("the upstream refused the channel's credentials; your API key is not at fault");
      expect(error.message).not.toContain('Access token expired');
      expect(spent).toBe(0);
      const log = await lastLog(caller.id);
      expect(log).toMatchObject({ type: 5, quota: 0, is_stream: 0 });
      expect(log.content).toContain("the upstream refused the channel's credentials");
      expect(JSON.parse(log.other).admin_info.detail).toContain('Access token expired');
      // The refused token was forgotten: the next call exchanges the key again, then succeeds.
      const exchanges = tokenCalls().length;
      const { result, spent: billed } = await metered(caller, () => askOpenAi(caller.openai, model, false));
      expect(result.text).toBe('你好！我是文心一言，很高兴为你服务 😊');
      expect(tokenCalls()).toHaveLength(exchanges + 1);
      expect(billed).toBe(cost(model, 5, 12));
    });

    it('fails a streamed call answered 200 with one JSON error body before streaming, and bills nothing', async () => {
      chatAnswer = (response) => sendJson(response, providerFixtures('baidu').fixtureJson('ernie-error-qps.json'));
      const { error, spent } = await meteredFailure(caller, () => askOpenAi(caller.openai, model, true));
      expect(statusOf(error)).toBe(429);
      expect(error.message).toContain('Open api qps request limit reached');
      expect(spent).toBe(0);
      expect(await lastLog(caller.id)).toMatchObject({ type: 5, quota: 0, is_stream: 1 });
    });
  });

  describe('iFlytek Spark (type 18): signed WebSocket, streaming only', () => {
    const model = 'SparkDesk-v3.5';
    const text = '你好！我是讯飞星火认知大模型，有什么可以帮你的吗？ 👋';
    let spark: MockUpstream;
    let caller: Caller;
    let frames = 'spark-stream-text.ndjson';

    beforeAll(async () => {
      spark = await startMockUpstream();
      // One fixture line is one WebSocket message; a wrongly signed URL gets no answer at all.
      spark.answerSocket((call) => (verifySparkUrl(call, 'SPARK-KEY', 'SPARK-SECRET') ? providerFixtures('xunfei').fixture(frames).toString('utf8').trim().split('\n') : []));
      // The channel's base URL names the emulator (ws://…): the adaptor connects to and signs for that host.
      await addChannel(server, { type: 18, key: 'SPARK-APP|SPARK-SECRET|SPARK-KEY', baseUrl: spark.socketUrl, models: model, group: 'spark' });
      caller = await callerIn('spark');
    });
    afterAll(async () => {
      await spark.close();
    });

    function expectSparkRequest(): void {
      const call = spark.requests.at(-1);
      expect(call?.path).toBe('/v3.5/chat');
      expect(call?.query.host).toBe(new URL(spark.socketUrl).host);
      expect(call && verifySparkUrl(call, 'SPARK-KEY', 'SPARK-SECRET')).toBe(true);
      expect(call?.body).toMatchObject({
        header: { app_id: 'SPARK-APP' },
        parameter: { chat: { domain: 'generalv3.5' } },
        payload: { message: { text: [{ role: 'system', content: system }, { role: 'user', content: question }] } },
      });
    }

    it('collects a whole answer from the frames and bills the last frame usage', async () => {
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, false));
      expect(result).toMatchObject({ text, finishReason: 'stop', usage: { prompt: 5, completion: 18 } });
      expectSparkRequest();
      expect(spent).toBe(cost(model, 5, 18));
      expect(await lastLog(caller.id)).toMatchObject({ prompt_tokens: 5, completion_tokens: 18, is_stream: 0 });
    });

    it('streams the frames as OpenAI chunks', async () => {
      const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, true));
      expect(result).toMatchObject({ text, usage: { prompt: 5, completion: 18 } });
      expectSparkRequest();
      expect(spent).toBe(cost(model, 5, 18));
      expect(spark.requests).toHaveLength(2);
    });

    it('fails a whole call whose frame reports an error, and releases the reserve', async () => {
      frames = 'spark-stream-error.ndjson';
      try {
        const { error, spent } = await meteredFailure(caller, () => askOpenAi(caller.openai, model, false));
        expect(statusOf(error)).toBe(502);
        expect(error.message).toContain('AppIdNoAuthError:(11200)auth no license');
        expect(spent).toBe(0);
        expect(await lastLog(caller.id)).toMatchObject({ type: 5, quota: 0 });
      } finally {
        frames = 'spark-stream-text.ndjson';
      }
    });

    it('bills nothing for a streamed call whose only frame is an error, and logs the error', async () => {
      frames = 'spark-stream-error.ndjson';
      try {
        const before = await quotaOf(caller.id);
        const rows = await logRows(caller.id);
        const outcome = await askOpenAi(caller.openai, model, true).then(
          (result) => ({ result, error: null }),
          (error: unknown) => ({ result: null, error }),
        );
        await settledAfter(caller.id, rows);
        // The error reaches the client inside its stream (or as the SDK's error); either way nothing was generated.
        expect(outcome.result?.text ?? '').toBe('');
        expect(await quotaOf(caller.id)).toBe(before);
        expect(await lastLog(caller.id)).toMatchObject({ type: 5, quota: 0 });
        expect((await lastLog(caller.id)).content).toContain('11200');
      } finally {
        frames = 'spark-stream-text.ndjson';
      }
    });
  });

  describe('PaLM 2 (type 11): no streaming, no usage', () => {
    const model = 'PaLM-2';
    const text = 'Bonjour ! Voici trois idées de noms : Luna, Milo et Nala. 🐱';
    let prompt = 0;
    let completion = 0;
    let upstream: MockUpstream;
    let caller: Caller;

    beforeAll(async () => {
      // What the relay counts when the upstream reports no usage: the exact o200k tokens of the prompt and the answer.
      const count = await exactCounter();
      prompt = estimateChatPromptTokens({ messages }, count);
      completion = count(text);
      upstream = await startMockUpstream();
      upstream.answer((_call, response) => sendJson(response, providerFixtures('palm').fixtureJson('palm-answer.json')));
      await addChannel(server, { type: 11, key: 'palm-key', baseUrl: upstream.url, models: model, group: 'palm' });
      caller = await callerIn('palm');
    });
    afterAll(() => upstream.close());

    function expectPalmRequest(): void {
      const call = last(upstream.requests);
      expect(call.path).toBe('/v1beta2/models/chat-bison-001:generateMessage');
      expect(call.headers['x-goog-api-key']).toBe('palm-key');
      expect(call.body).toEqual({ prompt: { context: system, messages: [{ author: '0', content: question }] }, candidateCount: 1 });
    }

    for (const stream of [true, false]) {
      it(`${stream ? 'streams a call from the whole answer' : 'answers a whole call'} and bills prompt estimate + counted completion`, async () => {
        const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, stream));
        expect(result.text).toBe(text);
        expect(result.finishReason).toBe('stop');
        expectPalmRequest();
        const log = await lastLog(caller.id);
        expect(log).toMatchObject({ prompt_tokens: prompt, completion_tokens: completion, quota: cost(model, prompt, completion), is_stream: stream ? 1 : 0 });
        expect(otherOf(log).warnings).toContain('the upstream reported no usage: tokens counted locally');
        expect(spent).toBe(cost(model, prompt, completion));
      });
    }
  });

  describe('Coze (type 49): streaming only, bot id from the channel', () => {
    const model = 'coze-bot';
    const botId = '7440573425637244978';
    let upstream: MockUpstream;
    let caller: Caller;
    let channel = 0;

    beforeAll(async () => {
      upstream = await startMockUpstream();
      upstream.answer((_call, response) => sendPieces(response, 'text/event-stream', piecesOf(providerFixtures('coze').fixture('coze-stream-chat.sse'), 100)));
      channel = await addChannel(server, { type: 49, key: 'pat_test_token', baseUrl: upstream.url, models: model, group: 'coze' });
      await setChannelOther(server, channel, botId);
      caller = await callerIn('coze');
    });
    afterAll(() => upstream.close());

    for (const stream of [false, true]) {
      it(`${stream ? 'streams' : 'collects a whole answer from'} the SSE and bills the chat usage`, async () => {
        const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, stream));
        expect(result).toMatchObject({ text: 'Hello there! 你好，有什么可以帮你？', finishReason: 'stop', usage: { prompt: 614, completion: 19 } });
        const call = last(upstream.requests);
        expect(call.path).toBe('/v3/chat');
        expect(call.headers.authorization).toBe('Bearer pat_test_token');
        expect(call.headers.accept).toBe('text/event-stream');
        expect(call.body).toEqual({ bot_id: botId, user_id: 'turnpike', additional_messages: [{ role: 'user', type: 'question', content: question, content_type: 'text' }], stream: true, auto_save_history: false });
        expect(spent).toBe(cost(model, 614, 19));
        const log = await lastLog(caller.id);
        expect(log).toMatchObject({ prompt_tokens: 614, completion_tokens: 19, is_stream: stream ? 1 : 0 });
        expect(otherOf(log).warnings).toEqual([expect.stringContaining('Coze takes only user and assistant turns')]);
      });
    }

    it('passes the admin channel test through the stream-only wire', async () => {
      const admin = await server.createUser({ username: 'native-coze-admin', role: 10 });
      const answer = (await server.call('GET', `/api/channel/test/${channel}`, { as: admin })).json() as { success: boolean; message: string };
      expect(answer).toMatchObject({ success: true });
      const call = last(upstream.requests);
      expect(call.path).toBe('/v3/chat');
      expect(call.body).toMatchObject({ bot_id: botId, stream: true, additional_messages: [{ role: 'user', content: 'hi' }] });
    });

    it('fails a call Coze refuses with HTTP 200 and a JSON {code, msg} body, and bills nothing', async () => {
      upstream.answer((_call, response) => sendJson(response, providerFixtures('coze').fixtureJson('coze-error-unauthorized.json')));
      try {
        for (const stream of [false, true]) {
          const { error, spent } = await meteredFailure(caller, () => askOpenAi(caller.openai, model, stream));
          // Coze's "authentication is invalid" refuses the channel's token: the caller is told that, not Coze's words.
          expect(statusOf(error)).toBe(502);
          expect(error.message).toContain("the upstream refused the channel's credentials");
          expect(spent).toBe(0);
          const log = await lastLog(caller.id);
          expect(log).toMatchObject({ type: 5, quota: 0, is_stream: stream ? 1 : 0 });
          expect(JSON.parse(log.other).admin_info.detail).toContain('authentication is invalid');
        }
      } finally {
        upstream.answer((_call, response) => sendPieces(response, 'text/event-stream', piecesOf(providerFixtures('coze').fixture('coze-stream-chat.sse'), 100)));
      }
    });
  });

  describe('Tencent Hunyuan (type 23): TC3 signatures, errors in 200 answers', () => {
    const model = 'hunyuan-turbo';
    const text = '你好！我是腾讯混元，很高兴见到你 👋';
    let upstream: MockUpstream;
    let openAiUpstream: MockUpstream;
    let caller: Caller;

    beforeAll(async () => {
      upstream = await startMockUpstream();
      upstream.answer((call, response) => {
        // Tencent refuses a signature it cannot verify, with HTTP 200.
        if (!verifyTc3(call, 'TC-SECRET', 'hunyuan.tencentcloudapi.com')) return sendJson(response, providerFixtures('tencent').fixtureJson('hunyuan-error-auth.json'));
        if (record(call.body).Stream === true) return sendPieces(response, 'text/event-stream', piecesOf(providerFixtures('tencent').fixture('hunyuan-stream-text.sse'), 120));
        sendJson(response, providerFixtures('tencent').fixtureJson('hunyuan-response.json'));
      });
      openAiUpstream = await startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 5 } });
      await addChannel(server, { type: 23, key: 'TC-APP|TC-ID|TC-SECRET', baseUrl: upstream.url, models: model, group: 'hunyuan' });
      caller = await callerIn('hunyuan');
    });
    afterAll(async () => {
      await upstream.close();
      await openAiUpstream.close();
    });

    function expectHunyuanRequest(call: RecordedRequest, stream: boolean): void {
      expect(call.method).toBe('POST');
      expect(call.path).toBe('/');
      expect(call.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=TC-ID\/\d{4}-\d{2}-\d{2}\/hunyuan\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/);
      expect(call.headers).toMatchObject({ 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01' });
      expect(verifyTc3(call, 'TC-SECRET', 'hunyuan.tencentcloudapi.com')).toBe(true);
      expect(call.body).toEqual({ Model: model, Messages: [{ Role: 'system', Content: system }, { Role: 'user', Content: question }], Stream: stream });
    }

    for (const stream of [false, true]) {
      it(`${stream ? 'streams' : 'answers'} a signed ChatCompletions call`, async () => {
        const { result, spent } = await metered(caller, () => askOpenAi(caller.openai, model, stream));
        expect(result).toMatchObject({ text, finishReason: 'stop', usage: { prompt: 12, completion: 11 } });
        expectHunyuanRequest(last(upstream.requests), stream);
        expect(spent).toBe(cost(model, 12, 11));
      });
    }

    for (const stream of [false, true]) {
      it(`fails over${stream ? ' a streamed call' : ''} from a channel Tencent refuses with HTTP 200 AuthFailure, and switches that channel off`, async () => {
        const group = `hunyuan-failover-${stream ? 'stream' : 'whole'}`;
        await server.context.options.set('RetryTimes', 2);
        await server.context.options.set('AutomaticDisableChannelEnabled', true);
        try {
          const refused = await addChannel(server, { type: 23, key: 'TC-APP|TC-ID|TC-WRONG-SECRET', baseUrl: upstream.url, models: model, group, priority: 10 });
          const healthy = await addChannel(server, { type: 1, key: `openai-${group}`, baseUrl: openAiUpstream.url, models: model, group, priority: 0 });
          const failover = await callerIn(group);
          const before = upstream.requests.length;
          const { result, spent } = await metered(failover, () => askOpenAi(failover.openai, model, stream));
          expect(result).toMatchObject({ text: 'w1 w2 w3 w4 w5', usage: { prompt: 10, completion: 5 } });
          expect(upstream.requests.length - before).toBe(1);
          expect(last(upstream.requests).headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=TC-ID\//);
          expect(openAiUpstream.requests.at(-1)?.apiKey).toBe(`openai-${group}`);
          expect(spent).toBe(cost(model, 10, 5));
          const log = await lastLog(failover.id);
          expect(log).toMatchObject({ type: 2, channel_id: healthy, quota: cost(model, 10, 5), is_stream: stream ? 1 : 0 });
          expect(record(otherOf(log).admin_info).use_channel).toEqual([refused, healthy]);
          const channel = await server.context.db.selectFrom('channels').select(['status', 'other_info']).where('id', '=', refused).executeTakeFirstOrThrow();
          expect(channel.status).toBe(3);
          expect(JSON.parse(channel.other_info)).toMatchObject({ status_reason: 'The provided credentials could not be validated. Please check your signature is correct.' });
        } finally {
          await server.context.options.set('RetryTimes', 0);
          await server.context.options.set('AutomaticDisableChannelEnabled', false);
        }
      });
    }
  });
});
