// The prompt check (issue 26 part 1): every relayed text request with a listed word is refused before any price,
// reservation or channel choice, with a 400 `sensitive_words_detected` in the caller's own error shape that never
// repeats the word; the words go to an error log entry only admins see; no balance moves and no upstream is called.
import { LogType, sensitiveWordsErrorCode } from '@turnpike/contract';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const model = 'gpt-4o-mini';
const message = 'the request was refused: it contains sensitive words';
const openAiShape = { error: { message, type: 'invalid_request_error', code: sensitiveWordsErrorCode } };

/** One relayed call carrying `text` somewhere its format keeps prompt text, and the refusal body it must get. */
interface PromptCase {
  name: string;
  path: string;
  body: (text: string) => Record<string, unknown>;
  refusal: unknown;
}

const cases: PromptCase[] = [
  { name: 'OpenAI chat (user message)', path: '/v1/chat/completions', body: (text) => ({ model, messages: [{ role: 'user', content: text }] }), refusal: openAiShape },
  {
    name: 'OpenAI chat (content parts and tool declarations)',
    path: '/v1/chat/completions',
    body: (text) => ({ model, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [{ type: 'function', function: { name: 'lookup', description: `finds ${text}`, parameters: { type: 'object' } } }] }),
    refusal: openAiShape,
  },
  { name: 'legacy completions', path: '/v1/completions', body: (text) => ({ model, prompt: [`say ${text}`] }), refusal: openAiShape },
  { name: 'Responses (instructions)', path: '/v1/responses', body: (text) => ({ model, instructions: text, input: 'hello' }), refusal: openAiShape },
  {
    name: 'Anthropic Messages (system and tool description)',
    path: '/v1/messages',
    body: (text) => ({ model, max_tokens: 16, system: `be ${text}`, messages: [{ role: 'user', content: 'hello' }] }),
    refusal: { type: 'error', error: { type: 'invalid_request_error', message } },
  },
  {
    name: 'Anthropic Messages (tool input schema)',
    path: '/v1/messages',
    body: (text) => ({ model, max_tokens: 16, messages: [{ role: 'user', content: 'hello' }], tools: [{ name: 'find', description: 'finds', input_schema: { type: 'object', properties: { q: { type: 'string', description: text } } } }] }),
    refusal: { type: 'error', error: { type: 'invalid_request_error', message } },
  },
  {
    name: 'Gemini (systemInstruction)',
    path: `/v1beta/models/${model}:generateContent`,
    body: (text) => ({ systemInstruction: { parts: [{ text }] }, contents: [{ role: 'user', parts: [{ text: 'hello' }] }] }),
    refusal: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } },
  },
  {
    name: 'Gemini (function declarations)',
    path: `/v1beta/models/${model}:streamGenerateContent?alt=sse`,
    body: (text) => ({ contents: [{ role: 'user', parts: [{ text: 'hello' }] }], tools: [{ functionDeclarations: [{ name: 'find', description: text, parameters: { type: 'OBJECT' } }] }] }),
    refusal: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } },
  },
  { name: 'embeddings', path: '/v1/embeddings', body: (text) => ({ model, input: ['clean', text] }), refusal: openAiShape },
  { name: 'image prompts', path: '/v1/images/generations', body: (text) => ({ model, prompt: text }), refusal: openAiShape },
];

describe('sensitive words: the prompt check', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let user: Actor;
  let key: string;
  let tokenId: number;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    const { options } = server.context;
    await options.set('ModelRatio', { [model]: 1 });
    await options.set('ModelPrice', { mj_imagine: 0.1, suno_music: 0.1 });
    await options.set('DrawingEnabled', true);
    await options.set('CheckSensitiveEnabled', true);
    await options.set('CheckSensitiveOnPromptEnabled', true);
    await options.set('SensitiveWords', 'badword\n敏感词\n');
    base = await server.listen();
    user = await server.createUser({ username: 'prompter', quota: 1_000_000 });
    const added = await addApiKey(server, user, { unlimited_quota: false, remain_quota: 500_000 });
    key = added.key;
    tokenId = added.id;
    await addChannel(server, { baseUrl: upstream.url, models: model, type: 1, key: 'openai-key' });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  async function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  }

  async function balances(): Promise<{ user: number; token: number }> {
    await server.settle();
    const { db } = server.context;
    const row = await db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    const token = await db.selectFrom('tokens').select('remain_quota').where('id', '=', tokenId).executeTakeFirstOrThrow();
    return { user: row.quota, token: token.remain_quota };
  }

  /** The refusal entries written since `afterId`. */
  async function refusalsAfter(afterId: number): Promise<Array<{ content: string; model_name: string; token_id: number; other: Record<string, unknown> }>> {
    const rows = await server.context.db.selectFrom('logs').selectAll().where('id', '>', afterId).where('type', '=', LogType.Error).orderBy('id', 'asc').execute();
    return rows.map((row) => ({ content: row.content, model_name: row.model_name, token_id: row.token_id, other: JSON.parse(row.other) as Record<string, unknown> }));
  }

  async function lastLogId(): Promise<number> {
    const row = await server.context.db.selectFrom('logs').select('id').orderBy('id', 'desc').executeTakeFirst();
    return row?.id ?? 0;
  }

  for (const testCase of cases) {
    for (const [variant, text] of [
      ['the word', 'a badword here'],
      ['its full-width form', 'a ｂａｄＷＯＲＤ here'],
      ['a Chinese phrase without word boundaries', '这是一个敏感词的例子'],
    ] as const) {
      it(`${testCase.name}: ${variant} is refused before any reservation, and logged for admins`, async () => {
        const before = await balances();
        const logId = await lastLogId();
        const answer = await post(testCase.path, testCase.body(text));
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject(testCase.refusal as Record<string, unknown>);
        expect(JSON.stringify(answer.body)).not.toMatch(/badword|敏感词/i);
        expect(upstream.requests).toHaveLength(0);
        expect(await balances()).toEqual(before);
        const word = variant === 'a Chinese phrase without word boundaries' ? '敏感词' : 'badword';
        const refusals = await refusalsAfter(logId);
        expect(refusals).toEqual([{ content: message, model_name: model, token_id: tokenId, other: expect.objectContaining({ admin_info: { sensitive_words: [word] }, sensitive: { stage: 'prompt', action: 'refused' } }) }]);
        expect(JSON.stringify(refusals)).not.toContain(text);
      });
    }
  }

  it('relays a clean prompt, and the user sees the refusal entry without its words', async () => {
    const clean = await post('/v1/chat/completions', { model, messages: [{ role: 'user', content: 'a bad word, split' }] });
    expect(clean.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
    await post('/v1/chat/completions', { model, messages: [{ role: 'user', content: 'badword' }] });
    const own = await server.call('GET', '/api/log/self?p=1&page_size=50&type=5', { as: user });
    const items = (own.json() as { data: { items: Array<{ other: string }> } }).data.items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.other).not.toContain('badword');
  });

  it('refuses the playground in the OpenAI shape', async () => {
    const answer = await server.call('POST', '/pg/chat/completions', { as: user, body: { model, messages: [{ role: 'user', content: 'BADWORD' }] } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject(openAiShape);
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses Midjourney and Suno task prompts before any channel is chosen', async () => {
    const before = await balances();
    const drawing = await post('/mj/submit/imagine', { prompt: 'a ｂａｄｗｏｒｄ lighthouse' });
    expect(drawing.status).toBe(400);
    expect(JSON.stringify(drawing.body)).not.toContain('badword');
    expect(JSON.stringify(drawing.body)).toContain(message);
    const music = await post('/suno/submit/music', { prompt: '一首敏感词的歌', mv: 'chirp-v3-5' });
    expect(music.status).toBe(400);
    expect(JSON.stringify(music.body)).toContain(sensitiveWordsErrorCode);
    expect(await balances()).toEqual(before);
  });

  it('lets everything through when the master switch is off, and reads a changed list at once', async () => {
    const { options } = server.context;
    await options.set('CheckSensitiveEnabled', false);
    expect((await post('/v1/chat/completions', { model, messages: [{ role: 'user', content: 'badword' }] })).status).toBe(200);
    await options.set('CheckSensitiveEnabled', true);
    await options.set('SensitiveWords', 'otherword');
    expect((await post('/v1/chat/completions', { model, messages: [{ role: 'user', content: 'badword' }] })).status).toBe(200);
    expect((await post('/v1/chat/completions', { model, messages: [{ role: 'user', content: 'OtherWord' }] })).status).toBe(400);
    await options.set('SensitiveWords', 'badword\n敏感词');
  });
});
