// The mock upstream's `honorsOutputLimit` behaviour: each dialect cuts its answer to the request's output limit,
// ends with its own length finish reason and reports the truncated completion tokens; by default the limit is ignored.
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { defaultMockBehaviour, limitMockAnswer } from './mock-behaviour';
import { useMockUpstream } from './mock-test-kit';

const upstream = useMockUpstream();
const { dispatcher } = upstream;

async function post(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await request(`${upstream.mock.url}${path}`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-limit', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify(body),
  });
  return { status: response.statusCode, text: await response.body.text() };
}

async function postJson(path: string, body: unknown): Promise<Record<string, unknown>> {
  const { status, text } = await post(path, body);
  expect(status).toBe(200);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The JSON payloads of an SSE body's `data:` lines, without OpenAI's [DONE]. */
async function postSse(path: string, body: unknown): Promise<Record<string, unknown>[]> {
  const { status, text } = await post(path, body);
  expect(status).toBe(200);
  return text
    .split(/\r?\n\r?\n/)
    .flatMap((frame) => frame.split(/\r?\n/).filter((line) => line.startsWith('data: ')))
    .map((line) => line.slice(6))
    .filter((data) => data !== '[DONE]')
    .map((data) => JSON.parse(data) as Record<string, unknown>);
}

const chatMessages = [{ role: 'user', content: 'hello there mock' }];

describe('limitMockAnswer', () => {
  const behaviour = { ...defaultMockBehaviour, honorsOutputLimit: true, chunkCount: 10 };

  it('cuts the content pieces to the limit and says the answer was truncated', () => {
    const limited = limitMockAnswer(behaviour, 4);
    expect(limited.truncated).toBe(true);
    expect(limited.behaviour.replyChunks).toEqual(['w1', ' w2', ' w3', ' w4']);
  });

  it('counts reasoning tokens inside the limit before the content pieces', () => {
    const limited = limitMockAnswer({ ...behaviour, reasoningTokens: 3 }, 5);
    expect(limited).toMatchObject({ truncated: true, behaviour: { reasoningTokens: 3, replyChunks: ['w1', ' w2'] } });
    expect(limitMockAnswer({ ...behaviour, reasoningTokens: 30 }, 5)).toMatchObject({ truncated: true, behaviour: { reasoningTokens: 5, replyChunks: [] } });
  });

  it('leaves the answer alone within the limit, without a limit, or when limits are not honoured', () => {
    expect(limitMockAnswer(behaviour, 10)).toEqual({ behaviour, truncated: false });
    expect(limitMockAnswer(behaviour, undefined)).toEqual({ behaviour, truncated: false });
    expect(limitMockAnswer(behaviour, 'four')).toEqual({ behaviour, truncated: false });
    const ignoring = { ...behaviour, honorsOutputLimit: false };
    expect(limitMockAnswer(ignoring, 4)).toEqual({ behaviour: ignoring, truncated: false });
  });
});

describe('mock upstream: honorsOutputLimit', () => {
  it('is off by default: an OpenAI chat answer ignores max_tokens', async () => {
    upstream.mock.setBehaviour({ chunkCount: 6, promptTokens: 2 });
    const answer = await postJson('/v1/chat/completions', { model: 'gpt-4o-mini', messages: chatMessages, max_tokens: 2 });
    expect(answer).toMatchObject({
      choices: [{ message: { content: 'w1 w2 w3 w4 w5 w6' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 2, completion_tokens: 6, total_tokens: 8 },
    });
  });

  it('OpenAI chat: cuts to max_tokens (JSON) and max_completion_tokens (stream) with finish reason length', async () => {
    upstream.mock.setBehaviour({ chunkCount: 6, promptTokens: 2, honorsOutputLimit: true });
    const answer = await postJson('/v1/chat/completions', { model: 'gpt-4o-mini', messages: chatMessages, max_tokens: 4 });
    expect(answer).toMatchObject({
      choices: [{ message: { content: 'w1 w2 w3 w4' }, finish_reason: 'length' }],
      usage: { prompt_tokens: 2, completion_tokens: 4, total_tokens: 6 },
    });
    const chunks = await postSse('/v1/chat/completions', { model: 'gpt-4o-mini', messages: chatMessages, max_completion_tokens: 3, stream: true, stream_options: { include_usage: true } });
    const choices = chunks.flatMap((chunk) => chunk.choices as Array<{ delta: { content?: string }; finish_reason: string | null }>);
    expect(choices.map((choice) => choice.delta.content ?? '').join('')).toBe('w1 w2 w3');
    expect(choices.at(-1)?.finish_reason).toBe('length');
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 });
    // An answer that fits its limit ends as usual.
    const fits = await postJson('/v1/chat/completions', { model: 'gpt-4o-mini', messages: chatMessages, max_tokens: 6 });
    expect(fits).toMatchObject({ choices: [{ finish_reason: 'stop' }], usage: { completion_tokens: 6 } });
  });

  it('OpenAI completions: cuts to max_tokens with finish reason length', async () => {
    upstream.mock.setBehaviour({ chunkCount: 5, honorsOutputLimit: true });
    const answer = await postJson('/v1/completions', { model: 'gpt-3.5-turbo-instruct', prompt: 'say it', max_tokens: 2 });
    expect(answer).toMatchObject({ choices: [{ text: 'w1 w2', finish_reason: 'length' }], usage: { prompt_tokens: 2, completion_tokens: 2 } });
  });

  it('OpenAI Responses: cuts to max_output_tokens, counting reasoning inside it, and ends incomplete', async () => {
    upstream.mock.setBehaviour({ chunkCount: 6, promptTokens: 2, reasoningTokens: 1, honorsOutputLimit: true });
    const answer = await postJson('/v1/responses', { model: 'gpt-4.1-mini', input: 'hello', max_output_tokens: 4 });
    expect(answer).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      max_output_tokens: 4,
      output: [{ type: 'message', status: 'incomplete', content: [{ type: 'output_text', text: 'w1 w2 w3' }] }],
      usage: { input_tokens: 2, output_tokens: 4, output_tokens_details: { reasoning_tokens: 1 }, total_tokens: 6 },
    });
    const events = await postSse('/v1/responses', { model: 'gpt-4.1-mini', input: 'hello', max_output_tokens: 3, stream: true });
    const text = events.filter((event) => event.type === 'response.output_text.delta').map((event) => event.delta as string).join('');
    expect(text).toBe('w1 w2');
    expect(events.at(-1)).toMatchObject({
      type: 'response.incomplete',
      response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { output_tokens: 3, output_tokens_details: { reasoning_tokens: 1 } } },
    });
    const fits = await postJson('/v1/responses', { model: 'gpt-4.1-mini', input: 'hello', max_output_tokens: 100 });
    expect(fits).toMatchObject({ status: 'completed', incomplete_details: null, usage: { output_tokens: 7 } });
  });

  it('Anthropic: cuts to max_tokens and stops with max_tokens', async () => {
    upstream.mock.setBehaviour({ chunkCount: 6, promptTokens: 2, honorsOutputLimit: true });
    const body = { model: 'claude-sonnet-4-20250514', max_tokens: 4, messages: chatMessages };
    const answer = await postJson('/v1/messages', body);
    expect(answer).toMatchObject({ content: [{ type: 'text', text: 'w1 w2 w3 w4' }], stop_reason: 'max_tokens', usage: { input_tokens: 2, output_tokens: 4 } });
    const events = await postSse('/v1/messages', { ...body, max_tokens: 2, stream: true });
    const deltas = events.filter((event) => event.type === 'content_block_delta').map((event) => (event.delta as { text: string }).text);
    expect(deltas).toEqual(['w1', ' w2']);
    expect(events.find((event) => event.type === 'message_delta')).toMatchObject({ delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 2 } });
    expect(await postJson('/v1/messages', { ...body, max_tokens: 64 })).toMatchObject({ stop_reason: 'end_turn', usage: { output_tokens: 6 } });
  });

  it('Gemini: cuts to generationConfig.maxOutputTokens (either spelling) with finish reason MAX_TOKENS', async () => {
    upstream.mock.setBehaviour({ chunkCount: 6, promptTokens: 2, honorsOutputLimit: true });
    const contents = [{ role: 'user', parts: [{ text: 'hello' }] }];
    const answer = await postJson('/v1beta/models/gemini-2.5-flash:generateContent', { contents, generationConfig: { maxOutputTokens: 4 } });
    expect(answer).toMatchObject({
      candidates: [{ content: { parts: [{ text: 'w1 w2 w3 w4' }] }, finishReason: 'MAX_TOKENS' }],
      usageMetadata: { promptTokenCount: 2, candidatesTokenCount: 4, totalTokenCount: 6 },
    });
    const chunks = await postSse('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', { contents, generation_config: { max_output_tokens: 2 } });
    const candidates = chunks.map((chunk) => (chunk.candidates as Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }>)[0]);
    expect(candidates.map((candidate) => candidate?.content.parts[0]?.text).join('')).toBe('w1 w2');
    expect(candidates.map((candidate) => candidate?.finishReason)).toEqual([undefined, 'MAX_TOKENS']);
    expect(chunks.at(-1)?.usageMetadata).toMatchObject({ candidatesTokenCount: 2 });
    const fits = await postJson('/v1beta/models/gemini-2.5-flash:generateContent', { contents, generationConfig: { maxOutputTokens: 64 } });
    expect(fits).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { candidatesTokenCount: 6 } });
  });
});
