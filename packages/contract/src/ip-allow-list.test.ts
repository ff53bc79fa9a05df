import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isIPv4, isIPv6, isValidAllowList } from './ip-allow-list';

const samples = [
  '127.0.0.1', '0.0.0.0', '255.255.255.255', '256.1.1.1', '01.2.3.4', '1.2.3', '1.2.3.4.5', '1..2.3', 'a.b.c.d', '',
  '::', '::1', '1::', '2001:db8::1', '2001:0db8:0000:0000:0000:ff00:0042:8329', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9',
  '1:2:3:4:5:6:7::', '::1:2:3:4:5:6:7', '1::2::3', ':::', 'g::1', '12345::1', '::ffff:192.168.0.1', '::ffff:999.1.1.1',
  '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', 'fe80::1%eth0', ':1:2', '1:2:3:4:5:6:7:',
];

describe('IP allow-lists', () => {
  it.each(samples)('agrees with node:net on %j', (text) => {
    expect(isIPv4(text)).toBe(net.isIPv4(text));
    expect(isIPv6(text)).toBe(net.isIPv6(text));
  });

  it('accepts addresses and CIDR blocks one per line, and refuses bad prefixes', () => {
    expect(isValidAllowList('127.0.0.1\n10.0.0.0/8\n\n::1\n2001:db8::/32')).toBe(true);
    expect(isValidAllowList('10.0.0.0/33')).toBe(false);
    expect(isValidAllowList('::/129')).toBe(false);
    expect(isValidAllowList('10.0.0.0/8/1')).toBe(false);
    expect(isValidAllowList('10.0.0.0/x')).toBe(false);
    expect(isValidAllowList('not-an-ip')).toBe(false);
  });
});
