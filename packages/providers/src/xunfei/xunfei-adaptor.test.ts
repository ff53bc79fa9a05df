import { describe, expect, it } from 'vitest';
import type { AdaptorInput } from '../provider-adaptor';
import { parseSparkKey, xunfeiAdaptor } from './xunfei-adaptor';
import { signSparkUrl } from './xunfei-url-signing';
import { resolveSparkVersion } from './xunfei-versions';

const now = new Date('2024-05-01T08:00:00Z');
const body = JSON.stringify({
  header: { uid: 'u1' },
  parameter: { chat: { temperature: 0.5 } },
  payload: { message: { text: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] }, functions: { text: [{ name: 'f', description: '', parameters: {} }] } },
});

function input(model: string, other = ''): AdaptorInput {
  return {
    channel: { type: 18, key: ' 1a2b3c4d | c2VjcmV0 | 0123456789abcdef ', baseUrl: '', organization: '', other },
    path: '/v1/chat/completions',
    body,
    contentType: 'application/json',
    model,
    stream: true,
    now,
  };
}

describe('resolveSparkVersion', () => {
  it('takes the version from the model name, then the channel, then v2.1', () => {
    expect(resolveSparkVersion('SparkDesk-v3.5', 'v1.1')).toEqual({ path: '/v3.5/chat', domain: 'generalv3.5', system: true, functions: true });
    expect(resolveSparkVersion('SparkDesk-v3.1-128K', '')).toEqual({ path: '/chat/pro-128k', domain: 'pro-128k', system: false, functions: false });
    expect(resolveSparkVersion('SparkDesk-v3.5-32K', '')).toEqual({ path: '/chat/max-32k', domain: 'max-32k', system: true, functions: true });
    expect(resolveSparkVersion('SparkDesk-v4.0', '')).toMatchObject({ path: '/v4.0/chat', domain: '4.0Ultra' });
    expect(resolveSparkVersion('SparkDesk-v1.1', '')).toMatchObject({ path: '/v1.1/chat', domain: 'lite' });
    expect(resolveSparkVersion('SparkDesk', 'v3.1')).toMatchObject({ path: '/v3.1/chat', domain: 'generalv3' });
    expect(resolveSparkVersion('SparkDesk', ' pro-128k ')).toMatchObject({ path: '/chat/pro-128k', domain: 'pro-128k' });
    expect(resolveSparkVersion('SparkDesk', '')).toMatchObject({ path: '/v2.1/chat', domain: 'generalv2' });
    expect(resolveSparkVersion('my-spark', 'nonsense')).toMatchObject({ path: '/v2.1/chat', domain: 'generalv2' });
    expect(resolveSparkVersion('SparkDesk-v9.9', '')).toEqual({ path: '/v9.9/chat', domain: 'generalv9.9', system: false, functions: false });
  });
});

describe('xunfeiAdaptor.buildRequest', () => {
  it('opens the signed WebSocket URL of the version and completes the body', () => {
    const call = xunfeiAdaptor.buildRequest(input('SparkDesk-v3.5'));
    const expected = signSparkUrl({ host: 'spark-api.xf-yun.com', path: '/v3.5/chat', apiKey: '0123456789abcdef', apiSecret: 'c2VjcmV0', date: now });
    expect(call).toMatchObject({ url: expected.url, method: 'GET', headers: {}, transport: 'websocket' });
    expect(new URL(call.url).searchParams.get('date')).toBe('Wed, 01 May 2024 08:00:00 GMT');
    expect(JSON.parse(call.body as string)).toEqual({
      header: { uid: 'u1', app_id: '1a2b3c4d' },
      parameter: { chat: { temperature: 0.5, domain: 'generalv3.5' } },
      payload: { message: { text: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] }, functions: { text: [{ name: 'f', description: '', parameters: {} }] } },
    });
  });

  it('connects to and signs for the channel base URL host when one is set (a proxy or a local endpoint)', () => {
    const proxied = xunfeiAdaptor.buildRequest({ ...input('SparkDesk-v3.5'), channel: { ...input('').channel, baseUrl: 'http://127.0.0.1:9100' } });
    const expected = signSparkUrl({ host: '127.0.0.1:9100', scheme: 'ws', path: '/v3.5/chat', apiKey: '0123456789abcdef', apiSecret: 'c2VjcmV0', date: now });
    expect(proxied.url).toBe(expected.url);
    expect(proxied.url.startsWith('ws://127.0.0.1:9100/v3.5/chat?')).toBe(true);
    expect(new URL(proxied.url).searchParams.get('host')).toBe('127.0.0.1:9100');
    const secure = xunfeiAdaptor.buildRequest({ ...input('SparkDesk-v3.5'), channel: { ...input('').channel, baseUrl: 'wss://spark.example.com' } });
    expect(secure.url.startsWith('wss://spark.example.com/v3.5/chat?')).toBe(true);
  });

  it('uses the channel version for plain model names and adapts the body to it', () => {
    const call = xunfeiAdaptor.buildRequest(input('SparkDesk', 'v3.1'));
    expect(call.url.startsWith('wss://spark-api.xf-yun.com/v3.1/chat?authorization=')).toBe(true);
    expect(JSON.parse(call.body as string)).toEqual({
      header: { uid: 'u1', app_id: '1a2b3c4d' },
      parameter: { chat: { temperature: 0.5, domain: 'generalv3' } },
      payload: { message: { text: [{ role: 'user', content: 'Be brief.\n\nHi' }] } },
    });
  });

  it('signs with the current time when none is given, and sends a body that is not JSON as is', () => {
    const call = xunfeiAdaptor.buildRequest({ ...input('SparkDesk'), now: undefined, body: Buffer.from('oops') });
    const date = Date.parse(new URL(call.url).searchParams.get('date') ?? '');
    expect(Math.abs(date - Date.now())).toBeLessThan(5_000);
    expect(call.body).toBe('oops');
  });

  it('refuses keys of another shape without echoing them', () => {
    expect(() => parseSparkKey('app|secret')).toThrow('an iFlytek Spark key must be APPID|APISecret|APIKey');
    expect(() => xunfeiAdaptor.buildRequest({ ...input('SparkDesk'), channel: { ...input('SparkDesk').channel, key: 'a||c' } })).toThrow(/^an iFlytek Spark key must be APPID\|APISecret\|APIKey$/);
  });

  it('always speaks its dialect and always streams', () => {
    expect(xunfeiAdaptor.chatWire?.('SparkDesk', 'anthropic-messages')).toBe('xunfei-spark');
    expect(xunfeiAdaptor.dialect?.id).toBe('xunfei-spark');
    expect(xunfeiAdaptor.streaming).toEqual({ kind: 'only' });
  });
});

describe('xunfeiAdaptor.classifyFailure', () => {
  const classify = (status: number, body: unknown) => xunfeiAdaptor.classifyFailure?.(status, body);

  it('switches the channel off when the handshake refuses the signature', () => {
    expect(classify(401, { message: 'HMAC signature cannot be verified' })).toBe('disable');
    expect(classify(403, { message: 'HMAC signature does not conform' })).toBe('disable');
  });

  it('retries elsewhere when the handshake refuses the date (clock skew)', () => {
    expect(classify(403, { message: 'HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication' })).toBe('retry');
  });

  it('classifies Spark error codes in frames', () => {
    const frame = (code: number) => ({ header: { code, message: 'x', sid: 's', status: 2 } });
    expect(classify(200, frame(11200))).toBe('disable');
    expect(classify(200, [frame(0), frame(10016)])).toBe('disable');
    expect(classify(200, frame(11201))).toBe('retry');
    expect(classify(200, frame(11202))).toBe('retry');
    expect(classify(200, frame(11203))).toBe('retry');
    expect(classify(200, frame(10110))).toBe('retry');
    expect(classify(200, frame(10013))).toBe('client');
    expect(classify(200, frame(10907))).toBe('client');
  });

  it('falls back to the shared HTTP rule', () => {
    expect(classify(429, '')).toBe('retry');
    expect(classify(500, '')).toBe('retry');
    expect(classify(400, '')).toBe('client');
  });
});
