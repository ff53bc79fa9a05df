import { describe, expect, it } from 'vitest';
import { findProviderAdaptor } from './adaptor-registry';
import type { AdaptorInput } from './provider-adaptor';

const input = (type: number, overrides: Partial<AdaptorInput['channel']> = {}, path = '/v1/chat/completions'): AdaptorInput => ({
  channel: { type, key: 'sk-upstream', baseUrl: '', organization: '', other: '', ...overrides },
  path,
  body: '{}',
  contentType: 'application/json',
  model: 'gpt-3.5-turbo',
  stream: false,
});

describe('provider adaptors', () => {
  it('OpenAI: default base URL, bearer key, organization header', () => {
    const call = findProviderAdaptor(1)!.buildRequest(input(1, { organization: 'org-1' }));
    expect(call.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(call.headers).toMatchObject({ authorization: 'Bearer sk-upstream', 'openai-organization': 'org-1', 'content-type': 'application/json' });
  });

  it('custom base URL wins and loses its trailing slash', () => {
    expect(findProviderAdaptor(8)!.buildRequest(input(8, { baseUrl: 'http://127.0.0.1:9/' })).url).toBe('http://127.0.0.1:9/v1/chat/completions');
  });

  it('Azure: deployment URL, api-key header, api-version from other or the default', () => {
    const call = findProviderAdaptor(3)!.buildRequest(input(3, { baseUrl: 'https://res.openai.azure.com', other: '2025-01-01-preview' }));
    expect(call.url).toBe('https://res.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=2025-01-01-preview');
    expect(call.headers['api-key']).toBe('sk-upstream');
    expect(call.headers.authorization).toBeUndefined();
    expect(findProviderAdaptor(3)!.buildRequest(input(3, { baseUrl: 'https://r' })).url).toContain('api-version=2024-10-21');
  });

  it('rewrites the path for providers mounted elsewhere', () => {
    expect(findProviderAdaptor(45)!.buildRequest(input(45)).url).toBe('https://ark.cn-beijing.volces.com/api/v3/chat/completions');
    expect(findProviderAdaptor(17)!.buildRequest(input(17, {}, '/v1/embeddings')).url).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1/embeddings');
  });

  it('has no adaptor for types whose format is not relayed yet', () => {
    expect(findProviderAdaptor(14)).toBeUndefined();
    expect(findProviderAdaptor(2)).toBeUndefined();
    expect(findProviderAdaptor(999)).toBeUndefined();
  });
});
