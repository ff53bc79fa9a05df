// The provider replay corpus (packages/providers/src/*/__fixtures__/*.replay.json) through the relay: each case's
// whole answer and stream, replayed by a channel of the provider's type to every inbound format's official SDK,
// must give the SDK the answer's text, reasoning, tool calls (name, id, parsed arguments, signature), cited sources,
// server-tool blocks (or their summary) and finish reason and report the billed usage; the log row bills the same. Then streams broken off (the upstream cut before its final usage event, or the caller leaving) bill at
// least the text that was streamed, for every upstream kind.
import type { ServerResponse } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import { findFormat, openToolCallId, type ReasoningEnvelope, unsealedToolCallId, usageFromAnthropic, usageFromGemini, usageFromOpenAi, usageFromOpenAiResponses, type CanonicalUsage } from '@turnpike/formats';
import { findUsageReading, reconcileUsage } from '@turnpike/providers';
import { createServiceAccount, loadReplayCases, loadReplayErrorCases, replayStreamText, selfSignedCertificate, sendJson, startMockUpstream, type MockUpstream, type RecordedRequest, type ReplayCase, type ReplayErrorCase } from '@turnpike/testing';
import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

type Inbound = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'gemini';
const inbounds: readonly Inbound[] = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'];

/** A tool call as a client got it: the id it must send back, the name, the parsed arguments and (Gemini) the part's signature. */
interface ClientCall {
  id: string | undefined;
  name: string;
  arguments: unknown;
  signature?: string;
}

/** What a client got: text, reasoning, tool calls, cited URLs, server-tool blocks, canonical finish reason, and the usage it was told. */
interface ClientView {
  text: string;
  reasoning: string;
  finish: string;
  usage: { input: number; output: number; reasoning: number };
  toolCalls: ClientCall[];
  citations: Set<string>;
  serverTools: string[];
  /** The error a stream reported as an event the SDK passes on rather than raising (Responses `error`). */
  error?: string;
}

const emptyView = (): ClientView => ({ text: '', reasoning: '', finish: '', usage: viewOf(undefined), toolCalls: [], citations: new Set(), serverTools: [] });

/** URLs of OpenAI chat `annotations` and of Perplexity's answer-level `citations` / `search_results`. */
function chatSources(view: ClientView, annotations: unknown, answer: unknown): void {
  for (const item of Array.isArray(annotations) ? (annotations as Array<{ url_citation?: { url?: string } }>) : []) if (item.url_citation?.url) view.citations.add(item.url_citation.url);
  const { citations, search_results: results } = answer as { citations?: unknown; search_results?: unknown };
  for (const url of Array.isArray(citations) ? citations : []) if (typeof url === 'string') view.citations.add(url);
  for (const item of Array.isArray(results) ? (results as Array<{ url?: string }>) : []) if (item.url) view.citations.add(item.url);
}

const cases = loadReplayCases();
const errorCases = loadReplayErrorCases();
/** The model name each case's channel serves (Vertex builds its URL from a real Gemini model name). */
const modelOf = (replay: ReplayCase, index: number): string => (replay.channelType === 41 ? 'gemini-2.5-flash' : `replay-${index}`);
/** The model name each error case's own channel serves (one channel each: nothing to fail over to). */
const errorModelOf = (replay: ReplayErrorCase, index: number): string => (replay.channelType === 41 ? `gemini-2.5-flash-error-${index}` : `replay-error-${index}`);

function viewOf(usage: CanonicalUsage | undefined): ClientView['usage'] {
  return { input: usage?.inputTokens ?? -1, output: usage?.outputTokens ?? -1, reasoning: usage?.reasoningTokens ?? -1 };
}

/** Text and reasoning of OpenAI chat content: a string, or (passed through from Mistral) typed parts. */
function chatContent(content: unknown): { text: string; reasoning: string } {
  if (typeof content === 'string') return { text: content, reasoning: '' };
  let text = '';
  let reasoning = '';
  for (const part of Array.isArray(content) ? (content as Array<Record<string, unknown>>) : []) {
    if (part.type === 'thinking') reasoning += (part.thinking as Array<{ text: string }>).map((piece) => piece.text).join('');
    else if (typeof part.text === 'string') text += part.text;
  }
  return { text, reasoning };
}

const openAiFinish: Record<string, string> = { stop: 'stop', length: 'length', tool_calls: 'tool-calls', content_filter: 'content-filter' };
const anthropicFinish: Record<string, string> = { end_turn: 'stop', max_tokens: 'length', tool_use: 'tool-calls', stop_sequence: 'stop' };
const geminiFinish: Record<string, string> = { STOP: 'stop', MAX_TOKENS: 'length', SAFETY: 'content-filter' };

async function askChat(client: OpenAI, model: string, stream: boolean, view = emptyView()): Promise<ClientView> {
  const messages = [{ role: 'user' as const, content: 'Replay.' }];
  if (!stream) {
    const answer = await client.chat.completions.create({ model, messages, max_tokens: 2000 });
    const message = answer.choices[0].message as unknown as { content: unknown; reasoning_content?: string };
    const content = chatContent(message.content);
    const view: ClientView = { ...emptyView(), text: content.text, reasoning: (message.reasoning_content ?? '') + content.reasoning, finish: openAiFinish[answer.choices[0].finish_reason], usage: viewOf(usageFromOpenAi(answer.usage)) };
    for (const call of answer.choices[0].message.tool_calls ?? []) if (call.type === 'function') view.toolCalls.push({ id: call.id, name: call.function.name, arguments: JSON.parse(call.function.arguments) });
    chatSources(view, answer.choices[0].message.annotations, answer);
    return view;
  }
  const calls = new Map<number, { id: string | undefined; name: string; arguments: string }>();
  for await (const chunk of await client.chat.completions.create({ model, messages, max_tokens: 2000, stream: true, stream_options: { include_usage: true } })) {
    const choice = chunk.choices[0];
    if (choice) {
      const delta = choice.delta as unknown as { content?: unknown; reasoning_content?: string | null };
      const content = chatContent(delta.content ?? '');
      view.text += content.text;
      view.reasoning += (delta.reasoning_content ?? '') + content.reasoning;
      if (choice.finish_reason) view.finish = openAiFinish[choice.finish_reason];
      for (const call of choice.delta.tool_calls ?? []) {
        const known = calls.get(call.index) ?? { id: undefined, name: '', arguments: '' };
        calls.set(call.index, { id: known.id ?? call.id, name: known.name + (call.function?.name ?? ''), arguments: known.arguments + (call.function?.arguments ?? '') });
      }
      chatSources(view, (choice.delta as { annotations?: unknown }).annotations, {});
    }
    chatSources(view, undefined, chunk);
    const usage = chunk.usage ?? (chunk as unknown as { x_groq?: { usage?: unknown } }).x_groq?.usage;
    if (usage) view.usage = viewOf(usageFromOpenAi(usage));
  }
  for (const [, call] of [...calls].sort(([left], [right]) => left - right)) view.toolCalls.push({ id: call.id, name: call.name, arguments: JSON.parse(call.arguments) });
  return view;
}

async function askResponses(client: OpenAI, model: string, stream: boolean, view = emptyView()): Promise<ClientView> {
  const reasoningOf = (output: Array<{ type: string; summary?: Array<{ text: string }>; content?: Array<{ text: string }> }>): string =>
    output
      .filter((item) => item.type === 'reasoning')
      .map((item) => [...(item.summary ?? []), ...(item.content ?? [])].map((part) => part.text).join(''))
      .join('');
  // A completed answer that calls functions is the canonical 'tool-calls' finish.
  const finishOf = (response: OpenAI.Responses.Response): string => (response.status !== 'completed' ? String(response.status) : response.output.some((item) => item.type === 'function_call') ? 'tool-calls' : 'stop');
  const callsOf = (view: ClientView, output: OpenAI.Responses.ResponseOutputItem[]): void => {
    for (const item of output) if (item.type === 'function_call') view.toolCalls.push({ id: item.call_id, name: item.name, arguments: JSON.parse(item.arguments) });
  };
  if (!stream) {
    const answer = await client.responses.create({ model, input: 'Replay.', max_output_tokens: 2000 });
    const view: ClientView = { ...emptyView(), text: answer.output_text, reasoning: reasoningOf(answer.output as never), finish: finishOf(answer), usage: viewOf(usageFromOpenAiResponses(answer.usage)) };
    callsOf(view, answer.output);
    view.serverTools.push(...answer.output.filter((item) => item.type === 'web_search_call').map((item) => item.type));
    for (const item of answer.output) if (item.type === 'message') for (const part of item.content) if (part.type === 'output_text') for (const note of part.annotations) if (note.type === 'url_citation') view.citations.add(note.url);
    return view;
  }
  for await (const event of await client.responses.create({ model, input: 'Replay.', max_output_tokens: 2000, stream: true })) {
    if (event.type === 'response.output_text.delta') view.text += event.delta;
    else if (event.type === 'response.reasoning_summary_text.delta' || event.type === 'response.reasoning_text.delta') view.reasoning += event.delta;
    else if (event.type === 'response.output_text.annotation.added') view.citations.add((event.annotation as { url: string }).url);
    else if (event.type === 'error') view.error = event.message;
    else if (event.type === 'response.failed') view.error = event.response.error?.message ?? 'failed';
    else if (event.type === 'response.completed') {
      view.finish = finishOf(event.response);
      view.usage = viewOf(usageFromOpenAiResponses(event.response.usage));
      callsOf(view, event.response.output);
      view.serverTools.push(...event.response.output.filter((item) => item.type === 'web_search_call').map((item) => item.type));
    }
  }
  return view;
}

async function askAnthropic(client: Anthropic, model: string, stream: boolean, view = emptyView()): Promise<ClientView> {
  const params = { model, max_tokens: 2000, messages: [{ role: 'user' as const, content: 'Replay.' }] };
  if (!stream) {
    const answer = await client.messages.create(params);
    const view: ClientView = { ...emptyView(), finish: anthropicFinish[answer.stop_reason ?? ''] ?? String(answer.stop_reason), usage: viewOf(usageFromAnthropic(answer.usage)) };
    for (const block of answer.content) {
      if (block.type === 'text') {
        view.text += block.text;
        for (const citation of block.citations ?? []) if ('url' in citation) view.citations.add(citation.url);
      } else if (block.type === 'thinking') view.reasoning += block.thinking;
      else if (block.type === 'tool_use') view.toolCalls.push({ id: block.id, name: block.name, arguments: block.input });
      else if (block.type !== 'redacted_thinking') view.serverTools.push(block.type);
    }
    return view;
  }
  const counters: Record<string, unknown> = {};
  const inputs = new Map<number, { id: string; name: string; json: string }>();
  for await (const event of await client.messages.create({ ...params, stream: true })) {
    if (event.type === 'message_start') Object.assign(counters, event.message.usage);
    else if (event.type === 'content_block_start') {
      const block = event.content_block;
      if (block.type === 'tool_use') inputs.set(event.index, { id: block.id, name: block.name, json: '' });
      else if (block.type === 'text') for (const citation of block.citations ?? []) view.citations.add((citation as { url: string }).url);
      else if (block.type !== 'thinking' && block.type !== 'redacted_thinking') view.serverTools.push(block.type);
    } else if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
      const call = inputs.get(event.index);
      if (call) call.json += event.delta.partial_json;
    } else if (event.type === 'content_block_delta' && event.delta.type === 'citations_delta') view.citations.add((event.delta.citation as { url: string }).url);
    else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') view.text += event.delta.text;
    else if (event.type === 'content_block_delta' && event.delta.type === 'thinking_delta') view.reasoning += event.delta.thinking;
    else if (event.type === 'message_delta') {
      for (const [name, value] of Object.entries(event.usage)) if (value !== null && value !== undefined) counters[name] = value;
      if (event.delta.stop_reason) view.finish = anthropicFinish[event.delta.stop_reason] ?? event.delta.stop_reason;
    }
  }
  view.usage = viewOf(usageFromAnthropic(counters));
  for (const [, call] of [...inputs].sort(([left], [right]) => left - right)) view.toolCalls.push({ id: call.id, name: call.name, arguments: call.json === '' ? {} : JSON.parse(call.json) });
  return view;
}

async function askGemini(client: GoogleGenAI, model: string, stream: boolean, view = emptyView()): Promise<ClientView> {
  type Part = { text?: string; thought?: boolean; thoughtSignature?: string; functionCall?: { id?: string; name?: string; args?: unknown } };
  type Candidate = { content?: { parts?: Part[] }; finishReason?: string; groundingMetadata?: { groundingChunks?: Array<{ web?: { uri?: string } }> } };
  const take = (chunk: { candidates?: Candidate[]; usageMetadata?: unknown }): void => {
    const candidate = chunk.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall) view.toolCalls.push({ id: part.functionCall.id, name: part.functionCall.name ?? '', arguments: part.functionCall.args ?? {}, ...(part.thoughtSignature ? { signature: part.thoughtSignature } : {}) });
      else if (part.thought) view.reasoning += part.text ?? '';
      else view.text += part.text ?? '';
    }
    for (const chunk of candidate?.groundingMetadata?.groundingChunks ?? []) if (chunk.web?.uri) view.citations.add(chunk.web.uri);
    // Gemini has no finish reason of its own for function calls: STOP with calls is the canonical 'tool-calls'.
    if (candidate?.finishReason) view.finish = candidate.finishReason === 'STOP' && view.toolCalls.length > 0 ? 'tool-calls' : (geminiFinish[candidate.finishReason] ?? candidate.finishReason);
    if (chunk.usageMetadata) view.usage = viewOf(usageFromGemini(chunk.usageMetadata));
  };
  const request = { model, contents: 'Replay.', config: { maxOutputTokens: 2000 } };
  if (!stream) take(await client.models.generateContent(request));
  else for await (const chunk of await client.models.generateContentStream(request)) take(chunk);
  return view;
}

/**
 * The calls a client got against the case's: names and parsed arguments in order; the provider's id (with the
 * signature in a reasoning envelope after it for formats without a signature field, opened with the server's key);
 * a fresh unique id when the provider gave none, except for Gemini clients of a Gemini upstream, who get the call as
 * Gemini sent it.
 */
function expectCalls(replay: ReplayCase, inbound: Inbound, calls: readonly ClientCall[], envelopes: ReasoningEnvelope): void {
  const expected = replay.expect.toolCalls ?? [];
  expect(calls.map((call) => [call.name, call.arguments])).toEqual(expected.map((call) => [call.name, call.arguments]));
  const ids = calls.map((call) => call.id ?? '');
  for (const [position, call] of expected.entries()) {
    const got = calls[position];
    if (call.id !== undefined) expect(unsealedToolCallId(got.id ?? '')).toBe(call.id);
    else if (!(inbound === 'gemini' && replay.wire === 'gemini')) expect(got.id).toMatch(/.+/);
    const sealed = openToolCallId(got.id ?? '').signature;
    const signature = inbound === 'gemini' ? got.signature : sealed === undefined ? undefined : envelopes.open(sealed)?.signature;
    expect(signature).toBe(call.signature);
  }
  if (!(inbound === 'gemini' && replay.wire === 'gemini')) expect(new Set(ids).size).toBe(ids.length);
}

/** Whether the upstream request asks for a stream, in the wire's own way. */
function wantsStream(request: RecordedRequest): boolean {
  if (request.path.includes(':streamGenerateContent')) return true;
  return (request.body as { stream?: unknown } | undefined)?.stream === true;
}

const streamType = (replay: ReplayCase): string => (replay.wire === 'openai-chat' || replay.wire === 'anthropic-messages' ? 'text/event-stream' : 'text/event-stream; charset=utf-8');

/** Writes the case's stream frames one by one; `until` stops before the frame it names (the rest is never sent). */
async function writeFrames(replay: ReplayCase, response: ServerResponse, frames: readonly unknown[]): Promise<void> {
  response.writeHead(200, { 'content-type': streamType(replay) });
  for (const frame of frames) {
    response.write(replayStreamText({ ...replay, stream: [frame] }));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('provider replay corpus through the relay to the official SDKs', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let oauth: MockUpstream;
  let base: string;
  let user: Actor;
  let key: string;
  let tlsSetting: string | undefined;
  /** What the mock answers: the case now replayed, and how. */
  let current: { replay: ReplayCase; mode: 'whole-or-stream' | 'cut' | 'hang'; frames: number } | null = null;
  /** The error case the mock answers instead, when one is replayed. */
  let currentError: ReplayErrorCase | null = null;

  beforeAll(async () => {
    tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    oauth = await startMockUpstream({ tls: selfSignedCertificate() });
    oauth.answer((_call, response) => sendJson(response, { access_token: 'ya29.replay-token', expires_in: 3599, token_type: 'Bearer' }));
    upstream = await startMockUpstream();
    server = await startTestServer();
    const models = Object.fromEntries([...cases.map((replay, index) => [modelOf(replay, index), 1]), ...errorCases.map((replay, index) => [errorModelOf(replay, index), 1])]);
    await server.context.options.set('ModelRatio', models);
    await server.context.options.set('CompletionRatio', models);
    base = await server.listen();
    user = await server.createUser({ username: 'replayer', quota: 100_000_000 });
    const account = createServiceAccount(`${oauth.url}/token`);
    for (const [index, replay] of cases.entries()) {
      await addChannel(server, { baseUrl: upstream.url, models: modelOf(replay, index), type: replay.channelType, key: replay.channelType === 41 ? account.key : 'replay-key' });
    }
    for (const [index, replay] of errorCases.entries()) {
      await addChannel(server, { baseUrl: upstream.url, models: errorModelOf(replay, index), type: replay.channelType, key: replay.channelType === 41 ? account.key : 'replay-key' });
    }
    key = (await addApiKey(server, user)).key;
    upstream.answer(async (request, response) => {
      if (currentError) {
        if (currentError.body !== undefined) return sendJson(response, currentError.body, currentError.status);
        const replay = { ...currentError, stream: currentError.stream ?? [] } as unknown as ReplayCase;
        await writeFrames(replay, response, replay.stream);
        response.end();
        return;
      }
      if (!current) return sendJson(response, { error: { message: 'no case' } }, 500);
      const { replay, mode, frames } = current;
      if (mode === 'whole-or-stream') {
        if (!wantsStream(request)) return sendJson(response, replay.whole);
        await writeFrames(replay, response, replay.stream);
        response.end();
        return;
      }
      await writeFrames(replay, response, replay.stream.slice(0, frames));
      // Cut: the connection drops before the final usage event. Hang: nothing more until the caller leaves.
      if (mode === 'cut') response.destroy();
      else await new Promise((resolve) => response.on('close', resolve));
    });
  });
  afterAll(async () => {
    if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
    await server?.stop();
    await upstream?.close();
    await oauth?.close();
  });

  const lastConsume = async () => server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  async function ask(inbound: Inbound, model: string, stream: boolean): Promise<ClientView> {
    return askInto(inbound, model, stream, emptyView());
  }

  /** Asks with the inbound format's SDK; a stream's text lands in `view` as it comes (kept when the stream throws). */
  async function askInto(inbound: Inbound, model: string, stream: boolean, view: ClientView): Promise<ClientView> {
    if (inbound === 'openai-chat') return askChat(new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 }), model, stream, view);
    if (inbound === 'openai-responses') return askResponses(new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 }), model, stream, view);
    if (inbound === 'anthropic-messages') return askAnthropic(new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 }), model, stream, view);
    return askGemini(new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: base } }), model, stream, view);
  }

  for (const [index, replay] of cases.entries()) {
    for (const inbound of inbounds) {
      // An OpenAI channel serves Responses callers through the upstream's own Responses API, which a chat case does not record.
      if (inbound === 'openai-responses' && replay.channelType === 1) continue;
      for (const stream of [false, true]) {
        it(`${replay.name} → ${inbound}${stream ? ' (stream)' : ''}`, async () => {
          current = { replay, mode: 'whole-or-stream', frames: 0 };
          const view = await ask(inbound, modelOf(replay, index), stream);
          const { text, reasoning, finish, usage } = replay.expect;
          // Server tools reach each client in its format's own shape where it has one, else summarised after the answer.
          expect(view.text).toBe(text + (replay.expect.serverToolText?.[inbound] ?? ''));
          expect(view.reasoning).toBe(reasoning);
          expect(view.finish).toBe(finish);
          expectCalls(replay, inbound, view.toolCalls, server.context.relay.reasoning);
          expect(view.citations).toEqual(new Set(replay.expect.citations ?? []));
          expect(view.serverTools).toEqual(replay.expect.serverTools?.[inbound] ?? []);
          expect(view.usage).toEqual({ input: usage.inputTokens, output: usage.outputTokens, reasoning: usage.reasoningTokens });
          await server.settle();
          const log = await lastConsume();
          expect(log).toMatchObject({ model_name: modelOf(replay, index), prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens });
        });
      }
    }
  }

  /** What a client's SDK threw (class, HTTP status, the error body it parsed, all it was told), or what it streamed before. */
  async function refusal(inbound: Inbound, model: string, stream: boolean): Promise<{ kind: string; status: number | undefined; body: unknown; told: string; view: ClientView; fields?: { type: string | undefined; param: string | null | undefined; code: string | null | undefined } }> {
    const view = emptyView();
    try {
      await askInto(inbound, model, stream, view);
    } catch (error) {
      if (error instanceof OpenAI.APIError) {
        const fields = { type: error.type, param: error.param, code: error.code };
        return { kind: `openai:${error.constructor.name}`, status: error.status, body: error.error, told: JSON.stringify({ message: error.message, error: error.error }), view, fields };
      }
      if (error instanceof Anthropic.APIError) return { kind: `anthropic:${error.constructor.name}`, status: error.status, body: error.error, told: JSON.stringify({ message: error.message, error: error.error }), view };
      if (error instanceof ApiError) return { kind: 'genai:ApiError', status: error.status, body: JSON.parse(error.message) as unknown, told: error.message, view };
      throw error;
    }
    return { kind: 'none', status: undefined, body: undefined, told: '', view };
  }

  /** The SDK error class both OpenAI's and Anthropic's SDKs raise for a status. */
  const sdkClass = (status: number): string => ({ 400: 'BadRequestError', 401: 'AuthenticationError', 403: 'PermissionDeniedError', 404: 'NotFoundError', 429: 'RateLimitError' })[status] ?? (status >= 500 ? 'InternalServerError' : 'APIError');
  /** The category the relay tells an upstream's refusal as, in OpenAI's and Anthropic's words (Anthropic's by the status where it documents one). */
  const openAiType = (status: number): string => (status === 429 ? 'rate_limit_error' : status >= 500 ? 'upstream_error' : 'invalid_request_error');
  const anthropicTypes: Record<number, string> = { 402: 'billing_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error', 529: 'overloaded_error' };
  const anthropicType = (status: number): string => anthropicTypes[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  const geminiStatus: Record<number, string> = { 400: 'INVALID_ARGUMENT', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 502: 'INTERNAL' };
  /** What every caller is told when the upstream refused the channel's key (never the upstream's words, which name the key). */
  const refusedMessage = /^the upstream refused the channel's credentials; your API key is not at fault \(request id: [\w-]+\)$/;
  const quotaOf = async (): Promise<number> => Number((await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota);

  for (const [index, replay] of errorCases.entries()) {
    for (const inbound of inbounds) {
      for (const stream of replay.stream ? [true] : [false, true]) {
        const title = replay.stream ? 'the caller gets the streamed text, then the error in its format, and is billed what was streamed' : 'the caller gets the error in its format and status and is not billed';
        it(`${replay.name} → ${inbound}${stream ? ' (stream)' : ''}: ${title}; nothing of the channel leaks`, async () => {
          currentError = replay;
          try {
            const before = (await lastConsume().catch(() => null))?.id ?? 0;
            const quota = await quotaOf();
            const got = await refusal(inbound, errorModelOf(replay, index), stream);
            await server.settle();
            const message = replay.expect.told ?? replay.expect.message;
            expect(got.told).not.toContain('replay-key');
            expect(got.told).not.toContain(upstream.url.replace(/^https?:\/\//, ''));
            expect(got.told).not.toMatch(/\b10\.0\.3\.7\b/);
            if (!replay.stream) {
              // A refused channel key is the gateway's fault: a 502 every SDK reads as a server error (and retries), not a 401.
              const refused = replay.expect.channelRefused === true;
              const status = refused ? 502 : replay.status;
              expect(got.status).toBe(status);
              if (inbound === 'gemini') {
                expect(got.kind).toBe('genai:ApiError');
                const body = (got.body as { error: { code: number; message: string; status: string } }).error;
                expect(body.code).toBe(status);
                if (refused) expect(body.message).toMatch(refusedMessage);
                else expect(body.message).toBe(message);
                if (geminiStatus[status]) expect(body.status).toBe(geminiStatus[status]);
              } else if (inbound === 'anthropic-messages') {
                expect(got.kind).toBe(`anthropic:${sdkClass(status)}`);
                const body = got.body as { type: string; error: { type: string; message: string } };
                expect({ type: body.type, errorType: body.error.type }).toEqual({ type: 'error', errorType: anthropicType(status) });
                if (refused) expect(body.error.message).toMatch(refusedMessage);
                else expect(body.error.message).toBe(message);
              } else {
                expect(got.kind).toBe(`openai:${sdkClass(status)}`);
                // The upstream's own code and param reach OpenAI-format callers as the SDK exposes them; a refused key gets the relay's code.
                const body = got.body as { message: string; type: string; param: string | null; code: string | null };
                const { code = null, param = null } = replay.expect;
                const expected = refused ? { type: 'upstream_error', param: null, code: 'upstream_auth_failed' } : { type: openAiType(status), param, code };
                expect({ type: body.type, param: body.param, code: body.code }).toEqual(expected);
                expect(got.fields).toEqual(expected);
                if (refused) expect(body.message).toMatch(refusedMessage);
                else expect(body.message).toBe(message);
              }
              // A refused call is not billed: no consume row, the balance as it was.
              expect((await lastConsume().catch(() => null))?.id ?? 0).toBe(before);
              expect(await quotaOf()).toBe(quota);
              return;
            }
            expect(got.view.text).toBe(replay.expect.text);
            if (inbound === 'openai-chat') expect([got.kind, got.body]).toEqual(['openai:APIError', { message, type: replay.expect.type, param: null, code: null }]);
            else if (inbound === 'anthropic-messages') expect([got.kind, got.body]).toEqual(['anthropic:APIError', { type: 'error', error: { type: replay.expect.type, message } }]);
            else if (inbound === 'openai-responses') expect([got.kind, got.view.error]).toEqual(['none', message]);
            // The Gemini SDK raises only for an error body that is not framed as SSE: its client sees the answer end without a finish reason.
            else expect([got.kind, got.view.finish]).toEqual(['none', '']);
            // Billed what was streamed: the larger of the reported output (Anthropic's opening 1) and the streamed text.
            const log = await lastConsume();
            expect(log.id).toBeGreaterThan(before);
            expect(log.completion_tokens).toBe(Math.max(1, countTokens(replay.expect.text ?? '')));
            expect(log.prompt_tokens).toBe(21);
            expect(await quotaOf()).toBe(quota - log.quota);
          } finally {
            currentError = null;
          }
        });
      }
    }
  }

  /** The frames of a stream up to its last text, before any frame that finishes it or carries its final usage. */
  function framesBeforeEnd(replay: ReplayCase): number {
    const text = replayStreamText({ ...replay, stream: replay.stream });
    let last = 0;
    for (const [index, frame] of replay.stream.entries()) {
      const json = JSON.stringify(frame);
      if (/"(finish_reason|finishReason)":"/.test(json) || /"message_delta"/.test(json) || frame === '[DONE]') break;
      last = index + 1;
    }
    expect(text.length).toBeGreaterThan(0);
    return last;
  }

  for (const [index, replay] of cases.entries()) {
    // Mistral sends whole tool calls in the chunk that finishes the stream: cut before it, nothing was generated to bill.
    if (generatedBeforeEnd(replay) === '') continue;
    const other: Inbound = replay.wire === 'openai-chat' ? 'anthropic-messages' : 'openai-chat';
    for (const [mode, inbound] of [
      ['cut', replay.wire],
      ['cut', other],
      ['hang', replay.wire],
    ] as const) {
      it(`${replay.name}: a stream ${mode === 'cut' ? 'the upstream cuts' : 'the caller leaves'} before its final usage bills at least the streamed text (${inbound})`, async () => {
        const frames = framesBeforeEnd(replay);
        current = { replay, mode, frames };
        const sent = replay.stream.slice(0, frames);
        const streamedText = replayTextOf(replay, sent);
        const before = (await lastConsume().catch(() => null))?.id ?? 0;
        // The caller leaves once the last frame sent reached it (a pass-through stream carries the upstream's bytes).
        await breakStream(inbound, modelOf(replay, index), mode === 'hang' ? JSON.stringify(sent.at(-1)) : null);
        await expect.poll(async () => ((await server.settle(), await lastConsume().catch(() => null))?.id ?? 0) > before).toBe(true);
        const log = await lastConsume();
        // The larger of what the upstream had reported so far (Perplexity repeats its growing usage) and the streamed text.
        const reader = findFormat(replay.wire)!.createStreamUsageReader({ collectText: true });
        reader.push(Buffer.from(replayStreamText({ ...replay, stream: sent }), 'utf8'));
        reader.end();
        const reported = reconcileUsage(reader.usage ?? usageFromOpenAi({})!, findUsageReading(replay.channelType)).usage.outputTokens;
        // What the relay counts: the text and reasoning, and the names and arguments of tool calls, as generated.
        const generated = countTokens(reader.text);
        expect(generated).toBeGreaterThan(0);
        expect(log.completion_tokens).toBe(Math.max(reported, generated));
        expect(log.completion_tokens).toBeGreaterThanOrEqual(countTokens(streamedText));
        expect(log.prompt_tokens).toBeGreaterThan(0);
        expect(JSON.parse(log.other).warnings.join('\n')).toMatch(/the stream ended before its final usage|the upstream reported no usage/);
      });
    }
  }

  it('a legacy completions stream (no format conversion) that the upstream cuts bills at least its streamed text', async () => {
    const index = cases.findIndex((replay) => replay.channelType === 1);
    const chunk = (text: string, completion: number) => ({ id: 'cmpl-1', object: 'text_completion', created: 1764000000, model: 'gpt-3.5-turbo-instruct', choices: [{ text, index: 0, logprobs: null, finish_reason: null }], usage: { prompt_tokens: 5, completion_tokens: completion, total_tokens: 5 + completion } });
    const pieces = ['Once upon a time', ' there was a gateway', ' that billed every streamed word.'];
    current = { replay: { ...cases[index], stream: pieces.map((piece) => chunk(piece, 1)) }, mode: 'cut', frames: pieces.length };
    const before = (await lastConsume().catch(() => null))?.id ?? 0;
    const answer = await fetch(`${base}/v1/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: modelOf(cases[index], index), prompt: 'Tell a story.', stream: true, max_tokens: 200 }) });
    await answer.text().catch(() => '');
    await expect.poll(async () => ((await server.settle(), await lastConsume().catch(() => null))?.id ?? 0) > before).toBe(true);
    const log = await lastConsume();
    expect(log).toMatchObject({ prompt_tokens: 5, completion_tokens: countTokens(pieces.join('')) });
    expect(JSON.parse(log.other).warnings).toContain(`the stream ended before its final usage: billed the larger of the reported output (1) and the streamed text (${countTokens(pieces.join(''))})`);
  });

  /** Calls with a raw streaming request; with `leaveAfter`, drops the connection once those bytes arrived. */
  async function breakStream(inbound: Inbound, model: string, leaveAfter: string | null): Promise<void> {
    const controller = new AbortController();
    const request = streamRequest(inbound, model);
    const answer = await fetch(`${base}${request.path}`, { method: 'POST', headers: { ...request.headers, 'content-type': 'application/json' }, body: JSON.stringify(request.body), signal: controller.signal });
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received += decoder.decode(value, { stream: true });
        if (leaveAfter !== null && received.includes(leaveAfter)) {
          controller.abort();
          return;
        }
      }
    } catch {
      // The caller's own abort.
    }
  }

  function streamRequest(inbound: Inbound, model: string): { path: string; headers: Record<string, string>; body: unknown } {
    const messages = [{ role: 'user', content: 'Replay.' }];
    if (inbound === 'openai-chat') return { path: '/v1/chat/completions', headers: { authorization: `Bearer ${key}` }, body: { model, messages, stream: true, max_tokens: 2000 } };
    if (inbound === 'anthropic-messages') return { path: '/v1/messages', headers: { 'x-api-key': key }, body: { model, messages, stream: true, max_tokens: 2000 } };
    return { path: `/v1beta/models/${model}:streamGenerateContent?alt=sse`, headers: { 'x-goog-api-key': key }, body: { contents: [{ role: 'user', parts: [{ text: 'Replay.' }] }], generationConfig: { maxOutputTokens: 2000 } } };
  }
});

/** What the usage reader collects (text, reasoning, tool names and arguments) from the frames before the stream's finish. */
function generatedBeforeEnd(replay: ReplayCase): string {
  const end = replay.stream.findIndex((frame) => frame === '[DONE]' || /"(finish_reason|finishReason)":"|"message_delta"/.test(JSON.stringify(frame)));
  const reader = findFormat(replay.wire)!.createStreamUsageReader({ collectText: true });
  reader.push(Buffer.from(replayStreamText({ ...replay, stream: replay.stream.slice(0, end === -1 ? replay.stream.length : end) }), 'utf8'));
  reader.end();
  return reader.text;
}

/** The reasoning and text of some frames of a case's stream, in the order they came (what the relay counts). */
function replayTextOf(replay: ReplayCase, frames: readonly unknown[]): string {
  let text = '';
  for (const frame of frames) {
    if (typeof frame !== 'object' || frame === null) continue;
    const record = frame as Record<string, unknown>;
    if (replay.wire === 'anthropic-messages') {
      const delta = record.delta as { text?: string; thinking?: string } | undefined;
      if (record.type === 'content_block_delta') text += delta?.thinking ?? delta?.text ?? '';
    } else if (replay.wire === 'gemini') {
      const parts = ((record.candidates as Array<{ content?: { parts?: Array<{ text?: string }> } }> | undefined)?.[0]?.content?.parts ?? []) as Array<{ text?: string }>;
      for (const part of parts) text += part.text ?? '';
    } else {
      const delta = ((record.choices as Array<{ delta?: Record<string, unknown> }> | undefined)?.[0]?.delta ?? {}) as Record<string, unknown>;
      if (typeof delta.reasoning_content === 'string') text += delta.reasoning_content;
      const content = delta.content;
      if (typeof content === 'string') text += content;
      else if (Array.isArray(content)) {
        for (const part of content as Array<Record<string, unknown>>) {
          text += part.type === 'thinking' ? (part.thinking as Array<{ text: string }>).map((piece) => piece.text).join('') : typeof part.text === 'string' ? part.text : '';
        }
      }
    }
  }
  return text;
}
