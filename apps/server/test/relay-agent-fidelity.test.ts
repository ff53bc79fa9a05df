// What coding agents send (Claude Code's long metadata.user_id, Codex's reasoning effort, reasoning models behind an
// OpenAI channel, Gemini thought signatures, Claude Code's context meter) reaches each upstream in a shape it accepts.
import Anthropic from '@anthropic-ai/sdk';
import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

/** A long agent prompt: a system prompt, a long user turn and a tool list, as Claude Code sends them. */
const agentSystem = 'You are an interactive command line tool that helps users with software engineering tasks. Use the tools available to you.';
const agentQuestion = Array.from({ length: 400 }, (_, index) => `Step ${index}: read the file src/module-${index}.ts, check that every exported function has a test, and report which ones are missing.`).join('\n');
const agentTools = Array.from({ length: 20 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Runs operation number ${index} on the working tree and returns its output as text.`,
  input_schema: { type: 'object' as const, properties: { path: { type: 'string', description: 'The file or directory to work on' } }, required: ['path'] },
}));

/** The `input_tokens` a streamed Anthropic answer announces in its `message_start`. */
async function announcedInputTokens(client: Anthropic, model: string): Promise<number> {
  const stream = await client.messages.create({ model, max_tokens: 1000, stream: true, system: agentSystem, tools: agentTools, messages: [{ role: 'user', content: agentQuestion }] });
  let announced = -1;
  for await (const event of stream) if (event.type === 'message_start') announced = event.message.usage.input_tokens;
  return announced;
}

/** The shape of the `metadata.user_id` Claude Code sends with every call (186 characters). */
const claudeCodeUserId = JSON.stringify({
  device_id: 'a3f1c2d4e5b6978877665544332211ffeeddccbbaa99887766554433221100aa',
  account_uuid: '5b1e6a0c-3f2d-4c8e-9a7b-1d2e3f4a5b6c',
  session_id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
});

describe('coding-agent requests through the relay', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let user: Actor;
  let key: string;

  beforeAll(async () => {
    upstream = await startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 3 } });
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'gpt-4.1': 1, 'gpt-5': 1, 'claude-sonnet-4-5': 1, 'claude-opus-4-6': 1, 'gemini-2.5-flash': 1 });
    base = await server.listen();
    user = await server.createUser({ username: 'agent', quota: 10_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4.1,gpt-5', type: 1 });
    await addChannel(server, { baseUrl: upstream.url, models: 'claude-sonnet-4-5,claude-opus-4-6', type: 14 });
    await addChannel(server, { baseUrl: upstream.url, models: 'gemini-2.5-flash', type: 24 });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.reset();
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 3 });
  });

  const lastLogOther = async (): Promise<{ warnings?: string[] }> => {
    await server.settle();
    const log = await server.context.db.selectFrom('logs').select('other').where('user_id', '=', user.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return JSON.parse(log.other) as { warnings?: string[] };
  };

  it('Claude Code → OpenAI chat: a 186-character metadata.user_id goes upstream as its 64-character sha256, and the log says so', async () => {
    const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    const answer = await client.messages.create({ model: 'gpt-4.1', max_tokens: 100, metadata: { user_id: claudeCodeUserId }, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.content[0]).toMatchObject({ type: 'text', text: 'w1 w2 w3' });
    const sent = upstream.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect((sent.body as { user?: string }).user).toBe('1e0c43f06fe88c97d8271081ce36fcdf64f3327b92382b1c259feb314b1781eb');
    expect((await lastLogOther()).warnings).toContain('user id of 186 characters is longer than openai-chat accepts (64) and was sent as its sha256');
  });

  it('Claude Code → gpt-5 on an OpenAI channel: the output limit goes as max_completion_tokens', async () => {
    const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    await client.messages.create({ model: 'gpt-5', max_tokens: 16000, messages: [{ role: 'user', content: 'hi' }] });
    const sent = upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent.model).toBe('gpt-5');
    expect(sent.max_completion_tokens).toBe(16000);
    expect('max_tokens' in sent).toBe(false);
    await client.messages.create({ model: 'gpt-4.1', max_tokens: 500, messages: [{ role: 'user', content: 'hi' }] });
    const older = upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(older.max_tokens).toBe(500);
    expect('max_completion_tokens' in older).toBe(false);
  });

  it('Codex with reasoning effort → Anthropic: effort for models that take it, a thinking budget with a logged warning for the others', async () => {
    const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
    await client.responses.create({ model: 'claude-opus-4-6', input: 'ls', max_output_tokens: 16000, reasoning: { effort: 'high' } });
    const opus = upstream.requests.at(-1)!;
    expect(opus.path).toBe('/v1/messages');
    expect((opus.body as Record<string, unknown>).output_config).toEqual({ effort: 'high' });
    expect((opus.body as Record<string, unknown>).thinking).toBeUndefined();

    await client.responses.create({ model: 'claude-sonnet-4-5', input: 'ls', max_output_tokens: 16000, reasoning: { effort: 'high' } });
    const sonnet = upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(sonnet.output_config).toBeUndefined();
    expect(sonnet.thinking).toEqual({ type: 'enabled', budget_tokens: 12800 });
    expect(sonnet.max_tokens).toBe(16000);
    expect((await lastLogOther()).warnings).toContain('reasoning effort "high" was sent as a thinking budget of 12800 tokens: claude-sonnet-4-5 takes no effort parameter');
  });

  it('Claude Code stream ← OpenAI chat (usage only at the end): message_start announces a tokenizer count within 10%, not a byte count', async () => {
    const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    const announced = await announcedInputTokens(client, 'gpt-4.1');
    const reference = countTokens([agentSystem, agentQuestion, JSON.stringify(agentTools)].join('\n'));
    expect(Math.abs(announced - reference) / reference).toBeLessThan(0.1);
  });

  it('Claude Code stream ← Gemini (usage on the first chunk): message_start announces the upstream’s own prompt count', async () => {
    upstream.setBehaviour({ promptTokens: 1044, chunkCount: 3, usage: 'every-chunk' });
    const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    expect(await announcedInputTokens(client, 'gemini-2.5-flash')).toBe(1044);
  });

  it('Claude Code → Gemini tool loop: the call’s thought signature comes back to Gemini on the next turn, not the placeholder', async () => {
    const signature = 'CiIBVKhc7l5mzkoZSRQ=';
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 3, replyToolCall: { arguments: { path: 'src' }, signature } });
    const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    const tools = [agentTools[0]];
    const first = await client.messages.create({ model: 'gemini-2.5-flash', max_tokens: 1000, tools, messages: [{ role: 'user', content: 'list src' }] });
    const call = first.content.find((block) => block.type === 'tool_use');
    expect(call).toMatchObject({ type: 'tool_use', name: 'tool_0', input: { path: 'src' } });
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 3 });
    const second = await client.messages.create({
      model: 'gemini-2.5-flash',
      max_tokens: 1000,
      tools,
      messages: [
        { role: 'user', content: 'list src' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call!.type === 'tool_use' ? call!.id : '', content: 'a.ts b.ts' }] },
      ],
    });
    expect(second.content[0]).toMatchObject({ type: 'text', text: 'w1 w2 w3' });
    const sent = upstream.requests.at(-1)!.body as { contents: Array<{ role: string; parts: Array<Record<string, unknown>> }> };
    const modelTurn = sent.contents.find((content) => content.role === 'model');
    expect(modelTurn?.parts).toEqual([{ functionCall: { name: 'tool_0', args: { path: 'src' } }, thoughtSignature: signature }]);
    expect(sent.contents.at(-1)?.parts).toEqual([{ functionResponse: expect.objectContaining({ name: 'tool_0' }) }]);
  });

  it('Claude Code with a thinking budget → gpt-5 on an OpenAI channel: the budget goes as reasoning_effort, and the log says so', async () => {
    const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    await client.messages.create({ model: 'gpt-5', max_tokens: 16000, temperature: 1, thinking: { type: 'enabled', budget_tokens: 4000 }, messages: [{ role: 'user', content: 'hi' }] });
    const sent = upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent.reasoning_effort).toBe('medium');
    expect('temperature' in sent).toBe(false);
    expect((await lastLogOther()).warnings).toContain('thinking budget 4000 was approximated as OpenAI reasoning effort "medium"');
  });

  it('an operator override (ModelCapabilityOverrides) changes what a model is sent, from the next request on', async () => {
    const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    const sent = async (): Promise<Record<string, unknown>> => {
      await client.messages.create({ model: 'gpt-4.1', max_tokens: 300, messages: [{ role: 'user', content: 'hi' }] });
      return upstream.requests.at(-1)!.body as Record<string, unknown>;
    };
    expect((await sent()).max_tokens).toBe(300);
    const admin = await server.createUser({ username: 'agent-admin', role: 100 });
    const saved = await server.call('PUT', '/api/option/', { as: admin, body: { key: 'ModelCapabilityOverrides', value: JSON.stringify({ 'gpt-4.1': { maxCompletionTokens: true } }) } });
    expect(saved.json()).toMatchObject({ success: true });
    expect((await sent()).max_completion_tokens).toBe(300);
    const refused = await server.call('PUT', '/api/option/', { as: admin, body: { key: 'ModelCapabilityOverrides', value: JSON.stringify({ 'gpt-4.1': { maxCompletionToken: true } }) } });
    expect(refused.json()).toMatchObject({ success: false });
    await server.call('PUT', '/api/option/', { as: admin, body: { key: 'ModelCapabilityOverrides', value: '{}' } });
    expect((await sent()).max_tokens).toBe(300);
  });
});
