import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sendJson } from './mock-raw-answers';
import { startMockUpstream } from './mock-upstream';
import { useMockUpstream } from './mock-test-kit';

const upstream = useMockUpstream();
const { dispatcher } = upstream;

const chatBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: [{ type: 'text', text: 'hello there mock' }] },
  ],
  ...extra,
});

interface PostOptions {
  key?: string;
  headersTimeout?: number;
}

function post(path: string, body: unknown, options: PostOptions = {}) {
  return request(`${upstream.mock.url}${path}`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.key ?? 'sk-test'}` },
    body: JSON.stringify(body),
    headersTimeout: options.headersTimeout,
  });
}

function dataFrames(text: string): string[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice(6));
}

async function streamFrames(body: Record<string, unknown>): Promise<unknown[]> {
  const response = await post('/v1/chat/completions', body);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream');
  const frames = dataFrames(await response.body.text());
  expect(frames.at(-1)).toBe('[DONE]');
  return frames.slice(0, -1).map((frame) => JSON.parse(frame) as unknown);
}

describe('mock upstream: chat completions', () => {
  it('answers JSON with deterministic content and exact usage', async () => {
    const response = await post('/v1/chat/completions', chatBody());
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({
      id: 'chatcmpl-mock-1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'w1 w2 w3', refusal: null }, logprobs: null, finish_reason: 'stop' }],
      system_fingerprint: 'fp_mock',
      usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
    });
  });

  it('streams the configured chunk count and puts usage last when include_usage asks for it', async () => {
    upstream.mock.setBehaviour({ chunkCount: 4, promptTokens: 42, cachedTokens: 10, reasoningTokens: 2 });
    const chunks = await streamFrames(chatBody({ stream: true, stream_options: { include_usage: true } }));
    expect(chunks).toHaveLength(6);
    expect(chunks[0]).toMatchObject({ id: 'chatcmpl-mock-1', object: 'chat.completion.chunk', choices: [{ delta: { role: 'assistant', content: 'w1' } }], usage: null });
    expect(chunks.slice(1, 4).map((chunk) => (chunk as { choices: { delta: { content: string } }[] }).choices[0]?.delta.content)).toEqual([' w2', ' w3', ' w4']);
    expect(chunks[4]).toMatchObject({ choices: [{ delta: {}, finish_reason: 'stop' }] });
    expect(chunks[5]).toEqual({
      id: 'chatcmpl-mock-1',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'gpt-4o-mini',
      choices: [],
      usage: {
        prompt_tokens: 42,
        completion_tokens: 6,
        total_tokens: 48,
        prompt_tokens_details: { cached_tokens: 10, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 2 },
      },
    });
  });

  it('sends no usage chunk without include_usage, or when usage is omitted', async () => {
    const plain = await streamFrames(chatBody({ stream: true }));
    expect(plain).toHaveLength(4);
    expect(plain.every((chunk) => !('usage' in (chunk as object)))).toBe(true);
    upstream.mock.setBehaviour({ usage: 'omitted' });
    const omitted = await streamFrames(chatBody({ stream: true, stream_options: { include_usage: true } }));
    expect(omitted).toHaveLength(4);
    expect(omitted.every((chunk) => (chunk as { usage?: unknown }).usage === null)).toBe(true);
    const json = (await (await post('/v1/chat/completions', chatBody())).body.json()) as Record<string, unknown>;
    expect(json.usage).toBeUndefined();
  });

  it('can repeat a growing usage in every chunk, as some compatible servers do', async () => {
    upstream.mock.setBehaviour({ usage: 'every-chunk', promptTokens: 7, chunkCount: 2 });
    const chunks = (await streamFrames(chatBody({ stream: true }))) as { usage: { completion_tokens: number } }[];
    expect(chunks.map((chunk) => chunk.usage.completion_tokens)).toEqual([1, 2, 2]);
  });

  it('uses exact reply chunks when given', async () => {
    upstream.mock.setBehaviour({ replyChunks: ['Hel', 'lo', ' 世界'] });
    const json = (await (await post('/v1/chat/completions', chatBody())).body.json()) as { choices: { message: { content: string } }[]; usage: unknown };
    expect(json.choices[0]?.message.content).toBe('Hello 世界');
    expect(json.usage).toEqual({ prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 });
  });

  it('answers /v1/completions in JSON and SSE', async () => {
    const json = (await (await post('/v1/completions', { model: 'gpt-3.5-turbo-instruct', prompt: 'one two' })).body.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ object: 'text_completion', choices: [{ text: 'w1 w2 w3', finish_reason: 'stop' }], usage: { prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 } });
    const response = await post('/v1/completions', { model: 'm', prompt: ['a b', 'c'], stream: true, stream_options: { include_usage: true } });
    const frames = dataFrames(await response.body.text());
    expect(frames).toHaveLength(6);
    expect(JSON.parse(frames[4] ?? '')).toMatchObject({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 3 } });
  });

  it('rejects a chat body without messages', async () => {
    const response = await post('/v1/chat/completions', { model: 'x' });
    expect(response.statusCode).toBe(400);
    expect(await response.body.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('mock upstream: recording', () => {
  it('records method, path, query, headers, key and parsed body of every request', async () => {
    await post('/v1/chat/completions?trace=1', chatBody(), { key: 'sk-recorded' });
    await request(`${upstream.mock.url}/v1/models`, { dispatcher, headers: { 'x-api-key': 'anthropic-style' } }).then((response) => response.body.dump());
    expect(upstream.mock.requests).toHaveLength(2);
    const [chat, models] = upstream.mock.requests;
    expect(chat).toMatchObject({ method: 'POST', path: '/v1/chat/completions', query: { trace: '1' }, apiKey: 'sk-recorded', body: chatBody() });
    expect(chat?.headers['content-type']).toBe('application/json');
    expect(chat?.rawBody.toString()).toBe(JSON.stringify(chatBody()));
    expect(models).toMatchObject({ method: 'GET', path: '/v1/models', apiKey: 'anthropic-style', body: undefined });
  });

  it('answers unknown paths with an OpenAI-style 404', async () => {
    const response = await post('/v1/nothing-here', {});
    expect(response.statusCode).toBe(404);
    expect(await response.body.json()).toEqual({ error: { message: 'Invalid URL (POST /v1/nothing-here)', type: 'invalid_request_error', param: null, code: null } });
  });
});

describe('mock upstream: fault injection', () => {
  it('answers 401, 429 and 500 with OpenAI error bodies and extra headers', async () => {
    upstream.mock.setBehaviour({ fault: { type: 'status', status: 429, headers: { 'retry-after': '7' } } });
    const limited = await post('/v1/chat/completions', chatBody());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(await limited.body.json()).toEqual({ error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } });
    upstream.mock.setBehaviour({ fault: { type: 'status', status: 401 } });
    expect(await (await post('/v1/embeddings', { model: 'e', input: 'x' })).body.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    upstream.mock.setBehaviour({ fault: { type: 'status', status: 500, message: 'boom', code: 'custom' } });
    const failed = await post('/v1/chat/completions', chatBody());
    expect(failed.statusCode).toBe(500);
    expect(await failed.body.json()).toEqual({ error: { message: 'boom', type: 'server_error', param: null, code: 'custom' } });
  });

  it('applies per-key faults only to that key', async () => {
    upstream.mock.setKeyBehaviour('sk-bad', { fault: { type: 'status', status: 401 } });
    expect((await post('/v1/chat/completions', chatBody(), { key: 'sk-bad' })).statusCode).toBe(401);
    const good = await post('/v1/chat/completions', chatBody(), { key: 'sk-good' });
    expect(good.statusCode).toBe(200);
    await good.body.dump();
    upstream.mock.setKeyBehaviour('sk-bad', undefined);
    const healed = await post('/v1/chat/completions', chatBody(), { key: 'sk-bad' });
    expect(healed.statusCode).toBe(200);
    await healed.body.dump();
  });

  it('applies queued behaviours to the next requests only, before key and global ones', async () => {
    upstream.mock.setKeyBehaviour('sk-a', { chunkCount: 1 });
    upstream.mock.queueBehaviour({ fault: { type: 'status', status: 500 } }, 2);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await post('/v1/chat/completions', chatBody(), { key: 'sk-a' });
      statuses.push(response.statusCode);
      if (response.statusCode === 200) expect(await response.body.json()).toMatchObject({ usage: { completion_tokens: 1 } });
      else await response.body.dump();
    }
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('hangs without answering until the client gives up', async () => {
    upstream.mock.setBehaviour({ fault: { type: 'hang' } });
    await expect(post('/v1/chat/completions', chatBody(), { headersTimeout: 300 })).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(upstream.mock.requests).toHaveLength(1);
  });

  it('delays the first byte', async () => {
    upstream.mock.setBehaviour({ firstByteDelayMs: 400 });
    const pending = post('/v1/chat/completions', chatBody());
    expect(await Promise.race([pending.then(() => 'answered'), sleep(150).then(() => 'still waiting')])).toBe('still waiting');
    const response = await pending;
    expect(response.statusCode).toBe(200);
    await response.body.dump();
  });

  it('pauses between chunks', async () => {
    upstream.mock.setBehaviour({ chunkDelayMs: 400, chunkCount: 2 });
    const response = await post('/v1/chat/completions', chatBody({ stream: true }));
    const chunks = response.body[Symbol.asyncIterator]();
    const first = await chunks.next();
    expect(String(first.value)).toContain('"content":"w1"');
    const next = chunks.next();
    expect(await Promise.race([next.then(() => 'chunk'), sleep(150).then(() => 'still waiting')])).toBe('still waiting');
    expect(String((await next).value)).toContain('"content":" w2"');
    for (let rest = await chunks.next(); !rest.done; rest = await chunks.next());
  });

  it('drops the connection mid-stream after N chunks', async () => {
    upstream.mock.setBehaviour({ fault: { type: 'drop', afterChunks: 2 } });
    const response = await post('/v1/chat/completions', chatBody({ stream: true }));
    expect(response.statusCode).toBe(200);
    const received: Buffer[] = [];
    await expect(
      (async () => {
        for await (const chunk of response.body) received.push(chunk as Buffer);
      })(),
    ).rejects.toThrow();
    const frames = dataFrames(Buffer.concat(received).toString());
    expect(frames.map((frame) => (JSON.parse(frame) as { choices: { delta: { content: string } }[] }).choices[0]?.delta.content)).toEqual(['w1', ' w2']);
  });

  it('drops a JSON answer before any byte', async () => {
    upstream.mock.setBehaviour({ fault: { type: 'drop', afterChunks: 0 } });
    await expect(post('/v1/chat/completions', chatBody())).rejects.toThrow();
  });
});

describe('mock upstream: route registry', () => {
  it('serves custom routes with path patterns and their own error shape', async () => {
    const custom = await startMockUpstream({
      routes: [
        {
          method: 'POST',
          path: /^\/v1beta\/models\/[^/:]+:generateContent$/,
          handle: (exchange) => exchange.sendJson(200, { path: exchange.request.path, key: exchange.request.apiKey }),
          renderError: (fault) => ({ error: { code: fault.status, message: 'custom', status: 'RESOURCE_EXHAUSTED' } }),
        },
      ],
    });
    try {
      const url = `${custom.url}/v1beta/models/gemini-2.5-flash:generateContent?key=g-key`;
      const ok = await request(url, { method: 'POST', dispatcher, body: '{}' });
      expect(await ok.body.json()).toEqual({ path: '/v1beta/models/gemini-2.5-flash:generateContent', key: 'g-key' });
      custom.queueBehaviour({ fault: { type: 'status', status: 429 } });
      const limited = await request(url, { method: 'POST', dispatcher, body: '{}' });
      expect(limited.statusCode).toBe(429);
      expect(await limited.body.json()).toEqual({ error: { code: 429, message: 'custom', status: 'RESOURCE_EXHAUSTED' } });
      const missing = await request(`${custom.url}/v1/chat/completions`, { method: 'POST', dispatcher, body: '{}' });
      expect(missing.statusCode).toBe(404);
      await missing.body.dump();
    } finally {
      await custom.close();
    }
  });
});

describe('mock upstream: custom answers and WebSocket sessions (a provider’s own API)', () => {
  it('answers with the custom handler instead of the routes, records the target as sent, and lets status faults through', async () => {
    upstream.mock.answer((recorded, response) => sendJson(response, { got: recorded.body, query: recorded.query }, 201));
    const target = '/model/anthropic.claude-3%3A0/invoke?alt=sse&x=1';
    const answered = await request(`${upstream.mock.url}${target}`, { method: 'POST', dispatcher, headers: { 'content-type': 'text/plain' }, body: '{"a":1}' });
    expect(answered.statusCode).toBe(201);
    expect(await answered.body.json()).toEqual({ got: { a: 1 }, query: { alt: 'sse', x: '1' } });
    expect(upstream.mock.requests[0]).toMatchObject({ url: target, path: '/model/anthropic.claude-3%3A0/invoke', rawBody: Buffer.from('{"a":1}') });
    upstream.mock.queueBehaviour({ fault: { type: 'status', status: 503 } });
    const faulted = await request(`${upstream.mock.url}${target}`, { method: 'POST', dispatcher, body: '{}' });
    expect(faulted.statusCode).toBe(503);
    await faulted.body.dump();
    upstream.mock.answer(undefined);
    const routed = await post('/v1/chat/completions', chatBody());
    expect(routed.statusCode).toBe(200);
    await routed.body.dump();
  });

  it('records a WebSocket session’s first message and answers it with frames, one message each, then closes', async () => {
    upstream.mock.answerSocket((recorded) => [`echo ${JSON.stringify(recorded.body)}`, `host ${recorded.query.host}`]);
    const socket = new WebSocket(`${upstream.mock.socketUrl}/v3.5/chat?host=spark.test`);
    const received: string[] = [];
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ question: 'hi' }));
    expect(await closed).toBe(1000);
    expect(received).toEqual(['echo {"question":"hi"}', 'host spark.test']);
    expect(upstream.mock.requests).toMatchObject([{ method: 'GET', path: '/v3.5/chat', query: { host: 'spark.test' }, body: { question: 'hi' } }]);
  });
});
