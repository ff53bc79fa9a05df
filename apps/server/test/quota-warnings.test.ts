import crypto from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockUpstream, startSmtpSink, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaWarningFor } from '../src/billing/quota-warnings';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

describe('quota warnings', () => {
  it('picks the user threshold over the global one, and the channel from notify_type', () => {
    const user = { id: 1, username: 'u', email: 'u@example.com', quota: 400 };
    expect(quotaWarningFor({ ...user, setting: '{}' }, 1000)).toMatchObject({ channel: 'email', target: 'u@example.com', threshold: 1000 });
    expect(quotaWarningFor({ ...user, setting: '{}' }, 100)).toBeNull();
    expect(quotaWarningFor({ ...user, setting: JSON.stringify({ quota_warning_threshold: 300 }) }, 1000)).toBeNull();
    expect(quotaWarningFor({ ...user, setting: JSON.stringify({ notify_type: 'webhook', webhook_url: 'https://hook', webhook_secret: 's' }) }, 1000)).toMatchObject({ channel: 'webhook', target: 'https://hook', webhookSecret: 's' });
    expect(quotaWarningFor({ ...user, email: '', setting: '{}' }, 1000)).toBeNull();
  });

  describe('after a relayed call', () => {
    let server: TestServer;
    let upstream: MockUpstream;
    let hook: Server;
    const received: Array<{ body: string; signature: string | undefined }> = [];
    let base = '';

    beforeAll(async () => {
      hook = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          received.push({ body, signature: request.headers['x-webhook-signature'] as string | undefined });
          response.end('ok');
        });
      });
      await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
      upstream = await startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 5 } });
      // The receiver listens on loopback: the operator allows it (webhooks reach public addresses only otherwise).
      server = await startTestServer({ OUTBOUND_ALLOW: '127.0.0.1' });
      await server.context.options.set('ModelRatio', { 'test-model': 10 });
      base = await server.listen();
    });
    afterAll(async () => {
      await server.stop();
      await upstream.close();
      hook.close();
    });

    it('posts a signed webhook when a call takes the balance below the threshold, at most twice per window', async () => {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      const user = await server.createUser({ username: 'low', quota: 600, setting: JSON.stringify({ notify_type: 'webhook', webhook_url: url, webhook_secret: 'shh', quota_warning_threshold: 500 }) });
      await addChannel(server, { baseUrl: upstream.url, models: 'test-model' });
      await server.context.options.set('PreConsumedQuota', 0);
      const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL: base + '/v1', maxRetries: 0 });
      for (let call = 0; call < 3; call += 1) {
        await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
        // Each warning reads the balance right after its batch; settle before the next call reserves.
        await server.settle();
      }
      await expect.poll(() => received.length).toBe(2);
      const first = JSON.parse(received[0].body);
      expect(first).toMatchObject({ type: 'quota_warning', user_id: user.user.id, threshold: 500, quota: 450 });
      expect(received[0].signature).toBe(crypto.createHmac('sha256', 'shh').update(received[0].body).digest('hex'));
    });

    it('still warns when the crossing batch comes within a second of the last check (looked at once the second is over)', async () => {
      received.length = 0;
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      // 150 units a call: 900 → 750 stays above the threshold, 750 → 600 crosses it.
      const user = await server.createUser({ username: 'soon-low', quota: 900, setting: JSON.stringify({ notify_type: 'webhook', webhook_url: url, webhook_secret: 'shh', quota_warning_threshold: 700 }) });
      const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL: base + '/v1', maxRetries: 0 });
      await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
      await server.settle();
      expect(received).toHaveLength(0);
      await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
      await server.settle();
      await expect.poll(() => received.length, { timeout: 3000 }).toBe(1);
      expect(JSON.parse(received[0].body)).toMatchObject({ user_id: user.user.id, threshold: 700, quota: 600 });
    });

    it('mails the warning through the configured SMTP server when the user chose email', async () => {
      const smtp = await startSmtpSink();
      try {
        await server.context.options.set('SMTPServer', '127.0.0.1');
        await server.context.options.set('SMTPPort', smtp.port);
        await server.context.options.set('SMTPFrom', 'noreply@example.com');
        const user = await server.createUser({ username: 'mailed', email: 'mailed@example.com', quota: 600, setting: JSON.stringify({ quota_warning_threshold: 500 }) });
        const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL: base + '/v1', maxRetries: 0 });
        await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
        await server.settle();
        const mail = await smtp.nextMailTo('mailed@example.com');
        expect(mail.parsed.subject).toBe('Turnpike: your balance is running low');
        expect(mail.parsed.text).toContain('below your warning threshold');
      } finally {
        await server.context.options.set('SMTPServer', '');
        await smtp.close();
      }
    });
  });
});
