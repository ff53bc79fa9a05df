import { describe, expect, it } from 'vitest';
import type { AdaptorChannel, AdaptorInput } from '../provider-adaptor';
import { classifyCohereFailure, cohereAdaptor, cohereModelListReader } from './cohere-adaptor';

const channel: AdaptorChannel = { type: 34, key: 'co-test-key', baseUrl: '', organization: '', other: '' };

function input(overrides: Partial<AdaptorInput>): AdaptorInput {
  return { channel, path: '/v1/chat/completions', body: '{"model":"command-a-03-2025","messages":[],"stream":false}', contentType: 'application/json', model: 'command-a-03-2025', stream: false, ...overrides };
}

describe('cohereAdaptor', () => {
  it('posts chat calls to the default base URL /v2/chat with a Bearer key', () => {
    const call = cohereAdaptor.buildRequest(input({}));
    expect(call).toEqual({
      url: 'https://api.cohere.com/v2/chat',
      method: 'POST',
      headers: { authorization: 'Bearer co-test-key', accept: 'application/json', 'content-type': 'application/json' },
      body: '{"model":"command-a-03-2025","messages":[],"stream":false}',
    });
  });

  it('asks for SSE when streaming, whatever the inbound path, and keeps extra headers but not their own auth', () => {
    const call = cohereAdaptor.buildRequest(
      input({ path: '/v1/messages', stream: true, headers: { 'X-Client-Name': 'turnpike', Authorization: 'Bearer caller', 'anthropic-version': '2023-06-01' } }),
    );
    expect(call.url).toBe('https://api.cohere.com/v2/chat');
    expect(call.headers).toEqual({
      'X-Client-Name': 'turnpike',
      'anthropic-version': '2023-06-01',
      authorization: 'Bearer co-test-key',
      accept: 'text/event-stream',
      'content-type': 'application/json',
    });
  });

  it('uses the channel base URL, dropping a trailing slash or a pasted version segment', () => {
    expect(cohereAdaptor.buildRequest(input({ channel: { ...channel, baseUrl: 'https://cohere.internal.example/' } })).url).toBe('https://cohere.internal.example/v2/chat');
    expect(cohereAdaptor.buildRequest(input({ channel: { ...channel, baseUrl: 'https://api.cohere.ai/v2' } })).url).toBe('https://api.cohere.ai/v2/chat');
  });

  it('speaks the cohere-v2 dialect natively and passes /v1/rerank through', () => {
    expect(cohereAdaptor.chatWire?.('command-a-03-2025', 'openai-chat')).toBe('cohere-v2');
    expect(cohereAdaptor.chatWire?.('command-a-03-2025', 'anthropic-messages')).toBe('cohere-v2');
    expect(cohereAdaptor.dialect?.id).toBe('cohere-v2');
    expect(cohereAdaptor.streaming).toEqual({ kind: 'native' });
    expect([...(cohereAdaptor.passthroughPaths ?? [])]).toEqual(['/v1/rerank']);
  });

  it('maps a Jina/OpenAI-style rerank call onto POST /v2/rerank', () => {
    const body = JSON.stringify({
      model: 'rerank-alias',
      query: 'capital of the United States?',
      documents: ['Carson City is the capital of Nevada.', { text: 'Washington, D.C. is the capital of the United States.' }, { title: 'Saipan', year: 1978 }],
      top_n: 2,
      return_documents: true,
    });
    const call = cohereAdaptor.buildRequest(input({ path: '/v1/rerank', body: Buffer.from(body), model: 'rerank-v3.5', stream: false }));
    expect(call.url).toBe('https://api.cohere.com/v2/rerank');
    expect(call.headers).toEqual({ authorization: 'Bearer co-test-key', accept: 'application/json', 'content-type': 'application/json' });
    expect(JSON.parse(String(call.body))).toEqual({
      model: 'rerank-v3.5',
      query: 'capital of the United States?',
      documents: ['Carson City is the capital of Nevada.', 'Washington, D.C. is the capital of the United States.', '{"title":"Saipan","year":1978}'],
      top_n: 2,
    });
    expect(cohereAdaptor.buildRequest(input({ path: '/v1/rerank', body: 'not json' })).body).toBe('not json');
  });
});

describe('classifyCohereFailure', () => {
  it('disables on 401, retries on 429 and 5xx, and leaves 498/499 and other 4xx to the caller', () => {
    expect(classifyCohereFailure(401, { message: 'invalid api token' })).toBe('disable');
    expect(classifyCohereFailure(429, { message: 'too many requests' })).toBe('retry');
    expect(classifyCohereFailure(503, {})).toBe('retry');
    expect(classifyCohereFailure(0, undefined)).toBe('retry');
    expect(classifyCohereFailure(498, { message: 'blocked' })).toBe('client');
    expect(classifyCohereFailure(499, {})).toBe('client');
    expect(classifyCohereFailure(422, {})).toBe('client');
    expect(cohereAdaptor.classifyFailure?.(401, {})).toBe('disable');
  });
});

describe('cohereModelListReader', () => {
  it('lists models page_size=1000 with the Bearer key', () => {
    expect(cohereModelListReader.request(channel)).toEqual({
      url: 'https://api.cohere.com/v1/models?page_size=1000',
      method: 'GET',
      headers: { authorization: 'Bearer co-test-key', accept: 'application/json' },
      body: null,
    });
  });

  it('reads models[].name of chat and rerank models', () => {
    const answer = {
      models: [
        { name: 'command-a-03-2025', endpoints: ['generate', 'chat', 'summarize'], finetuned: false, context_length: 256000 },
        { name: 'embed-v4.0', endpoints: ['embed'], finetuned: false },
        { name: 'rerank-v3.5', endpoints: ['rerank'], finetuned: false },
        { name: 'command-r7b-12-2024', endpoints: ['chat'] },
        { name: 'command-r7b-12-2024', endpoints: ['chat'] },
        { endpoints: ['chat'] },
      ],
      next_page_token: null,
    };
    expect(cohereModelListReader.read(answer)).toEqual(['command-a-03-2025', 'command-r7b-12-2024', 'rerank-v3.5']);
    expect(cohereModelListReader.read({ message: 'invalid api token' })).toEqual([]);
  });
});
