import { describe, expect, it } from 'vitest';
import { chatWireFor, classifyFailureFor, findBalanceReader, findModelListReader, findProviderAdaptor } from './adaptor-registry';
import { providerDescriptors } from './provider-registry';
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

  it('Anthropic: /v1/messages with x-api-key and a default anthropic-version the caller may override', () => {
    const call = findProviderAdaptor(14)!.buildRequest({ ...input(14), headers: { 'anthropic-beta': 'b1' } });
    expect(call.url).toBe('https://api.anthropic.com/v1/messages');
    expect(call.headers).toMatchObject({ 'x-api-key': 'sk-upstream', 'anthropic-version': '2023-06-01', 'anthropic-beta': 'b1' });
    expect(call.headers.authorization).toBeUndefined();
    const pinned = findProviderAdaptor(14)!.buildRequest({ ...input(14), headers: { 'anthropic-version': '2024-01-01' } });
    expect(pinned.headers['anthropic-version']).toBe('2024-01-01');
  });

  it('Gemini: model and action in the URL, version from the call, the channel or v1beta', () => {
    const stream = findProviderAdaptor(24)!.buildRequest({ ...input(24), model: 'gemini-2.5-flash', stream: true });
    expect(stream.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(stream.headers['x-goog-api-key']).toBe('sk-upstream');
    const versioned = findProviderAdaptor(24)!.buildRequest({ ...input(24, { other: 'v1' }), model: 'gemini-pro' });
    expect(versioned.url).toBe('https://generativelanguage.googleapis.com/v1/models/gemini-pro:generateContent');
    expect(findProviderAdaptor(24)!.buildRequest({ ...input(24), apiVersion: 'v1alpha' }).url).toContain('/v1alpha/models/');
  });

  it('Cloudflare: OpenAI-compatible under the account id from other; models from the account catalogue', () => {
    const call = findProviderAdaptor(39)!.buildRequest(input(39, { other: 'acc123' }));
    expect(call.url).toBe('https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1/chat/completions');
    expect(call.headers.authorization).toBe('Bearer sk-upstream');
    const reader = findModelListReader(39)!;
    expect(reader.request(input(39, { other: 'acc123' }).channel).url).toBe('https://api.cloudflare.com/client/v4/accounts/acc123/ai/models/search?per_page=1000');
    expect(reader.read({ result: [{ name: '@cf/b' }, { name: '@cf/a' }, { id: 'x' }] })).toEqual(['@cf/a', '@cf/b']);
  });

  it('chooses the chat wire from the descriptor format, Responses only where the upstream serves it', () => {
    expect(chatWireFor(1, 'gpt-4o', 'openai-responses')).toBe('openai-responses');
    expect(chatWireFor(8, 'gpt-4o', 'openai-responses')).toBe('openai-chat');
    expect(chatWireFor(14, 'claude', 'openai-chat')).toBe('anthropic-messages');
    expect(chatWireFor(24, 'gemini', 'anthropic-messages')).toBe('gemini');
    expect(chatWireFor(2, 'mj', 'openai-chat')).toBeUndefined();
  });

  it('classifies failures with the shared rule unless the provider has its own', () => {
    expect(classifyFailureFor(1, 401, null)).toBe('disable');
    expect(classifyFailureFor(1, 429, null)).toBe('retry');
    expect(classifyFailureFor(1, 503, null)).toBe('retry');
    expect(classifyFailureFor(1, 0, null)).toBe('retry');
    expect(classifyFailureFor(1, 400, null)).toBe('client');
  });

  it('reads a refused key from the reason Google gives (invalid 400, suspended 403), not from the status alone', () => {
    const google = (status: number, reason: string) => ({ error: { code: status, message: 'x', status: 'X', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason }] } });
    expect(classifyFailureFor(24, 400, google(400, 'API_KEY_INVALID'))).toBe('disable');
    expect(classifyFailureFor(24, 403, google(403, 'CONSUMER_SUSPENDED'))).toBe('disable');
    expect(classifyFailureFor(24, 403, google(403, 'API_KEY_SERVICE_BLOCKED'))).toBe('disable');
    expect(classifyFailureFor(24, 403, google(403, 'ACCESS_TOKEN_SCOPE_INSUFFICIENT'))).toBe('retry');
    expect(classifyFailureFor(24, 400, google(400, 'FIELD_INVALID'))).toBe('client');
  });

  it('has no adaptor for types whose format is not relayed yet', () => {
    expect(findProviderAdaptor(2)).toBeUndefined();
    expect(findProviderAdaptor(999)).toBeUndefined();
  });
});

describe('model list and balance readers', () => {
  it('lists models from GET /v1/models, sorted and de-duplicated', () => {
    const reader = findModelListReader(1)!;
    expect(reader.request({ type: 1, key: 'k', baseUrl: '', organization: '', other: '' }).url).toBe('https://api.openai.com/v1/models');
    expect(reader.read({ data: [{ id: 'b' }, { id: 'a' }, { id: 'b' }, { nope: 1 }] })).toEqual(['a', 'b']);
    expect(findModelListReader(24)!.read({ models: [{ name: 'models/gemini-2.5-pro' }, { name: 'models/gemini-2.0-flash' }] })).toEqual(['gemini-2.0-flash', 'gemini-2.5-pro']);
    expect(findModelListReader(14)!.request({ type: 14, key: 'k', baseUrl: '', organization: '', other: '' }).headers['x-api-key']).toBe('k');
    expect(findModelListReader(45)!.request({ type: 45, key: 'k', baseUrl: '', organization: '', other: '' }).url).toBe('https://ark.cn-beijing.volces.com/api/v3/models');
  });

  it('has a balance reader exactly for the types whose descriptor supports balances', () => {
    for (const descriptor of providerDescriptors) {
      expect(findBalanceReader(descriptor.type) !== undefined, `type ${descriptor.type}`).toBe(descriptor.balanceSupported);
    }
  });

  it('reads each provider balance shape', () => {
    expect(findBalanceReader(1)!.read([{ hard_limit_usd: 120 }, { total_usage: 2050 }])).toBe(99.5);
    expect(findBalanceReader(20)!.read([{ data: { total_credits: 10, total_usage: 2.5 } }])).toBe(7.5);
    expect(findBalanceReader(25)!.read([{ data: { available_balance: 49.58 } }])).toBe(49.58);
    expect(findBalanceReader(40)!.read([{ data: { totalBalance: '12.34' } }])).toBe(12.34);
    expect(findBalanceReader(43)!.read([{ balance_infos: [{ currency: 'CNY', total_balance: '30' }, { currency: 'USD', total_balance: '4.2' }] }])).toBe(4.2);
    expect(findBalanceReader(43)!.read([{}])).toBeUndefined();
    const [subscription, usage] = findBalanceReader(1)!.requests({ type: 1, key: 'k', baseUrl: '', organization: '', other: '' }, new Date('2026-03-01T00:00:00Z'));
    expect(subscription.url).toBe('https://api.openai.com/v1/dashboard/billing/subscription');
    expect(usage.url).toBe('https://api.openai.com/v1/dashboard/billing/usage?start_date=2025-11-21&end_date=2026-03-02');
  });
});
