import { describe, expect, it } from 'vitest';
import { collectStreamParts, type CanonicalRequest } from '@turnpike/formats';
import { decodeChunks, fixturesBeside, tokenUsage as usage } from '@turnpike/testing';
import { expectStableAtEverySplit } from '@turnpike/testing/vitest';
import type { AdaptorInput } from '../provider-adaptor';
import { cozeAdaptor, withCozeBotId } from './coze-adaptor';
import { cozeDialect } from './coze-dialect';
import { cozeBotIdFromModel, encodeCozeRequest } from './coze-request-codec';

const { fixture, fixtureJson } = fixturesBeside(import.meta.url);
const decodeAll = (chunks: Uint8Array[]) => decodeChunks(cozeDialect.createStreamDecoder(), chunks).parts;

/** Decodes the fixture whole, then split in two at every byte, and expects the same parts each time. */
const stableAtEverySplit = (name: string) => expectStableAtEverySplit(() => cozeDialect.createStreamDecoder(), fixture(name));

const request = (overrides: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'coze-bot',
  stream: false,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello' }] }],
  ...overrides,
});

const input = (overrides: Partial<AdaptorInput['channel']> = {}, body: string | Buffer = '{"bot_id":"","user_id":"u"}'): AdaptorInput => ({
  channel: { type: 49, key: 'pat_secret', baseUrl: '', organization: '', other: '7440573425637244978', ...overrides },
  path: '/v1/chat/completions',
  body,
  contentType: 'application/json',
  model: 'coze-bot',
  stream: true,
});

describe('Coze request encoding', () => {
  it('sends user and assistant turns as additional messages, always streaming, without saving history', () => {
    const canonical = request({
      user: 'caller-7',
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', parts: [{ type: 'reasoning', text: 'greet back' }, { type: 'text', text: 'Hello!' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Tell me a joke' }] },
      ],
    });
    expect(encodeCozeRequest(canonical)).toEqual({
      bot_id: '',
      user_id: 'caller-7',
      additional_messages: [
        { role: 'user', type: 'question', content: 'Hi', content_type: 'text' },
        { role: 'assistant', type: 'answer', content: 'Hello!', content_type: 'text' },
        { role: 'user', type: 'question', content: 'Tell me a joke', content_type: 'text' },
      ],
      stream: true,
      auto_save_history: false,
    });
    expect(canonical.warnings).toBeUndefined();
  });

  it('sends a user image URL as an object_string message', () => {
    const body = encodeCozeRequest(
      request({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'What is this?' }, { type: 'image', url: 'https://cdn.example.com/cat.jpg' }] }] }),
    );
    expect(body.additional_messages).toEqual([
      {
        role: 'user',
        type: 'question',
        content: '[{"type":"text","text":"What is this?"},{"type":"image","file_url":"https://cdn.example.com/cat.jpg"}]',
        content_type: 'object_string',
      },
    ]);
    expect(body.user_id).toBe('turnpike');
  });

  it('drops system and tool messages, inline images and model settings with warnings', () => {
    const canonical = request({
      temperature: 0.5,
      topP: 0.9,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'You are terse.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Hi' }, { type: 'image', url: 'data:image/png;base64,AAAA' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'c', name: 'lookup', arguments: '{}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c', content: '{}' }] },
      ],
    });
    expect(encodeCozeRequest(canonical).additional_messages).toEqual([{ role: 'user', type: 'question', content: 'Hi', content_type: 'text' }]);
    expect(canonical.warnings).toEqual([
      'Coze takes images only as http(s) URLs in user messages; an inline image was dropped',
      'Coze bots run their own tools; the assistant\'s call of "lookup" was dropped',
      'Coze takes only user and assistant turns (the bot has its own persona); 2 system or tool message(s) were dropped',
      'Coze bots use their own model settings; ignored: temperature, top_p',
    ]);
  });

  it('reads a bot id from a bot-<id> model name, which the channel bot id overrides', () => {
    expect(cozeBotIdFromModel('bot-7440573425637244978')).toBe('7440573425637244978');
    expect(cozeBotIdFromModel('coze-bot')).toBe('');
    expect(encodeCozeRequest(request({ model: 'bot-123' })).bot_id).toBe('123');
    expect(withCozeBotId('{"bot_id":"123","stream":true}', '999')).toBe('{"bot_id":"999","stream":true}');
    expect(withCozeBotId('{"bot_id":"123"}', '')).toBe('{"bot_id":"123"}');
    expect(withCozeBotId('not json', '999')).toBe('not json');
  });
});

describe('Coze streams', () => {
  it('decodes answer deltas, ignores the completed repeat, verbose and follow-up messages, and reads usage, split at every byte', () => {
    const parts = stableAtEverySplit('coze-stream-chat.sse');
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' there' },
      { type: 'text-delta', text: '! 你好' },
      { type: 'text-delta', text: '，有什么可以帮你？' },
      { type: 'usage', usage: usage(614, 19) },
      { type: 'finish', reason: 'stop' },
    ]);
    const decoder = cozeDialect.createStreamDecoder();
    decoder.push(fixture('coze-stream-chat.sse'));
    expect(decoder.metadata).toEqual({ id: '7440581983563399202', model: '', created: 1732264200 });
    expect(collectStreamParts(parts, decoder.metadata!)).toMatchObject({ parts: [{ type: 'text', text: 'Hello there! 你好，有什么可以帮你？' }], finishReason: 'stop', usage: usage(614, 19) });
  });

  it('decodes reasoning_content deltas from a CRLF stream', () => {
    expect(stableAtEverySplit('coze-stream-reasoning.sse')).toEqual([
      { type: 'reasoning-delta', text: 'The user' },
      { type: 'reasoning-delta', text: 'wants 2+2.' },
      { type: 'text-delta', text: '2 + 2' },
      { type: 'text-delta', text: ' = 4' },
      { type: 'usage', usage: usage(90, 30) },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('reports a failed chat with its last_error', () => {
    expect(stableAtEverySplit('coze-stream-failed.sse')).toEqual([
      { type: 'error', error: { message: 'Your free trial quota has been used up.', type: 'upstream_error', code: '4028' } },
    ]);
  });

  it('reports error events and an error answered as a plain JSON body', () => {
    expect(stableAtEverySplit('coze-stream-error-event.sse')).toEqual([
      { type: 'error', error: { message: 'Request parameter error: the bot_id is invalid.', type: 'upstream_error', code: '4000' } },
    ]);
    expect(stableAtEverySplit('coze-error-unauthorized.json')).toEqual([
      { type: 'error', error: { message: 'authentication is invalid', type: 'upstream_error', code: '4100' } },
    ]);
  });

  it('relays an answer that arrives only as a completed message, and reports requires_action', () => {
    const parts = decodeAll([
      Buffer.from(
        'event:conversation.message.completed\ndata:{"id":"m9","role":"assistant","type":"answer","content":"From a message node","content_type":"text","chat_id":"c9"}\n\n' +
          'event:conversation.chat.requires_action\ndata:{"id":"c9","status":"requires_action"}\n\n',
      ),
    ]);
    expect(parts).toEqual([
      { type: 'text-delta', text: 'From a message node' },
      { type: 'error', error: { message: 'The Coze bot asked for tool outputs (requires_action), which the gateway cannot submit', type: 'upstream_error' } },
    ]);
  });
});

describe('Coze whole answers and errors', () => {
  it('decodes the answer of a message list and reads errors', () => {
    const list = fixtureJson('coze-message-list.json');
    expect(cozeDialect.decodeResponse(list)).toEqual({
      id: '7440581983563399202',
      model: '',
      created: 1732264201,
      parts: [{ type: 'text', text: 'Hello there!' }],
      finishReason: 'stop',
    });
    expect(cozeDialect.decodeError(list)).toBeUndefined();
    expect(cozeDialect.readUsage(list)).toBeUndefined();
    expect(cozeDialect.readUsage({ code: 0, data: { id: 'c', status: 'completed', usage: { token_count: 10, output_count: 4, input_count: 6 } } })).toEqual(usage(6, 4));
    expect(cozeDialect.decodeError(fixtureJson('coze-error-unauthorized.json'))).toEqual({ message: 'authentication is invalid', type: 'upstream_error', code: '4100' });
  });
});

describe('Coze adaptor', () => {
  it('posts to {base}/v3/chat with the token, setting the channel bot id in the body', () => {
    const call = cozeAdaptor.buildRequest(input());
    expect(call).toEqual({
      url: 'https://api.coze.cn/v3/chat',
      method: 'POST',
      headers: { authorization: 'Bearer pat_secret', 'content-type': 'application/json', accept: 'text/event-stream' },
      body: '{"bot_id":"7440573425637244978","user_id":"u"}',
    });
    expect(cozeAdaptor.buildRequest(input({ baseUrl: 'https://api.coze.com/' }, Buffer.from('{"bot_id":""}'))).url).toBe('https://api.coze.com/v3/chat');
    expect(cozeAdaptor.buildRequest(input({ baseUrl: 'https://api.coze.com/' }, Buffer.from('{"bot_id":""}'))).body).toBe('{"bot_id":"7440573425637244978"}');
  });

  it('always streams through its own dialect', () => {
    expect(cozeAdaptor.chatWire?.('coze-bot', 'anthropic-messages')).toBe('coze-v3-chat');
    expect(cozeAdaptor.dialect).toBe(cozeDialect);
    expect(cozeAdaptor.streaming).toEqual({ kind: 'only' });
    const body: Record<string, unknown> = { stream: false };
    cozeAdaptor.patchChatBody?.(body, 'coze-bot', false);
    expect(body.stream).toBe(true);
  });

  it('switches the channel off for a refused token, answered with 200 or 401; else the shared rule', () => {
    expect(cozeAdaptor.classifyFailure?.(200, fixtureJson('coze-error-unauthorized.json'))).toBe('disable');
    expect(cozeAdaptor.classifyFailure?.(401, { code: 4101, msg: 'no permission' })).toBe('disable');
    expect(cozeAdaptor.classifyFailure?.(429, { code: 4013, msg: 'too many requests' })).toBe('retry');
    expect(cozeAdaptor.classifyFailure?.(400, { code: 4000, msg: 'bad parameter' })).toBe('client');
  });
});
