import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { awsAmzDate, awsCanonicalRequest, awsSigningKey, awsUriEncode, signAwsRequest } from './aws-sigv4';

// The AWS Signature Version 4 test suite (2015-08-30 edition): credentials, scope and expected Authorization
// headers as published with it, https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html,
// and as vendored by the AWS SDK for JavaScript v3 in packages/signature-v4/src/suite.fixture.ts.
const suite = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
  now: new Date('2015-08-30T12:36:00Z'),
};
const credential = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request';

interface SuiteCase {
  name: string;
  method: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  signedHeaders: string;
  signature: string;
}

const cases: SuiteCase[] = [
  { name: 'get-vanilla', method: 'GET', signedHeaders: 'host;x-amz-date', signature: '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31' },
  { name: 'get-vanilla-empty-query-key', method: 'GET', path: '/?Param1=value1', signedHeaders: 'host;x-amz-date', signature: 'a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb' },
  {
    name: 'get-vanilla-query-order-key-case',
    method: 'GET',
    path: '/?Param2=value2&Param1=value1',
    signedHeaders: 'host;x-amz-date',
    signature: 'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
  },
  {
    name: 'get-vanilla-query-unreserved',
    method: 'GET',
    path: '/?-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz=-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
    signedHeaders: 'host;x-amz-date',
    signature: '9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197',
  },
  {
    name: 'get-unreserved',
    method: 'GET',
    path: '/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
    signedHeaders: 'host;x-amz-date',
    signature: '07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f',
  },
  {
    name: 'get-vanilla-utf8-query',
    method: 'GET',
    path: '/?%E1%88%B4=bar',
    signedHeaders: 'host;x-amz-date',
    signature: '2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04',
  },
  {
    name: 'get-header-key-duplicate',
    method: 'GET',
    headers: { 'my-header1': 'value2,value2,value1' },
    signedHeaders: 'host;my-header1;x-amz-date',
    signature: 'c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea',
  },
  {
    name: 'get-header-value-order',
    method: 'GET',
    headers: { 'my-header1': 'value4,value1,value3,value2' },
    signedHeaders: 'host;my-header1;x-amz-date',
    signature: '08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01',
  },
  {
    name: 'get-header-value-trim',
    method: 'GET',
    headers: { 'My-Header1': ' value1', 'my-header2': '"a   b   c"' },
    signedHeaders: 'host;my-header1;my-header2;x-amz-date',
    signature: 'acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736',
  },
  { name: 'post-vanilla', method: 'POST', signedHeaders: 'host;x-amz-date', signature: '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b' },
  { name: 'post-vanilla-query', method: 'POST', path: '/?Param1=value1', signedHeaders: 'host;x-amz-date', signature: '28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11' },
  {
    name: 'post-vanilla-query-nonunreserved',
    method: 'POST',
    path: '/?%40%23%24%25%5E=&%2B=%2F%2C%3F%3E%3C%60%22%3B%3A%5C%7C%5D%5B%7B%7D',
    signedHeaders: 'host;x-amz-date',
    signature: '66c82657c86e26fb25238d0e69f011edc4c6df5ae71119d7cb98ed9b87393c1e',
  },
  {
    name: 'post-header-key-sort',
    method: 'POST',
    headers: { 'my-header1': 'value1' },
    signedHeaders: 'host;my-header1;x-amz-date',
    signature: 'c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c',
  },
  {
    name: 'post-header-value-case',
    method: 'POST',
    headers: { 'my-header1': 'VALUE1' },
    signedHeaders: 'host;my-header1;x-amz-date',
    signature: 'cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d',
  },
  {
    name: 'post-x-www-form-urlencoded',
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'Param1=value1',
    signedHeaders: 'content-type;host;x-amz-date',
    signature: 'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a',
  },
  {
    name: 'post-x-www-form-urlencoded-parameters',
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf8' },
    body: 'Param1=value1',
    signedHeaders: 'content-type;host;x-amz-date',
    signature: '1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe',
  },
];

describe('signAwsRequest against the AWS SigV4 test suite', () => {
  it.each(cases)('$name', (testCase) => {
    const signed = signAwsRequest({
      ...suite,
      method: testCase.method,
      url: `https://example.amazonaws.com${testCase.path ?? '/'}`,
      headers: testCase.headers ?? {},
      body: testCase.body ?? null,
    });
    expect(signed.headers.authorization).toBe(`${credential}, SignedHeaders=${testCase.signedHeaders}, Signature=${testCase.signature}`);
    expect(signed.headers['x-amz-date']).toBe('20150830T123600Z');
    expect(signed.headers.host).toBeUndefined();
  });

  // aws-c-auth tests/aws-signing-test-suite/v4/get-vanilla-with-session-token (context.json, header-signed-request.txt):
  // the session token is sent and signed as x-amz-security-token.
  it('get-vanilla-with-session-token', () => {
    const token = '6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267';
    const signed = signAwsRequest({ ...suite, sessionToken: token, method: 'GET', url: 'https://example.amazonaws.com/', headers: {}, body: null });
    expect(signed.headers['x-amz-security-token']).toBe(token);
    expect(signed.headers.authorization).toBe(
      `${credential}, SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8`,
    );
  });

  it('produces the suite canonical request of get-vanilla', () => {
    const { canonicalRequest } = awsCanonicalRequest(
      'GET',
      new URL('https://example.amazonaws.com/'),
      { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' },
      createHash('sha256').update('').digest('hex'),
      true,
    );
    expect(canonicalRequest).toBe('GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('the IAM ListUsers example of the SigV4 documentation', () => {
  // https://docs.aws.amazon.com/general/latest/gr/sigv4-calculate-signature.html (derived key) and
  // https://docs.aws.amazon.com/general/latest/gr/sigv4-create-canonical-request.html (the request and its hash).
  it('derives the published signing key', () => {
    expect(awsSigningKey(suite.secretAccessKey, '20150830', 'us-east-1', 'iam').toString('hex')).toBe('c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9');
  });

  it('hashes the published canonical request and produces the published signature', () => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', host: 'iam.amazonaws.com', 'x-amz-date': '20150830T123600Z' };
    const url = new URL('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08');
    const { canonicalRequest } = awsCanonicalRequest('GET', url, headers, createHash('sha256').update('').digest('hex'), true);
    expect(createHash('sha256').update(canonicalRequest).digest('hex')).toBe('f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59');
    const signed = signAwsRequest({ ...suite, service: 'iam', method: 'GET', url: url.href, headers: { 'Content-Type': headers['content-type'] }, body: null });
    expect(signed.signature).toBe('5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7');
  });
});

describe('Bedrock specifics', () => {
  it('signs the path encoded twice (non-S3 rule) while it travels encoded once', () => {
    const url = 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke';
    const hash = createHash('sha256').update('{}').digest('hex');
    const headers = { 'content-type': 'application/json', host: 'bedrock-runtime.us-east-1.amazonaws.com', 'x-amz-date': '20150830T123600Z' };
    const { canonicalRequest } = awsCanonicalRequest('POST', new URL(url), headers, hash, true);
    expect(canonicalRequest.split('\n')[1]).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%253A0/invoke');
    expect(awsCanonicalRequest('POST', new URL(url), headers, hash, false).canonicalRequest.split('\n')[1]).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
  });

  it('matches an independent computation of the whole chain for a Bedrock call', () => {
    const body = '{"messages":[{"role":"user","content":"hi"}],"max_tokens":16,"anthropic_version":"bedrock-2023-05-31"}';
    const signed = signAwsRequest({
      ...suite,
      service: 'bedrock',
      sessionToken: 'TOKEN',
      contentSha256Header: true,
      method: 'POST',
      url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body,
    });
    // Independent computation of the documented steps, written out by hand.
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const canonical = [
      'POST',
      '/model/us.anthropic.claude-sonnet-4-20250514-v1%253A0/invoke',
      '',
      'accept:application/json\ncontent-type:application/json\nhost:bedrock-runtime.us-east-1.amazonaws.com\n' +
        `x-amz-content-sha256:${bodyHash}\nx-amz-date:20150830T123600Z\nx-amz-security-token:TOKEN\n`,
      'accept;content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token',
      bodyHash,
    ].join('\n');
    const stringToSign = `AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/bedrock/aws4_request\n${createHash('sha256').update(canonical).digest('hex')}`;
    const step = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
    const key = step(step(step(step(`AWS4${suite.secretAccessKey}`, '20150830'), 'us-east-1'), 'bedrock'), 'aws4_request');
    const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
    expect(signed.signature).toBe(expected);
    expect(signed.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-amz-date': '20150830T123600Z',
      'x-amz-security-token': 'TOKEN',
      'x-amz-content-sha256': bodyHash,
      authorization: `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/bedrock/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=${expected}`,
    });
  });

  it('encodes like RFC 3986 and formats amz dates', () => {
    expect(awsUriEncode("a:b/c d!'()*~")).toBe('a%3Ab%2Fc%20d%21%27%28%29%2A~');
    expect(awsAmzDate(new Date('2024-02-29T23:59:59.999Z'))).toBe('20240229T235959Z');
  });
});
