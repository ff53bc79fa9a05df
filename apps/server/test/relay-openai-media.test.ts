import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { countTokens } from 'gpt-tokenizer';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('OpenAI non-chat endpoints with the openai SDK', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let user: Actor;
  let client: OpenAI;
  let rawKey: string;
  let baseURL: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'emb-model': 1, 'tts-model': 3, 'stt-model': 5, 'mod-model': 1, 'rerank-model': 2, 'text-model': 1, 'gpt-4o-transcribe': 2 });
    await server.context.options.set('CompletionRatio', { 'text-model': 2, 'gpt-4o-transcribe': 4 });
    await server.context.options.set('ModelPrice', { 'img-model': 0.04 });
    baseURL = (await server.listen()) + '/v1';
    user = await server.createUser({ username: 'media', quota: 10_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'emb-model,tts-model,stt-model,mod-model,rerank-model,text-model,img-model,gpt-4o-transcribe' });
    rawKey = (await addApiKey(server, user)).key;
    client = new OpenAI({ apiKey: rawKey, baseURL, maxRetries: 0 });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });

  /** Runs a call and returns what it cost and its log row. */
  async function charged(run: () => Promise<unknown>) {
    await server.settle();
    const read = async () => (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
    const before = await read();
    await run();
    await server.settle();
    const log = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { cost: before - (await read()), log };
  }

  it('embeddings: bills the reported prompt tokens', async () => {
    upstream.setBehaviour({ promptTokens: 12 });
    const { cost, log } = await charged(async () => {
      const answer = await client.embeddings.create({ model: 'emb-model', input: ['one two', 'three'] });
      expect(answer.data).toHaveLength(2);
    });
    expect(cost).toBe(12);
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 0, quota: 12 });
  });

  it('completions (legacy): bills prompt + completion × ratio', async () => {
    upstream.setBehaviour({ promptTokens: 7, chunkCount: 4 });
    const { cost } = await charged(async () => {
      const answer = await client.completions.create({ model: 'text-model', prompt: 'Once upon' });
      expect(answer.choices[0].text).toBe('w1 w2 w3 w4');
    });
    expect(cost).toBe(7 + 4 * 2);
  });

  it('completions (legacy), streamed without usage: counts the streamed text exactly', async () => {
    upstream.setBehaviour({ promptTokens: 7, chunkCount: 4, usage: 'omitted' });
    let text = '';
    const { cost, log } = await charged(async () => {
      for await (const chunk of await client.completions.create({ model: 'text-model', prompt: 'Once upon', stream: true })) text += chunk.choices[0]?.text ?? '';
    });
    expect(text).toBe('w1 w2 w3 w4');
    expect(log.completion_tokens).toBe(countTokens('w1 w2 w3 w4'));
    expect(JSON.parse(log.other).warnings).toContain('the upstream reported no usage: tokens counted locally');
    expect(cost).toBe(log.prompt_tokens + log.completion_tokens * 2);
  });

  it('images: a fixed price per image times n', async () => {
    const { cost, log } = await charged(async () => {
      const answer = await client.images.generate({ model: 'img-model', prompt: 'a cat', n: 2 });
      expect(answer.data).toHaveLength(2);
    });
    expect(cost).toBe(2 * 0.04 * 500_000);
    expect(JSON.parse(log.other)).toMatchObject({ model_price: 0.04, group_ratio: 1 });
  });

  it('speech: returns the audio bytes and bills the input text tokens', async () => {
    const input = 'Hello there, general listener.';
    const { cost } = await charged(async () => {
      const audio = await client.audio.speech.create({ model: 'tts-model', voice: 'alloy', input });
      expect(Buffer.from(await audio.arrayBuffer()).toString()).toBe(`MOCKAUDIO:${input}`);
    });
    expect(cost).toBe(3 * countTokens(input));
  });

  it('transcriptions: multipart upload, billed by the transcript when no usage comes back', async () => {
    const file = await toFile(Buffer.from('RIFF....fake wave'), 'clip.wav', { type: 'audio/wav' });
    let text = '';
    const { cost } = await charged(async () => {
      const answer = await client.audio.transcriptions.create({ model: 'stt-model', file });
      text = answer.text;
    });
    expect(text).toBe('mock transcript of clip.wav (17 bytes)');
    expect(cost).toBe(5 * countTokens(text));
    const recorded = upstream.requests.at(-1)!;
    expect((recorded.body as { fields: Record<string, string> }).fields.model).toBe('stt-model');
  });

  it('transcriptions with token usage (gpt-4o models) bill the reported usage', async () => {
    upstream.setBehaviour({ promptTokens: 30 });
    const file = await toFile(Buffer.from('abc'), 'a.wav', { type: 'audio/wav' });
    const { cost, log } = await charged(() => client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file }));
    // The mock reports one output token per word of "mock transcript of a.wav (3 bytes)".
    expect(log).toMatchObject({ prompt_tokens: 30, completion_tokens: 6 });
    expect(cost).toBe(2 * (30 + 6 * 4));
    upstream.setBehaviour({});
  });

  it('moderations and rerank', async () => {
    upstream.setBehaviour({});
    const moderation = await charged(async () => {
      const answer = await client.moderations.create({ model: 'mod-model', input: 'please flag-me now' });
      expect(answer.results[0].flagged).toBe(true);
    });
    expect(moderation.cost).toBe(countTokens('please flag-me now'));
    const rerank = await charged(async () => {
      const response = await fetch(`${baseURL}/rerank`, {
        method: 'POST',
        headers: { authorization: `Bearer ${rawKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'rerank-model', query: 'red apple', documents: ['green pear', 'red apple pie'] }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: Array<{ index: number }> }).results[0].index).toBe(1);
    });
    expect(rerank.cost).toBe(2 * (2 + 5));
  });

  it('legacy billing endpoints report the key balance in dollars', async () => {
    const limited = await addApiKey(server, user, { unlimited_quota: false, remain_quota: 1_000_000 });
    for (const path of ['/dashboard/billing/subscription', '/v1/dashboard/billing/subscription']) {
      const response = await fetch(baseURL.replace(/\/v1$/, '') + path, { headers: { authorization: `Bearer ${limited.key}` } });
      expect(((await response.json()) as { hard_limit_usd: number }).hard_limit_usd).toBe(2);
    }
    const usage = await fetch(baseURL + '/dashboard/billing/usage', { headers: { authorization: `Bearer ${limited.key}` } });
    expect(((await usage.json()) as { total_usage: number }).total_usage).toBe(0);
  });
});
