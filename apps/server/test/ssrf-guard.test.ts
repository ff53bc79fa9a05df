// Server-side request forgery through personal settings: a webhook URL must name a public address when it is saved,
// and the quota-warning webhook never connects to a private one, however the address is spelled.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuotaWarningNotifier } from '../src/billing/quota-warnings';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const refusedWebhooks = [
  'https://127.0.0.1:8443/hook',
  'https://[::1]/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/hook',
  'https://172.16.0.1/hook',
  'https://192.168.1.1/hook',
  'https://100.64.0.1/hook',
  'https://2130706433/hook',
  'https://0x7f000001/hook',
  'https://0177.0.0.1/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[::ffff:a9fe:a9fe]/hook',
  'https://[fd00::1]/hook',
  'https://[fe80::1]/hook',
  'https://0.0.0.0/hook',
  'https://localhost/hook',
  'https://metadata.google.internal/computeMetadata/v1/',
];

describe('SSRF guard on webhooks', () => {
  let server: TestServer;
  let user: Actor;
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
    server = await startTestServer();
    user = await server.createUser({ username: 'hooker' });
  });
  afterAll(async () => {
    await server.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it.each(refusedWebhooks)('refuses to save the webhook %s', async (webhook) => {
    const response = await server.call('PUT', '/api/user/setting', { as: user, body: { notify_type: 'webhook', webhook_url: webhook, webhook_secret: 's' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'the webhook address must be a public internet address' });
  });

  it('saves a webhook on a public address', async () => {
    const response = await server.call('PUT', '/api/user/setting', { as: user, body: { notify_type: 'webhook', webhook_url: 'https://8.8.8.8/hook', webhook_secret: 's' } });
    expect(response.statusCode).toBe(200);
  });

  it('never delivers a quota warning to a private address stored before the guard (IPv4, IPv6, decimal, hex, mapped)', async () => {
    connections = 0;
    const notifier = new QuotaWarningNotifier(server.context);
    const targets = ['127.0.0.1', '[::1]', '2130706433', '0x7f000001', '[::ffff:127.0.0.1]', 'localhost'].map((host) => `http://${host}:${port}/hook`);
    for (const [index, target] of targets.entries()) {
      const victim = await server.createUser({ username: `stored-${index}`, quota: 10, setting: JSON.stringify({ notify_type: 'webhook', webhook_url: target, quota_warning_threshold: 500 }) });
      await notifier.check([victim.user.id]);
    }
    notifier.close();
    expect(connections).toBe(0);
  });

  it('delivers to a private address the operator allowed (OUTBOUND_ALLOW)', async () => {
    const allowing = await startTestServer({ OUTBOUND_ALLOW: '127.0.0.1,::1' });
    try {
      connections = 0;
      const notifier = new QuotaWarningNotifier(allowing.context);
      const victim = await allowing.createUser({ username: 'allowed', quota: 10, setting: JSON.stringify({ notify_type: 'webhook', webhook_url: `http://127.0.0.1:${port}/hook`, quota_warning_threshold: 500 }) });
      await notifier.check([victim.user.id]);
      notifier.close();
      expect(connections).toBe(1);
    } finally {
      await allowing.stop();
    }
  });
});
