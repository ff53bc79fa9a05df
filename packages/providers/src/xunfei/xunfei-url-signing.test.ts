import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSparkUrl, sparkSignatureOrigin } from './xunfei-url-signing';

// The worked example of iFlytek's "WebSocket协议通用鉴权URL生成说明"
// (https://www.xfyun.cn/doc/spark/general_url_authentication.html): host spark-api.xf-yun.com, path /v1.1/chat,
// date "Fri, 05 May 2023 10:43:39 GMT", APISecret MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi, APIKey
// addd2272b6d8b7c8abdd79531420ca3b. The page prints the HMAC digest (tmp_sha) as Python bytes, then its base64
// signature, the base64 authorization and the final URL.
const example = {
  host: 'spark-api.xf-yun.com',
  path: '/v1.1/chat',
  apiSecret: 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi',
  apiKey: 'addd2272b6d8b7c8abdd79531420ca3b',
  date: new Date('2023-05-05T10:43:39Z'),
};
/** b'\xcf\x98\x07v\xed\xe9\xc5Ux\x0032\x93\x8e\xbb\xc0\xe5\x83C\xda\xba\x05\x0c\xd1\xdew\xccN7?\r\xa4' from the page. */
const publishedDigestHex = 'cf980776ede9c55578003332938ebbc0e58343daba050cd1de77cc4e373f0da4';
const publishedSignature = 'z5gHdu3pxVV4ADMyk467wOWDQ9q6BQzR3nfMTjc/DaQ=';
const publishedAuthorization =
  'YXBpX2tleT0iYWRkZDIyNzJiNmQ4YjdjOGFiZGQ3OTUzMTQyMGNhM2IiLCBhbGdvcml0aG09ImhtYWMtc2hhMjU2IiwgaGVhZGVycz0iaG9zdCBkYXRlIHJlcXVlc3QtbGluZSIsIHNpZ25hdHVyZT0iejVnSGR1M3B4VlY0QURNeWs0Njd3T1dEUTlxNkJRelIzbmZNVGpjL0RhUT0i';

describe('signSparkUrl', () => {
  it('reproduces the signature origin of the published example', () => {
    expect(sparkSignatureOrigin(example.host, 'Fri, 05 May 2023 10:43:39 GMT', example.path)).toBe(
      'host: spark-api.xf-yun.com\ndate: Fri, 05 May 2023 10:43:39 GMT\nGET /v1.1/chat HTTP/1.1',
    );
  });

  it('reproduces the published digest, signature, authorization and URL', () => {
    const signed = signSparkUrl(example);
    expect(signed.date).toBe('Fri, 05 May 2023 10:43:39 GMT');
    expect(Buffer.from(signed.signature, 'base64').toString('hex')).toBe(publishedDigestHex);
    expect(signed.signature).toBe(publishedSignature);
    expect(signed.authorization).toBe(publishedAuthorization);
    expect(Buffer.from(signed.authorization, 'base64').toString('utf8')).toBe(
      `api_key="addd2272b6d8b7c8abdd79531420ca3b", algorithm="hmac-sha256", headers="host date request-line", signature="${publishedSignature}"`,
    );
    expect(signed.url).toBe(
      `wss://spark-api.xf-yun.com/v1.1/chat?authorization=${publishedAuthorization}&date=Fri%2C+05+May+2023+10%3A43%3A39+GMT&host=spark-api.xf-yun.com`,
    );
  });

  it('percent-encodes the base64 characters of other signatures and signs the given path', () => {
    const signed = signSparkUrl({ ...example, path: '/chat/max-32k', date: new Date('2024-12-31T23:59:09Z') });
    const expected = createHmac('sha256', example.apiSecret)
      .update('host: spark-api.xf-yun.com\ndate: Tue, 31 Dec 2024 23:59:09 GMT\nGET /chat/max-32k HTTP/1.1')
      .digest('base64');
    expect(signed.signature).toBe(expected);
    const query = new URL(signed.url).searchParams;
    expect(signed.url.startsWith('wss://spark-api.xf-yun.com/chat/max-32k?authorization=')).toBe(true);
    expect(query.get('authorization')).toBe(signed.authorization);
    expect(query.get('date')).toBe('Tue, 31 Dec 2024 23:59:09 GMT');
    expect(query.get('host')).toBe('spark-api.xf-yun.com');
    expect(signed.url).not.toMatch(/authorization=[^&]*[+/=][^&]*&/);
  });
});
