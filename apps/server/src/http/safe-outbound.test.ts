import { describe, expect, it } from 'vitest';
import { isInternalAddress, outboundUrlProblem, postJsonToPublicUrl } from './safe-outbound';

describe('safe outbound targets', () => {
  it('tells internal addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isInternalAddress(address)).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isInternalAddress(address)).toBe(false);
  });

  it('refuses other schemes, internal literals and localhost names', () => {
    expect(outboundUrlProblem('ftp://example.com/x')).toBe('the ftp: scheme is not allowed');
    expect(outboundUrlProblem('http://127.0.0.1:8080/hook')).toBe('127.0.0.1 is not a public address');
    expect(outboundUrlProblem('http://[::1]/hook')).toBe('::1 is not a public address');
    expect(outboundUrlProblem('http://localhost/hook')).toBe('localhost is not a public address');
    expect(outboundUrlProblem('not a url')).toBe('not a URL');
    expect(outboundUrlProblem('https://hooks.example.com/mj')).toBeNull();
  });

  it('never sends to an internal target', async () => {
    await expect(postJsonToPublicUrl('http://127.0.0.1:9/hook', '{}')).rejects.toThrow('127.0.0.1 is not a public address');
  });
});
