import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '@turnpike/formats';
import { decodeChunks, fixturesBeside } from '@turnpike/testing';
import { expectStableAtEverySplit } from '@turnpike/testing/vitest';
import type { AdaptorInput } from '../provider-adaptor';
import { aiProxyLibraryAdaptor, withLibraryId } from './ai-proxy-library-adaptor';
import { aiProxyLibraryDialect } from './ai-proxy-library-dialect';
import { encodeAiProxyLibraryRequest } from './ai-proxy-library-request-codec';

const { fixture, fixtureJson } = fixturesBeside(import.meta.url);
const decodeAll = (chunks: Uint8Array[]) => decodeChunks(aiProxyLibraryDialect.createStreamDecoder(), chunks).parts;

/** Decodes the fixture whole, then split in two at every byte, and expects the same parts each time. */
const stableAtEverySplit = (name: string) => expectStableAtEverySplit(() => aiProxyLibraryDialect.createStreamDecoder(), fixture(name));

const references = '\n\n参考文档：\n1. [Refund policy](https://help.example.com/refunds)\n2. [Shipping FAQ](https://help.example.com/shipping)\n';

const request = (overrides: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'gpt-3.5-turbo',
  stream: true,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'How long do refunds take?' }] }],
  ...overrides,
});

const input = (overrides: Partial<AdaptorInput['channel']> = {}, stream = false): AdaptorInput => ({
  channel: { type: 21, key: 'ap-secret', baseUrl: '', organization: '', other: 'lib-42', ...overrides },
  path: '/v1/chat/completions',
  body: '{"model":"gpt-3.5-turbo","query":"q","libraryId":"","stream":false}',
  contentType: 'application/json',
  model: 'gpt-3.5-turbo',
  stream,
});

describe('AI Proxy knowledge base requests', () => {
  it('asks the last message as the query', () => {
    const canonical = request();
    expect(encodeAiProxyLibraryRequest(canonical)).toEqual({ model: 'gpt-3.5-turbo', query: 'How long do refunds take?', libraryId: '', stream: true });
    expect(canonical.warnings).toBeUndefined();
  });

  it('warns about dropped history, attachments and settings', () => {
    const canonical = request({
      stream: false,
      temperature: 0.1,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be kind.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'And shipping?' }, { type: 'image', url: 'https://x/y.png' }] },
      ],
    });
    expect(encodeAiProxyLibraryRequest(canonical)).toEqual({ model: 'gpt-3.5-turbo', query: 'And shipping?', libraryId: '', stream: false });
    expect(canonical.warnings).toEqual([
      'The AI Proxy knowledge base answers one question per call; 1 earlier message(s) were dropped',
      'The AI Proxy knowledge base takes text only; attachments of the question were dropped',
      'The AI Proxy knowledge base does not take model settings; ignored: temperature',
    ]);
  });
});

describe('AI Proxy knowledge base answers', () => {
  it('appends the source documents to a whole answer and reports no usage', () => {
    const body = fixtureJson('aiproxy-library-answer.json');
    const response = aiProxyLibraryDialect.decodeResponse(body);
    expect(response.parts).toEqual([{ type: 'text', text: `Refunds are issued within 14 days of the return.${references}` }]);
    expect(response.finishReason).toBe('stop');
    expect(response.id).toMatch(/^chatcmpl-[0-9a-f-]{36}$/);
    expect(response.usage).toBeUndefined();
    expect(aiProxyLibraryDialect.readUsage(body)).toBeUndefined();
    expect(aiProxyLibraryDialect.decodeError(body)).toBeUndefined();
  });

  it('reads an errCode answer as an error', () => {
    expect(aiProxyLibraryDialect.decodeError(fixtureJson('aiproxy-library-error.json'))).toEqual({
      message: 'library not found or no permission',
      type: 'upstream_error',
      code: '40004',
    });
    expect(aiProxyLibraryDialect.decodeError({ success: false })).toEqual({ message: 'AI Proxy knowledge base request failed', type: 'upstream_error' });
  });
});

describe('AI Proxy knowledge base streams', () => {
  it('streams content and ends with the reference list and the finish, split at every byte', () => {
    expect(stableAtEverySplit('aiproxy-library-stream.sse')).toEqual([
      { type: 'text-delta', text: 'Refunds are ' },
      { type: 'text-delta', text: 'issued within ' },
      { type: 'text-delta', text: '14 days — 退款' },
      { type: 'text-delta', text: references },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('finishes a CRLF stream that closes without a finish chunk, with the last documents', () => {
    expect(stableAtEverySplit('aiproxy-library-stream-unfinished.sse')).toEqual([
      { type: 'text-delta', text: 'Ships in ' },
      { type: 'text-delta', text: '2 days.' },
      { type: 'text-delta', text: '\n\n参考文档：\n1. [Shipping FAQ](https://help.example.com/shipping)\n' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('reports an error chunk, and an error answered as a plain JSON body', () => {
    expect(decodeAll([Buffer.from('data: {"errCode": 500, "message": "model overloaded"}\n\n')])).toEqual([
      { type: 'error', error: { message: 'model overloaded', type: 'upstream_error', code: '500' } },
    ]);
    expect(stableAtEverySplit('aiproxy-library-error.json')).toEqual([
      { type: 'error', error: { message: 'library not found or no permission', type: 'upstream_error', code: '40004' } },
    ]);
    expect(aiProxyLibraryDialect.createStreamDecoder().metadata).toBeUndefined();
  });
});

describe('AI Proxy knowledge base adaptor', () => {
  it('posts to {base}/api/library/ask with the key and the channel library id in the body', () => {
    expect(aiProxyLibraryAdaptor.buildRequest(input())).toEqual({
      url: 'https://api.aiproxy.io/api/library/ask',
      method: 'POST',
      headers: { authorization: 'Bearer ap-secret', 'content-type': 'application/json', accept: 'application/json' },
      body: '{"model":"gpt-3.5-turbo","query":"q","libraryId":"lib-42","stream":false}',
    });
    const streamed = aiProxyLibraryAdaptor.buildRequest(input({ baseUrl: 'https://proxy.example.com/', other: ' lib-7 ' }, true));
    expect(streamed.url).toBe('https://proxy.example.com/api/library/ask');
    expect(streamed.headers.accept).toBe('text/event-stream');
    expect(JSON.parse(String(streamed.body)).libraryId).toBe('lib-7');
    expect(withLibraryId(Buffer.from('[1]'), 'x').toString()).toBe('[1]');
  });

  it('names its dialect, streams natively and sets the stream flag', () => {
    expect(aiProxyLibraryAdaptor.chatWire?.('gpt-4o', 'openai-chat')).toBe('aiproxy-library-ask');
    expect(aiProxyLibraryAdaptor.dialect).toBe(aiProxyLibraryDialect);
    expect(aiProxyLibraryAdaptor.streaming).toEqual({ kind: 'native' });
    const body: Record<string, unknown> = { stream: false };
    aiProxyLibraryAdaptor.patchChatBody?.(body, 'gpt-4o', true);
    expect(body.stream).toBe(true);
  });
});
