import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { AdaptorInput } from '../provider-adaptor';
import { hunyuanSigningHost, parseTencentKey, tencentAdaptor } from './tencent-adaptor';

const { fixtureJson } = fixturesBeside(import.meta.url);

const body = JSON.stringify({ Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: '你好' }], Stream: false });
const now = new Date('2025-01-01T00:00:00Z');

const input = (patch: Partial<AdaptorInput['channel']> = {}, stream = false): AdaptorInput => ({
  channel: { type: 23, key: '1250000000|AKIDtestsecretid|testsecretkey', baseUrl: '', organization: '', other: '', ...patch },
  path: '/v1/chat/completions',
  body,
  contentType: 'application/json',
  model: 'hunyuan-lite',
  stream,
  now,
});

/** An independent TC3 computation, written out step by step from the documentation. */
function expectedAuthorization(secretId: string, secretKey: string, host: string, payload: string, timestamp: number): string {
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const canonical = `POST\n/\n\ncontent-type:application/json\nhost:${host}\n\ncontent-type;host\n${hash(payload)}`;
  const scope = `${date}/hunyuan/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${hash(canonical)}`;
  const kDate = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const kService = createHmac('sha256', kDate).update('hunyuan').digest();
  const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

describe('tencentAdaptor.buildRequest', () => {
  it('posts to the API 3.0 endpoint with the X-TC headers and a TC3 signature of the exact body', () => {
    const call = tencentAdaptor.buildRequest(input());
    expect(call.url).toBe('https://hunyuan.tencentcloudapi.com/');
    expect(call.method).toBe('POST');
    expect(call.body).toBe(body);
    expect(call.headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-tc-action': 'ChatCompletions',
      'x-tc-version': '2023-09-01',
      'x-tc-timestamp': '1735689600',
      authorization: expectedAuthorization('AKIDtestsecretid', 'testsecretkey', 'hunyuan.tencentcloudapi.com', body, 1735689600),
    });
  });

  it('asks for SSE when streaming, sends the `other` value as X-TC-Region and keeps configured headers', () => {
    const call = tencentAdaptor.buildRequest({ ...input({ other: ' ap-guangzhou ' }, true), headers: { 'x-custom': '1', authorization: 'Bearer caller' } });
    expect(call.headers['x-custom']).toBe('1');
    expect(call.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDtestsecretid\//);
    expect(call.headers.accept).toBe('text/event-stream');
    expect(call.headers['x-tc-region']).toBe('ap-guangzhou');
  });

  it('signs a regional Tencent host as is and a proxy under the default host', () => {
    const regional = tencentAdaptor.buildRequest(input({ baseUrl: 'https://hunyuan.ap-guangzhou.tencentcloudapi.com/' }));
    expect(regional.url).toBe('https://hunyuan.ap-guangzhou.tencentcloudapi.com/');
    expect(regional.headers.authorization).toBe(expectedAuthorization('AKIDtestsecretid', 'testsecretkey', 'hunyuan.ap-guangzhou.tencentcloudapi.com', body, 1735689600));
    const proxied = tencentAdaptor.buildRequest(input({ baseUrl: 'https://proxy.example.com/hunyuan' }));
    expect(proxied.url).toBe('https://proxy.example.com/hunyuan/');
    expect(proxied.headers.authorization).toBe(expectedAuthorization('AKIDtestsecretid', 'testsecretkey', 'hunyuan.tencentcloudapi.com', body, 1735689600));
    expect(hunyuanSigningHost('not a url')).toBe('hunyuan.tencentcloudapi.com');
  });

  it('accepts SecretId|SecretKey and refuses other key shapes without echoing the key', () => {
    expect(parseTencentKey('AKIDx|sk')).toEqual({ secretId: 'AKIDx', secretKey: 'sk' });
    expect(parseTencentKey(' 125 | AKIDx | sk ')).toEqual({ appId: '125', secretId: 'AKIDx', secretKey: 'sk' });
    expect(() => tencentAdaptor.buildRequest(input({ key: 'only-a-secret-value' }))).toThrow('AppId|SecretId|SecretKey');
    let message = '';
    try {
      tencentAdaptor.buildRequest(input({ key: 'a|b|c|secret-value' }));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('AppId|SecretId|SecretKey');
    expect(message).not.toContain('secret-value');
  });

  it('names its dialect', () => {
    expect(tencentAdaptor.dialect?.id).toBe('tencent-hunyuan');
  });
});

describe('tencentAdaptor.classifyFailure', () => {
  const classify = (status: number, value: unknown) => tencentAdaptor.classifyFailure!(status, value);
  const error = (code: string) => ({ Response: { Error: { Code: code, Message: 'm' }, RequestId: 'r' } });

  it('switches the channel off for refused credentials and account states', () => {
    expect(classify(200, fixtureJson('hunyuan-error-auth.json'))).toBe('disable');
    expect(classify(200, error('AuthFailure.SecretIdNotFound'))).toBe('disable');
    expect(classify(200, error('FailedOperation.ServiceNotActivated'))).toBe('disable');
    expect(classify(200, error('FailedOperation.ResourcePackExhausted'))).toBe('disable');
    expect(classify(200, error('UnsupportedOperation.NonWhitelistAccount'))).toBe('disable');
  });

  it('tries another channel on limits and engine errors', () => {
    expect(classify(200, fixtureJson('hunyuan-error-limit.json'))).toBe('retry');
    expect(classify(200, error('RequestLimitExceeded'))).toBe('retry');
    expect(classify(200, error('FailedOperation.EngineServerLimitExceeded'))).toBe('retry');
    expect(classify(200, error('InternalError'))).toBe('retry');
    expect(classify(200, { ErrorMsg: { Code: 4000, Msg: 'internal' } })).toBe('retry');
  });

  it('blames the caller for parameter errors, reads text bodies, and falls back to the HTTP rule', () => {
    expect(classify(200, error('InvalidParameterValue.Model'))).toBe('client');
    expect(classify(200, error('MissingParameter'))).toBe('client');
    expect(classify(200, JSON.stringify(error('AuthFailure.SecretIdNotFound')))).toBe('disable');
    expect(classify(200, JSON.stringify(error('AuthFailure.SignatureExpire')))).toBe('retry');
    expect(classify(502, 'Bad Gateway')).toBe('retry');
    expect(classify(401, undefined)).toBe('disable');
    expect(classify(400, {})).toBe('client');
  });
});
