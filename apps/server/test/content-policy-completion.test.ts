// The completion check (issue 26 part 3): every inbound SDK against every upstream format, streamed and not, with
// StopOnSensitiveEnabled on (the answer ends before the word with the format's content-filter reason) and off (each
// word becomes `**###**`). The answer splits a word across chunks, carries a full-width variant and a Chinese phrase.
// The bill is what the upstream produced, and the log entry's `other.sensitive` says what happened.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { LogType } from '@turnpike/contract';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

type Inbound = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
type Upstream = 'openai' | 'anthropic' | 'gemini';

/** The upstream's answer, piece by piece: `badword` split over two chunks, then `敏感词` split, then a full-width form. */
const pieces = ['Hello ba', 'dword and ', '敏感', '词 end ', 'ｂａｄ', 'ＷＯＲＤ!'];
const masked = 'Hello **###** and **###** end **###**!';
const stoppedText = 'Hello ';
/** The content-filter finish reason each format reports. */
const contentFilter: Record<Inbound, string> = { 'openai-chat': 'content_filter', 'openai-responses': 'content_filter', anthropic: 'refusal', gemini: 'SAFETY' };
const question = 'Say it.';

describe('sensitive words: the completion check', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let user: Actor;
  let key: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    const { options } = server.context;
    await options.set('ModelRatio', { 'up-openai': 1, 'up-anthropic': 1, 'up-gemini': 1 });
    await options.set('CompletionRatio', { 'up-openai': 2, 'up-anthropic': 2, 'up-gemini': 2 });
    await options.set('CheckSensitiveEnabled', true);
    await options.set('CheckSensitiveOnPromptEnabled', true);
    await options.set('CheckSensitiveOnCompletionEnabled', true);
    await options.set('SensitiveWords', 'badword\n敏感词');
    base = await server.listen();
    user = await server.createUser({ username: 'completion', quota: 10_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-openai', type: 1, key: 'openai-key' });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-anthropic', type: 14, key: 'anthropic-key' });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-gemini', type: 24, key: 'gemini-key' });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.reset();
    upstream.setBehaviour({ promptTokens: 10, replyChunks: pieces });
  });

  /** The answer's text and finish reason as the caller's SDK saw them. */
  async function ask(inbound: Inbound, model: string, stream: boolean): Promise<{ text: string; finish: string | null | undefined }> {
    if (inbound === 'openai-chat') {
      const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
      const messages = [{ role: 'user' as const, content: question }];
      if (!stream) {
        const choice = (await client.chat.completions.create({ model, messages })).choices[0];
        return { text: choice.message.content ?? '', finish: choice.finish_reason };
      }
      let text = '';
      let finish: string | null | undefined;
      for await (const chunk of await client.chat.completions.create({ model, messages, stream: true })) {
        text += chunk.choices[0]?.delta?.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
      }
      return { text, finish };
    }
    if (inbound === 'openai-responses') {
      const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
      if (!stream) {
        const data = await client.responses.create({ model, input: question });
        return { text: data.output_text, finish: data.incomplete_details?.reason ?? data.status };
      }
      let text = '';
      let finish: string | null | undefined;
      for await (const event of await client.responses.create({ model, input: question, stream: true })) {
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.completed' || event.type === 'response.incomplete') finish = event.response.incomplete_details?.reason ?? event.response.status;
      }
      return { text, finish };
    }
    if (inbound === 'anthropic') {
      const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
      const params = { model, max_tokens: 256, messages: [{ role: 'user' as const, content: question }] };
      if (!stream) {
        const data = await client.messages.create(params);
        return { text: data.content.map((block) => (block.type === 'text' ? block.text : '')).join(''), finish: data.stop_reason };
      }
      let text = '';
      let finish: string | null | undefined;
      for await (const event of await client.messages.create({ ...params, stream: true })) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
        if (event.type === 'message_delta') finish = event.delta.stop_reason;
      }
      return { text, finish };
    }
    const client = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: base } });
    const request = { model, contents: question };
    if (!stream) {
      const response = await client.models.generateContent(request);
      return { text: response.text ?? '', finish: response.candidates?.[0]?.finishReason };
    }
    let text = '';
    let finish: string | undefined;
    for await (const chunk of await client.models.generateContentStream(request)) {
      text += chunk.text ?? '';
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
    }
    return { text, finish };
  }

  async function quotaOf(): Promise<number> {
    await server.settle();
    return (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
  }

  const inbounds: Inbound[] = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'];
  const upstreams: Upstream[] = ['openai', 'anthropic', 'gemini'];
  for (const action of ['mask', 'stop'] as const) {
    describe(action === 'stop' ? 'StopOnSensitiveEnabled on: the answer ends before the word' : 'StopOnSensitiveEnabled off: words are masked', () => {
      beforeAll(async () => {
        await server.context.options.set('StopOnSensitiveEnabled', action === 'stop');
      });
      for (const inbound of inbounds) {
        for (const target of upstreams) {
          for (const stream of [false, true]) {
            it(`${inbound} → ${target}${stream ? ' (stream)' : ''}`, async () => {
              const before = await quotaOf();
              const answer = await ask(inbound, `up-${target}`, stream);
              if (action === 'mask') expect(answer.text).toBe(masked);
              else expect(answer).toEqual({ text: stoppedText, finish: contentFilter[inbound] });
              const after = await quotaOf();
              const log = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).where('type', '=', LogType.Consume).orderBy('id', 'desc').executeTakeFirstOrThrow();
              const other = JSON.parse(log.other) as Record<string, unknown>;
              expect(before - after).toBe(log.quota);
              if (action === 'mask' || !stream) {
                // The upstream's own usage: 10 prompt tokens and one token per piece, at completion ratio 2.
                expect(log).toMatchObject({ prompt_tokens: 10, completion_tokens: pieces.length, quota: 10 + 2 * pieces.length });
              } else {
                // Ended mid-stream: billed for what the upstream had produced by then (counted, as no usage came).
                expect(log.completion_tokens).toBeGreaterThan(0);
                expect(log.quota).toBe(log.prompt_tokens + 2 * log.completion_tokens);
              }
              expect(other.sensitive).toEqual({ stage: 'completion', action: action === 'stop' ? 'stopped' : 'masked', masked: action === 'stop' ? 0 : 3 });
              expect((other.admin_info as Record<string, unknown>).sensitive_words).toEqual(action === 'stop' ? ['badword'] : ['badword', '敏感词']);
            });
          }
        }
      }
    });
  }

  it('leaves answers alone when the completion switch is off', async () => {
    await server.context.options.set('CheckSensitiveOnCompletionEnabled', false);
    expect((await ask('openai-chat', 'up-openai', true)).text).toBe(pieces.join(''));
    await server.context.options.set('CheckSensitiveOnCompletionEnabled', true);
  });
});
