import { describe, expect, it } from 'vitest';
import { signTc3Request } from './tencent-tc3-signing';

// The worked example of Tencent Cloud's "Signature v3" page: CVM DescribeInstances in ap-guangzhou, signed at
// 1551113065 (2019-02-25 UTC) with the example SecretKey "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE".
// @see https://cloud.tencent.com/document/api/213/30654
// @see https://www.tencentcloud.com/document/api/213/33224
const examplePayload = String.raw`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`;
const example = {
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  action: 'DescribeInstances',
  payload: examplePayload,
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  timestamp: 1551113065,
  contentType: 'application/json; charset=utf-8',
};

describe('signTc3Request', () => {
  it('reproduces every published value of the documented example (SignedHeaders=content-type;host)', () => {
    const signed = signTc3Request(example);
    expect(signed.hashedPayload).toBe('35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064');
    expect(signed.canonicalRequest).toBe(
      ['POST', '/', '', 'content-type:application/json; charset=utf-8', 'host:cvm.tencentcloudapi.com', '', 'content-type;host', '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064'].join('\n'),
    );
    expect(signed.hashedCanonicalRequest).toBe('5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    expect(signed.date).toBe('2019-02-25');
    expect(signed.credentialScope).toBe('2019-02-25/cvm/tc3_request');
    expect(signed.stringToSign).toBe(['TC3-HMAC-SHA256', '1551113065', '2019-02-25/cvm/tc3_request', '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031'].join('\n'));
    expect(signed.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('reproduces the current page canonical request, which also signs x-tc-action', () => {
    const signed = signTc3Request({ ...example, signAction: true });
    expect(signed.signedHeaders).toBe('content-type;host;x-tc-action');
    expect(signed.canonicalRequest).toBe(
      [
        'POST',
        '/',
        '',
        'content-type:application/json; charset=utf-8',
        'host:cvm.tencentcloudapi.com',
        'x-tc-action:describeinstances',
        '',
        'content-type;host;x-tc-action',
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
      ].join('\n'),
    );
    expect(signed.hashedCanonicalRequest).toBe('7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84');
  });

  it('takes the date from the UTC day of the timestamp, not the local one', () => {
    // 1551113065 is 2019-02-26 00:44:25 in UTC+8 but still 2019-02-25 in UTC, the pitfall the documentation warns of.
    expect(signTc3Request(example).date).toBe('2019-02-25');
    expect(signTc3Request({ ...example, timestamp: 1551139200 }).date).toBe('2019-02-26');
  });

  it('hashes byte payloads the same as their text', () => {
    expect(signTc3Request({ ...example, payload: Buffer.from(examplePayload, 'utf8') }).signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
  });
});
