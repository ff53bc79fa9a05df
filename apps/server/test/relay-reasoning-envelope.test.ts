// Reasoning state through clients whose format has no place for it, with the official SDKs against the strict agent
// upstream (issue 20): a chat-completions client and a Gemini client with thinking on against an Anthropic channel get
// the signed thinking back to Anthropic before the tool_use blocks (it rides in the tool call id, or the functionCall's
// thoughtSignature), and a chat client against Gemini 3 returns the thought signature Gemini issued.
import { GoogleGenAI, type Content, type Part } from '@google/genai';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionMessageToolCall, ChatCompletionTool } from 'openai/resources/chat/completions';
import { reasoningEnvelopePrefix } from '@turnpike/formats';
import { agentCommand, startStrictAgentUpstream, type StrictAgentUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

const chatTools: ChatCompletionTool[] = [
  { type: 'function', function: { name: 'shell_command', description: 'Runs a shell command', parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } } },
];

describe('reasoning envelopes through SDK clients and back', () => {
  let server: TestServer;
  let upstream: StrictAgentUpstream;
  let base: string;
  let key: string;

  beforeAll(async () => {
    upstream = await startStrictAgentUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'claude-sonnet-4-5': 1, 'gemini-3-flash-preview': 1 });
    base = await server.listen();
    const user = await server.createUser({ username: 'envelope-user', quota: 100_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'claude-sonnet-4-5', type: 14, name: 'anthropic' });
    await addChannel(server, { baseUrl: upstream.url, models: 'gemini-3-flash-preview', type: 24, name: 'gemini' });
    await server.context.relay.routing.reload();
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });
  beforeEach(() => upstream.reset());

  const refusals = (): unknown[] => upstream.exchanges.flatMap((exchange) => (exchange.refusal === undefined ? [] : [exchange.refusal]));
  const lastBody = (): Record<string, unknown> => upstream.mock.requests.at(-1)?.body as Record<string, unknown>;

  /** One chat tool loop: the call, then its output sent back with the call as the client received it. */
  async function chatLoop(model: string, stream: boolean, extra: { reasoning_effort?: 'high' }): Promise<{ call: ChatCompletionMessageToolCall; answer: string }> {
    const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Run the command and tell me what it printed.' }];
    let call: ChatCompletionMessageToolCall | undefined;
    if (stream) {
      const chunks = await client.chat.completions.create({ model, messages, tools: chatTools, stream: true, ...extra });
      let id = '';
      let name = '';
      let args = '';
      for await (const chunk of chunks) {
        for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
          id ||= delta.id ?? '';
          name ||= delta.function?.name ?? '';
          args += delta.function?.arguments ?? '';
        }
      }
      call = { id, type: 'function', function: { name, arguments: args } };
    } else {
      const first = await client.chat.completions.create({ model, messages, tools: chatTools, ...extra });
      const toolCall = first.choices[0]?.message.tool_calls?.[0];
      call = toolCall?.type === 'function' ? toolCall : undefined;
    }
    if (!call) throw new Error(`no tool call: ${JSON.stringify(upstream.exchanges)}`);
    messages.push({ role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: agentCommand.output });
    const second = await client.chat.completions.create({ model, messages, tools: chatTools, ...extra });
    return { call, answer: second.choices[0]?.message.content ?? '' };
  }

  for (const stream of [false, true]) {
    it(`OpenAI chat SDK${stream ? ' (stream)' : ''} → Anthropic with thinking on: the signed thinking comes back before the tool_use`, async () => {
      const { call, answer } = await chatLoop('claude-sonnet-4-5', stream, { reasoning_effort: 'high' });
      expect(refusals()).toEqual([]);
      expect(answer).toContain(agentCommand.output);
      expect(call.id).toMatch(/^toolu_mock_1_tpr1_[A-Za-z0-9_-]+$/);
      const history = (lastBody().messages as Array<{ role: string; content: unknown }>)[1];
      expect(lastBody().thinking).toMatchObject({ type: 'enabled' });
      expect(history).toEqual({
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Mock thinking.', signature: 'mock-signature-1' },
          { type: 'tool_use', id: 'toolu_mock_1', name: 'shell_command', input: { command: agentCommand.command } },
        ],
      });
    });
  }

  it('OpenAI chat SDK (stream) → Gemini 3: the thought signature Gemini issued comes back on the call', async () => {
    const { answer } = await chatLoop('gemini-3-flash-preview', true, {});
    expect(refusals()).toEqual([]);
    expect(answer).toContain(agentCommand.output);
    const contents = lastBody().contents as Content[];
    expect(contents[1]?.parts).toEqual([{ functionCall: { name: 'shell_command', args: { command: agentCommand.command } }, thoughtSignature: 'mock-thought-1' }]);
  });

  it('Gemini SDK → Anthropic with thinking on: the thinking rides in the functionCall’s thoughtSignature and comes back', async () => {
    const client = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: base } });
    const config = {
      thinkingConfig: { thinkingBudget: 2048, includeThoughts: true },
      tools: [{ functionDeclarations: [{ name: 'run_shell_command', description: 'Runs a shell command', parametersJsonSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } }] }],
    };
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'Run the command and tell me what it printed.' }] }];
    const first = await client.models.generateContent({ model: 'claude-sonnet-4-5', contents, config });
    const parts: Part[] = first.candidates?.[0]?.content?.parts ?? [];
    expect(parts.find((part) => part.thought === true)?.text).toBe('Mock thinking.');
    const call = parts.find((part) => part.functionCall);
    expect(call?.thoughtSignature?.startsWith(reasoningEnvelopePrefix)).toBe(true);
    // As Gemini CLI does: thought parts stay out of the history, the call keeps its signature (the response names the
    // function only, as the API allows).
    contents.push({ role: 'model', parts: parts.filter((part) => part.thought !== true) }, { role: 'user', parts: [{ functionResponse: { name: 'run_shell_command', response: { output: agentCommand.output } } }] });
    const second = await client.models.generateContent({ model: 'claude-sonnet-4-5', contents, config });
    expect(refusals()).toEqual([]);
    expect(second.text).toContain(agentCommand.output);
    const history = (lastBody().messages as Array<{ role: string; content: Array<{ type: string }> }>)[1];
    expect(history?.content.map((block) => block.type)).toEqual(['thinking', 'tool_use']);
    expect(history?.content[0]).toEqual({ type: 'thinking', thinking: 'Mock thinking.', signature: 'mock-signature-1' });
  });
});
