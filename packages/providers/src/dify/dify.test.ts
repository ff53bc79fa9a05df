import { describe, expect, it } from 'vitest';
import { collectStreamParts, type CanonicalRequest } from '@turnpike/formats';
import { fixturesBeside, tokenUsage as usage } from '@turnpike/testing';
import { expectStableAtEverySplit } from '@turnpike/testing/vitest';
import type { AdaptorInput } from '../provider-adaptor';
import { difyAdaptor, difyChatUrl } from './dify-adaptor';
import { difyDialect } from './dify-dialect';
import { encodeDifyRequest } from './dify-request-codec';

const { fixture, fixtureJson } = fixturesBeside(import.meta.url);

/** Decodes the fixture whole, then split in two at every byte, and expects the same parts each time. */
const stableAtEverySplit = (name: string) => expectStableAtEverySplit(() => difyDialect.createStreamDecoder(), fixture(name));

const request = (overrides: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'dify',
  stream: true,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'What are the specs of the iPhone 13 Pro Max?' }] }],
  ...overrides,
});

const input = (overrides: Partial<AdaptorInput['channel']> = {}, stream = true): AdaptorInput => ({
  channel: { type: 37, key: 'app-secret', baseUrl: '', organization: '', other: '', ...overrides },
  path: '/v1/chat/completions',
  body: '{"query":"hi"}',
  contentType: 'application/json',
  model: 'dify',
  stream,
});

describe('Dify request encoding', () => {
  it('sends a lone user message as the query, streaming, with the caller as user and no warning', () => {
    const canonical = request({ user: 'u-42' });
    expect(encodeDifyRequest(canonical)).toEqual({
      inputs: {},
      query: 'What are the specs of the iPhone 13 Pro Max?',
      response_mode: 'streaming',
      user: 'u-42',
      auto_generate_name: false,
    });
    expect(canonical.warnings).toBeUndefined();
  });

  it('flattens a conversation into a labelled transcript (as new-api does) and warns about it', () => {
    const canonical = request({
      stream: false,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'Hello!' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Specs?' }, { type: 'image', url: 'https://cdn.example.com/phone.png' }] },
      ],
    });
    const body = encodeDifyRequest(canonical);
    expect(body.query).toBe('SYSTEM: \nBe brief.\nUSER: \nHi\nASSISTANT: \nHello!\nUSER: \nSpecs?\n');
    expect(body.response_mode).toBe('blocking');
    expect(body.user).toBe('turnpike');
    expect(body.files).toEqual([{ type: 'image', transfer_method: 'remote_url', url: 'https://cdn.example.com/phone.png' }]);
    expect(canonical.warnings).toEqual(['Dify takes one query per call: 4 messages were flattened into a labelled transcript']);
  });

  it('drops inline images, files, tool calls and model settings with warnings', () => {
    const canonical = request({
      temperature: 0.2,
      maxTokens: 100,
      tools: [{ name: 'f', parameters: {} }],
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Look' }, { type: 'image', url: 'data:image/png;base64,AAAA' }, { type: 'file', data: 'AAAA', mediaType: 'application/pdf' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c1', content: '42' }] },
      ],
    });
    const body = encodeDifyRequest(canonical);
    expect(body.query).toBe('USER: \nLook\nTOOL: \n42\n');
    expect(body.files).toBeUndefined();
    expect(canonical.warnings).toEqual([
      'Dify takes images only as http(s) URLs in user messages; an inline image was dropped',
      'Dify files need a prior upload; a file attachment was dropped',
      'Dify apps run their own tools; the assistant\'s call of "f" was dropped',
      'Dify takes one query per call: 2 messages were flattened into a labelled transcript',
      'Dify apps use their own model settings; ignored: temperature, max_tokens, tools',
    ]);
  });
});

describe('Dify blocking answers and errors', () => {
  it('decodes the documented blocking answer with its usage', () => {
    const body = fixtureJson('dify-blocking-answer.json');
    expect(difyDialect.decodeResponse(body)).toEqual({
      id: '9da23599-e713-473b-982c-4328d4f5c78a',
      model: '',
      created: 1705407629,
      parts: [{ type: 'text', text: 'iPhone 13 Pro Max specs are listed here:...' }],
      finishReason: 'stop',
      usage: usage(1033, 128),
    });
    expect(difyDialect.readUsage(body)).toEqual(usage(1033, 128));
    expect(difyDialect.decodeError(body)).toBeUndefined();
  });

  it('splits a reasoning model thinking block off a blocking answer', () => {
    const answer = '<details style="color:gray;background-color: #f8f8f8;padding: 8px;border-radius: 4px;" open> <summary> Thinking... </summary>\nHmm, a greeting.</details>\n\nHello!';
    expect(difyDialect.decodeResponse({ message_id: 'm', created_at: 1, answer, metadata: {} }).parts).toEqual([
      { type: 'reasoning', text: 'Hmm, a greeting.' },
      { type: 'text', text: 'Hello!' },
    ]);
  });

  it('reads error bodies and error events', () => {
    expect(difyDialect.decodeError(fixtureJson('dify-error-invalid-param.json'))).toEqual({
      message: 'Missing required parameter in the JSON body',
      type: 'upstream_error',
      code: 'invalid_param',
      httpStatus: 400,
    });
    expect(difyDialect.decodeError({ event: 'error', message: 'internal failure' })).toEqual({ message: 'internal failure', type: 'upstream_error' });
    expect(difyDialect.decodeError({ message: 'just text' })).toBeUndefined();
    expect(difyDialect.readUsage({ answer: 'x' })).toBeUndefined();
  });
});

describe('Dify streams', () => {
  it('decodes answer deltas, skips pings and reports usage at message_end, split at every byte', () => {
    const parts = stableAtEverySplit('dify-stream-chat.sse');
    expect(parts).toEqual([
      ...[' I', "'m", ' glad', ' to', ' meet', ' you 👋', '，世界'].map((text) => ({ type: 'text-delta', text })),
      { type: 'usage', usage: usage(1033, 135) },
      { type: 'finish', reason: 'stop' },
    ]);
    const decoder = difyDialect.createStreamDecoder();
    decoder.push(fixture('dify-stream-chat.sse'));
    expect(decoder.metadata).toEqual({ id: '5ad4cb98-f0c7-4085-b384-88c403be6290', model: '', created: 1705398420 });
  });

  it('relays agent messages and ignores thoughts and files in a CRLF stream', () => {
    expect(stableAtEverySplit('dify-stream-agent.sse')).toEqual([
      { type: 'text-delta', text: 'Here is ' },
      { type: 'text-delta', text: 'your cat.' },
      { type: 'usage', usage: usage(412, 27) },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('turns the thinking block into reasoning and ignores workflow and node events', () => {
    const parts = stableAtEverySplit('dify-stream-chatflow-thinking.sse');
    expect(parts).toEqual([
      { type: 'reasoning-delta', text: 'The user greets' },
      { type: 'reasoning-delta', text: ' me.' },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: '!' },
      { type: 'usage', usage: usage(21, 31) },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(collectStreamParts(parts, { id: 'm', model: 'dify', created: 1 }).parts).toEqual([
      { type: 'reasoning', text: 'The user greets me.' },
      { type: 'text', text: 'Hello!' },
    ]);
  });

  it('reports an error event with its status and code', () => {
    expect(stableAtEverySplit('dify-stream-error.sse')).toEqual([
      { type: 'text-delta', text: 'Partial' },
      {
        type: 'error',
        error: { message: 'Your quota for Dify Hosted Model Provider has been exhausted.', type: 'upstream_error', code: 'provider_quota_exceeded', httpStatus: 400 },
      },
    ]);
  });

  it('ends a moderated stream with content-filter after the replacement text', () => {
    const decoder = difyDialect.createStreamDecoder();
    const parts = decoder.push(
      Buffer.from(
        'data: {"event": "message", "message_id": "m1", "answer": "bad", "created_at": 1}\n\n' +
          'data: {"event": "message_replace", "message_id": "m1", "answer": "This content was blocked.", "created_at": 1}\n\n' +
          'data: {"event": "message_end", "message_id": "m1", "metadata": {}}\n\n',
      ),
    );
    expect(parts).toEqual([
      { type: 'text-delta', text: 'bad' },
      { type: 'text-delta', text: 'This content was blocked.' },
      { type: 'finish', reason: 'content-filter' },
    ]);
  });
});

describe('Dify adaptor', () => {
  it('posts to {base}/v1/chat-messages with the app key, whether or not the base ends in /v1', () => {
    const call = difyAdaptor.buildRequest(input());
    expect(call).toEqual({
      url: 'https://api.dify.ai/v1/chat-messages',
      method: 'POST',
      headers: { authorization: 'Bearer app-secret', 'content-type': 'application/json', accept: 'text/event-stream' },
      body: '{"query":"hi"}',
    });
    expect(difyChatUrl(input({ baseUrl: 'https://dify.example.com/v1/' }).channel)).toBe('https://dify.example.com/v1/chat-messages');
    expect(difyChatUrl(input({ baseUrl: 'http://10.0.0.5:8080' }).channel)).toBe('http://10.0.0.5:8080/v1/chat-messages');
    expect(difyAdaptor.buildRequest(input({}, false)).headers.accept).toBe('application/json');
  });

  it('names its dialect for every chat call, streams natively and sets response_mode from the stream flag', () => {
    expect(difyAdaptor.chatWire?.('dify', 'openai-chat')).toBe('dify-chat');
    expect(difyAdaptor.dialect).toBe(difyDialect);
    expect(difyAdaptor.streaming).toEqual({ kind: 'native' });
    const body: Record<string, unknown> = { response_mode: 'streaming' };
    difyAdaptor.patchChatBody?.(body, 'dify', false);
    expect(body.response_mode).toBe('blocking');
  });
});
