import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { AdaptorChannel, AdaptorInput } from '../provider-adaptor';
import { baiduAdaptor } from './baidu-adaptor';
import { parseBaiduKey } from './baidu-credentials';
import { baiduChatEndpoint } from './baidu-endpoints';

const { fixtureJson } = fixturesBeside(import.meta.url);

const channel = (patch: Partial<AdaptorChannel> = {}): AdaptorChannel => ({ type: 15, key: 'qhKzT5vIaR3x|Ds7lF0uGk2pWm9Yc', baseUrl: '', organization: '', other: '', ...patch });
const body = JSON.stringify({ messages: [{ role: 'user', content: '你好' }] });
const input = (model: string, patch: Partial<AdaptorInput> = {}): AdaptorInput => ({
  channel: channel(),
  path: '/v1/chat/completions',
  body,
  contentType: 'application/json',
  model,
  stream: false,
  accessToken: '24.6c5e1f9b.2592000.1738281600.282335-57000000',
  ...patch,
});

describe('baiduChatEndpoint', () => {
  it('maps the preset models whose endpoint is not their lower-cased name', () => {
    expect(baiduChatEndpoint('ERNIE-4.0-8K')).toBe('completions_pro');
    expect(baiduChatEndpoint('ERNIE-3.5-8K')).toBe('completions');
    expect(baiduChatEndpoint('ERNIE-Speed-8K')).toBe('ernie_speed');
    expect(baiduChatEndpoint('ERNIE-Lite-8K-0922')).toBe('eb-instant');
    expect(baiduChatEndpoint('ERNIE-Character-8K')).toBe('ernie-char-8k');
    expect(baiduChatEndpoint('ERNIE-Bot-8K')).toBe('ernie_bot_8k');
    expect(baiduChatEndpoint('BLOOMZ-7B')).toBe('bloomz_7b1');
    expect(baiduChatEndpoint('ernie-4.0-8k')).toBe('completions_pro');
  });

  it('lower-cases every other model, as new-api does', () => {
    expect(baiduChatEndpoint('ERNIE-4.0-Turbo-8K')).toBe('ernie-4.0-turbo-8k');
    expect(baiduChatEndpoint('ERNIE-Speed-128K')).toBe('ernie-speed-128k');
    expect(baiduChatEndpoint('ERNIE-3.5-128K')).toBe('ernie-3.5-128k');
    expect(baiduChatEndpoint('ERNIE-Lite-8K')).toBe('ernie-lite-8k');
    expect(baiduChatEndpoint('my_custom_deploy')).toBe('my_custom_deploy');
  });
});

describe('baiduAdaptor.buildRequest', () => {
  it('posts to the model endpoint with the access token in the query', () => {
    expect(baiduAdaptor.buildRequest(input('ERNIE-4.0-8K'))).toEqual({
      url: 'https://aip.baidubce.com/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro?access_token=24.6c5e1f9b.2592000.1738281600.282335-57000000',
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    });
  });

  it('uses the channel base URL and asks for SSE when streaming', () => {
    const call = baiduAdaptor.buildRequest(input('ERNIE-Speed-128K', { channel: channel({ baseUrl: 'https://proxy.example.com/baidu/' }), stream: true }));
    expect(call.url).toBe('https://proxy.example.com/baidu/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/ernie-speed-128k?access_token=24.6c5e1f9b.2592000.1738281600.282335-57000000');
    expect(call.headers.accept).toBe('text/event-stream');
  });

  it('refuses to build a call without a token', () => {
    expect(() => baiduAdaptor.buildRequest(input('ERNIE-4.0-8K', { accessToken: undefined }))).toThrow('credentials exchange');
  });

  it('names its dialect', () => {
    expect(baiduAdaptor.dialect?.id).toBe('baidu-ernie');
  });
});

describe('baiduAdaptor.credentials', () => {
  const exchange = baiduAdaptor.credentials!;
  const now = new Date('2025-01-01T00:00:00Z');

  it('posts the client-credentials grant to the OAuth endpoint', () => {
    expect(exchange.request(channel(), now)).toEqual({
      url: 'https://aip.baidubce.com/oauth/2.0/token?grant_type=client_credentials&client_id=qhKzT5vIaR3x&client_secret=Ds7lF0uGk2pWm9Yc',
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: null,
    });
  });

  it('reads the token and its 30-day lifetime', () => {
    expect(exchange.read(fixtureJson('baidu-oauth-token.json'), now)).toEqual({
      token: '24.6c5e1f9b2a8d7c3e4f5a6b7c8d9e0f1a.2592000.1738281600.282335-57000000',
      expiresAt: now.getTime() + 2592000 * 1000,
    });
    expect(exchange.read({ access_token: 't' }, now)).toEqual({ token: 't', expiresAt: now.getTime() + 24 * 3600 * 1000 });
  });

  it('reads no token from an OAuth error', () => {
    expect(exchange.read(fixtureJson('baidu-oauth-error.json'), now)).toBeUndefined();
    expect(exchange.read(null, now)).toBeUndefined();
  });

  it('refuses malformed keys without echoing them', () => {
    expect(parseBaiduKey(' ak | sk ')).toEqual({ apiKey: 'ak', secretKey: 'sk' });
    let message = '';
    try {
      exchange.request(channel({ key: 'secret-value-without-separator' }), now);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('APIKey|SecretKey');
    expect(message).not.toContain('secret-value');
  });
});

describe('baiduAdaptor.classifyFailure', () => {
  const classify = (status: number, value: unknown) => baiduAdaptor.classifyFailure!(status, value);

  it('tries another channel on rate limits, overload and a refused cached token', () => {
    expect(classify(200, fixtureJson('ernie-error-qps.json'))).toBe('retry');
    expect(classify(200, fixtureJson('ernie-error-token-expired.json'))).toBe('retry');
    expect(classify(200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' })).toBe('retry');
    expect(classify(200, { error_code: 336501, error_msg: 'Rpm limit reached' })).toBe('retry');
    expect(classify(200, { error_code: 336100, error_msg: 'try again later' })).toBe('retry');
  });

  it('switches the channel off when the account cannot serve the call', () => {
    expect(classify(200, { error_code: 6, error_msg: 'No permission to access data' })).toBe('disable');
    expect(classify(200, { error_code: 15, error_msg: 'App not exists or create failed' })).toBe('disable');
    expect(classify(200, JSON.stringify({ error_code: 19, error_msg: 'Open api total request limit reached' }))).toBe('disable');
  });

  it("blames the caller for parameter errors and falls back to the HTTP rule", () => {
    expect(classify(200, { error_code: 336003, error_msg: 'the length of messages must be an odd number' })).toBe('client');
    expect(classify(200, { error_code: 100, error_msg: 'Invalid parameter' })).toBe('client');
    expect(classify(503, 'Service Unavailable')).toBe('retry');
    expect(classify(400, {})).toBe('client');
  });
});
