import { describe, expect, it } from 'vitest';
import type { AdaptorInput } from '../provider-adaptor';
import { zhipuAdaptor, zhipuModelApiUrl, zhipuTokens } from './zhipu-adaptor';
import { parseZhipuKey, signZhipuJwt } from './zhipu-jwt';

const now = new Date('2024-01-15T12:00:00Z');

function input(overrides: Partial<AdaptorInput> = {}): AdaptorInput {
  return {
    channel: { type: 16, key: 'f00dcafe.topsecret', baseUrl: '', organization: '', other: '' },
    path: '/v1/chat/completions',
    body: '{"prompt":[{"role":"user","content":"Hi"}]}',
    contentType: 'application/json',
    model: 'chatglm_turbo',
    stream: false,
    now,
    ...overrides,
  };
}

describe('zhipuAdaptor.buildRequest', () => {
  it('posts whole answers to /invoke with the signed token', () => {
    const call = zhipuAdaptor.buildRequest(input());
    expect(call).toEqual({
      url: 'https://open.bigmodel.cn/api/paas/v3/model-api/chatglm_turbo/invoke',
      method: 'POST',
      headers: { authorization: signZhipuJwt(parseZhipuKey('f00dcafe.topsecret'), now.getTime(), 3_600_000), 'content-type': 'application/json', accept: 'application/json' },
      body: '{"prompt":[{"role":"user","content":"Hi"}]}',
    });
  });

  it('posts streams to /sse-invoke on the channel base URL and reuses the cached token', () => {
    const first = zhipuAdaptor.buildRequest(input({ stream: true, channel: { type: 16, key: 'beef.secret2', baseUrl: 'https://proxy.example.com/', organization: '', other: '' } }));
    expect(first.url).toBe('https://proxy.example.com/api/paas/v3/model-api/chatglm_turbo/sse-invoke');
    expect(first.headers.accept).toBe('text/event-stream');
    const later = zhipuAdaptor.buildRequest(input({ stream: true, now: new Date(now.getTime() + 60_000), channel: { type: 16, key: 'beef.secret2', baseUrl: '', organization: '', other: '' } }));
    expect(later.headers.authorization).toBe(first.headers.authorization);
    expect(zhipuTokens.size).toBeGreaterThanOrEqual(2);
  });

  it('escapes the model in the path and refuses malformed keys without echoing them', () => {
    expect(zhipuModelApiUrl('', 'a/b', true)).toBe('https://open.bigmodel.cn/api/paas/v3/model-api/a%2Fb/sse-invoke');
    expect(() => zhipuAdaptor.buildRequest(input({ channel: { type: 16, key: 'no-dot-key', baseUrl: '', organization: '', other: '' } }))).toThrow(/^a Zhipu API key must be id\.secret$/);
  });

  it('speaks its dialect and streams natively', () => {
    expect(zhipuAdaptor.chatWire?.('chatglm_pro', 'openai-chat')).toBe('zhipu-v3');
    expect(zhipuAdaptor.dialect?.id).toBe('zhipu-v3');
    expect(zhipuAdaptor.streaming).toEqual({ kind: 'native' });
  });
});

describe('zhipuAdaptor.classifyFailure', () => {
  const classify = (status: number, body: unknown) => zhipuAdaptor.classifyFailure?.(status, body);

  it('classifies v3 error codes answered with HTTP 200', () => {
    expect(classify(200, { code: 1002, msg: 'Authorization Token非法', success: false })).toBe('disable');
    expect(classify(200, { code: 1113, msg: '您的账户已欠费', success: false })).toBe('disable');
    expect(classify(200, { code: 1302, msg: '并发数过高', success: false })).toBe('retry');
    expect(classify(200, { code: 1305, msg: '该 API 已触发流量限制', success: false })).toBe('retry');
    expect(classify(200, { code: 1261, msg: 'Prompt 超长', success: false })).toBe('client');
    expect(classify(200, { code: 1301, msg: '敏感内容', success: false })).toBe('client');
    expect(classify(200, { code: 500, msg: '内部错误', success: false })).toBe('retry');
  });

  it('uses the HTTP status for other answers', () => {
    expect(classify(401, { code: 401, msg: 'Unauthorized' })).toBe('disable');
    expect(classify(404, 'not found')).toBe('client');
    expect(classify(503, '')).toBe('retry');
  });
});
