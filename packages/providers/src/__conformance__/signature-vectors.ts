// Published known-answer vectors for the three request-signing schemes of the registry, copied (not imported: a
// `.test.ts` module would register its own tests in the importing file) from the folder tests that cite them:
// aws/aws-sigv4.test.ts, tencent/tencent-tc3-signing.test.ts and xunfei/xunfei-url-signing.test.ts.

/**
 * AWS Signature Version 4 test suite (2015-08-30 edition): example credentials and scope, and the published
 * signatures of a few requests to `example.amazonaws.com`.
 * @see https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html
 */
export const sigV4Suite = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
  now: new Date('2015-08-30T12:36:00Z'),
  amzDate: '20150830T123600Z',
  host: 'example.amazonaws.com',
} as const;

/** One request of the suite and its published signature. */
export interface SigV4SuiteCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string | null;
  signedHeaders: string;
  signature: string;
}

export const sigV4SuiteCases: readonly SigV4SuiteCase[] = [
  { name: 'get-vanilla', method: 'GET', path: '/', headers: {}, body: null, signedHeaders: 'host;x-amz-date', signature: '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31' },
  {
    name: 'get-vanilla-query-order-key-case',
    method: 'GET',
    path: '/?Param2=value2&Param1=value1',
    headers: {},
    body: null,
    signedHeaders: 'host;x-amz-date',
    signature: 'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
  },
  { name: 'post-vanilla', method: 'POST', path: '/', headers: {}, body: null, signedHeaders: 'host;x-amz-date', signature: '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b' },
  {
    name: 'post-header-key-sort',
    method: 'POST',
    path: '/',
    headers: { 'my-header1': 'value1' },
    body: null,
    signedHeaders: 'host;my-header1;x-amz-date',
    signature: 'c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c',
  },
  {
    name: 'post-x-www-form-urlencoded',
    method: 'POST',
    path: '/',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'Param1=value1',
    signedHeaders: 'content-type;host;x-amz-date',
    signature: 'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a',
  },
];

/** The canonical request of `get-vanilla` as the suite prints it (the empty body hashes to e3b0…). */
export const sigV4GetVanillaCanonicalRequest =
  'GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * The IAM ListUsers example of the SigV4 documentation: the derived signing key for 20150830/us-east-1/iam.
 * @see https://docs.aws.amazon.com/general/latest/gr/sigv4-calculate-signature.html
 */
export const sigV4IamDerivedKeyHex = 'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9';

/**
 * Tencent Cloud "Signature v3" worked example: CVM DescribeInstances signed at 1551113065 (2019-02-25 UTC).
 * @see https://cloud.tencent.com/document/api/213/30654
 * @see https://www.tencentcloud.com/document/api/213/33224
 */
export const tc3Example = {
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  action: 'DescribeInstances',
  payload: String.raw`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`,
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  timestamp: 1551113065,
  contentType: 'application/json; charset=utf-8',
  hashedPayload: '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
  hashedCanonicalRequest: '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
  signature: '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
  authorization:
    'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
} as const;

/**
 * iFlytek's "WebSocket协议通用鉴权URL生成说明" worked example: the signature, authorization and URL of
 * `wss://spark-api.xf-yun.com/v1.1/chat` signed at "Fri, 05 May 2023 10:43:39 GMT".
 * @see https://www.xfyun.cn/doc/spark/general_url_authentication.html
 */
export const xunfeiExample = {
  host: 'spark-api.xf-yun.com',
  path: '/v1.1/chat',
  apiSecret: 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi',
  apiKey: 'addd2272b6d8b7c8abdd79531420ca3b',
  date: new Date('2023-05-05T10:43:39Z'),
  signature: 'z5gHdu3pxVV4ADMyk467wOWDQ9q6BQzR3nfMTjc/DaQ=',
  authorization:
    'YXBpX2tleT0iYWRkZDIyNzJiNmQ4YjdjOGFiZGQ3OTUzMTQyMGNhM2IiLCBhbGdvcml0aG09ImhtYWMtc2hhMjU2IiwgaGVhZGVycz0iaG9zdCBkYXRlIHJlcXVlc3QtbGluZSIsIHNpZ25hdHVyZT0iejVnSGR1M3B4VlY0QURNeWs0Njd3T1dEUTlxNkJRelIzbmZNVGpjL0RhUT0i',
  url:
    'wss://spark-api.xf-yun.com/v1.1/chat?authorization=YXBpX2tleT0iYWRkZDIyNzJiNmQ4YjdjOGFiZGQ3OTUzMTQyMGNhM2IiLCBhbGdvcml0aG09ImhtYWMtc2hhMjU2IiwgaGVhZGVycz0iaG9zdCBkYXRlIHJlcXVlc3QtbGluZSIsIHNpZ25hdHVyZT0iejVnSGR1M3B4VlY0QURNeWs0Njd3T1dEUTlxNkJRelIzbmZNVGpjL0RhUT0i&date=Fri%2C+05+May+2023+10%3A43%3A39+GMT&host=spark-api.xf-yun.com',
} as const;
