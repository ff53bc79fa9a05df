import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInternalAddress, SafeOutbound, type OutboundLookup } from './safe-outbound';

/** The client of an operator who allowed nothing. */
const strict = new SafeOutbound();
const outboundUrlProblem = (raw: string): string | null => strict.urlProblem(raw);

/** A resolver that answers from a table (unknown names fail), counting how often each name was asked. */
function tableLookup(table: Record<string, string[]>): OutboundLookup {
  return (hostname, _options, callback) => {
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
}

describe('safe outbound targets', () => {
  it('tells internal addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1', '::', '::1', 'fd00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', '2002:7f00:1::1', 'not-an-ip']) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isInternalAddress(address)).toBe(false);
  });

  it('refuses other schemes, internal literals in every spelling and local names', () => {
    expect(outboundUrlProblem('ftp://example.com/x')).toBe('the ftp: scheme is not allowed');
    expect(outboundUrlProblem('http://127.0.0.1:8080/hook')).toBe('127.0.0.1 is not a public address');
    expect(outboundUrlProblem('http://[::1]/hook')).toBe('::1 is not a public address');
    expect(outboundUrlProblem('http://localhost/hook')).toBe('localhost is not a public address');
    expect(outboundUrlProblem('http://metadata.google.internal/computeMetadata/v1/')).toBe('metadata.google.internal is not a public address');
    // Decimal, hex, octal and short IPv4 forms, and IPv4-mapped IPv6, all mean loopback.
    for (const url of ['http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/', 'http://[::ffff:127.0.0.1]/', 'http://[0:0:0:0:0:ffff:7f00:1]/']) {
      expect(outboundUrlProblem(url), url).toMatch(/is not a public address$/);
    }
    expect(outboundUrlProblem('not a url')).toBe('not a URL');
    expect(outboundUrlProblem('https://hooks.example.com/mj')).toBeNull();
    expect(outboundUrlProblem('https://8.8.8.8/hook')).toBeNull();
  });

  it('refuses names that resolve to an internal address when saved, and passes public ones', async () => {
    const outbound = new SafeOutbound([], tableLookup({ 'rebind.example': ['127.0.0.1'], 'mixed.example': ['8.8.8.8', '10.0.0.1'], 'v6.example': ['::1'], 'ok.example': ['8.8.8.8'] }));
    expect(await outbound.checkUrl('https://rebind.example/hook')).toBe('rebind.example resolves to an internal address');
    expect(await outbound.checkUrl('https://mixed.example/hook')).toBe('mixed.example resolves to an internal address');
    expect(await outbound.checkUrl('https://v6.example/hook')).toBe('v6.example resolves to an internal address');
    expect(await outbound.checkUrl('https://ok.example/hook')).toBeNull();
    expect(await outbound.checkUrl('https://127.0.0.1/hook')).toBe('127.0.0.1 is not a public address');
  });

  describe('when connecting', () => {
    let listener: Server;
    let port = 0;
    let connections = 0;
    const sockets = new Set<Socket>();

    beforeAll(async () => {
      listener = createServer((socket) => {
        connections += 1;
        sockets.add(socket);
        socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      });
      await new Promise<void>((resolve) => listener.listen(0, '::', resolve));
      port = (listener.address() as AddressInfo).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    });

    it('never connects to a private address, whatever the spelling or the name', async () => {
      connections = 0;
      // The name resolves to a public address when saved and to loopback when called (DNS rebinding).
      let asked = 0;
      const rebinding: OutboundLookup = (hostname, _options, callback) => {
        asked += 1;
        callback(null, [{ address: asked === 1 ? '8.8.8.8' : '127.0.0.1', family: 4 }]);
      };
      const outbound = new SafeOutbound([], rebinding);
      expect(await outbound.checkUrl(`http://rebind.example:${port}/hook`)).toBeNull();
      await expect(outbound.postJson(`http://rebind.example:${port}/hook`, '{}')).rejects.toThrow();
      const named = new SafeOutbound([], tableLookup({ 'loop.example': ['127.0.0.1'], 'loop6.example': ['::1'], 'mapped.example': ['::ffff:127.0.0.1'] }));
      for (const host of ['loop.example', 'loop6.example', 'mapped.example']) await expect(named.postJson(`http://${host}:${port}/`, '{}')).rejects.toThrow();
      for (const host of ['127.0.0.1', '[::1]', '2130706433', '0x7f000001', '[::ffff:127.0.0.1]', '0.0.0.0', 'localhost']) {
        await expect(strict.postJson(`http://${host}:${port}/hook`, '{}')).rejects.toThrow();
      }
      expect(connections).toBe(0);
    });

    it('connects to an address the operator allowed', async () => {
      connections = 0;
      const allowed = new SafeOutbound(['127.0.0.0/8'], tableLookup({ 'receiver.example': ['127.0.0.1'] }));
      expect(await allowed.postJson(`http://127.0.0.1:${port}/hook`, '{}')).toBe(200);
      expect(await allowed.postJson(`http://receiver.example:${port}/hook`, '{}')).toBe(200);
      await expect(allowed.postJson(`http://[::1]:${port}/hook`, '{}')).rejects.toThrow('::1 is not a public address');
      expect(connections).toBe(2);
    });
  });
});
