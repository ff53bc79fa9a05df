import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server';

// Mailed codes and reset tokens are kept in the shared database: what one instance mailed, another honours, and a
// token spent on one is spent for all.
describe('mailed codes shared by two instances', () => {
  let smtp: SmtpSink;
  let first: TestServer;
  let second: TestServer;
  let sharedDir: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    sharedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-mail-'));
    const shared = { SQLITE_PATH: path.join(sharedDir, 'turnpike.db'), CRITICAL_RATE_LIMIT: '1000' };
    first = await startTestServer({ ...shared, NODE_NAME: 'mail-a' });
    second = await startTestServer({ ...shared, NODE_NAME: 'mail-b' });
    for (const [key, value] of [['SMTPServer', '127.0.0.1'], ['SMTPPort', smtp.port], ['SMTPFrom', 'noreply@example.com'], ['ServerAddress', 'https://gateway.example.com'], ['EmailVerificationEnabled', true]] as const) {
      await first.context.options.set(key, value);
    }
    await second.context.options.reloadAll();
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await smtp.close();
    fs.rmSync(sharedDir, { recursive: true, force: true });
  });

  it('spends a reset token mailed by one instance on the other, once, and shares the resend lock', async () => {
    await first.createUser({ username: 'roamer', email: 'roamer@example.com' });
    expect((await first.call('GET', '/api/reset_password?email=roamer%40example.com')).json().success).toBe(true);
    const mail = await smtp.nextMailTo('roamer@example.com');
    const token = new URL((/href="([^"]+)"/.exec(mail.html)?.[1] ?? '').replace(/&amp;/g, '&')).searchParams.get('token');

    const locked = await second.call('GET', '/api/reset_password?email=roamer%40example.com');
    expect(locked.statusCode).toBe(429);
    const reset = await second.call('POST', '/api/user/reset', { body: { email: 'roamer@example.com', token } });
    expect(reset.json()).toMatchObject({ success: true, message: 'the password has been reset' });
    const replay = await first.call('POST', '/api/user/reset', { body: { email: 'roamer@example.com', token } });
    expect(replay.json().message).toBe('the reset link is invalid or has expired');
    const login = await first.call('POST', '/api/user/login', { body: { username: 'roamer', password: reset.json().data } });
    expect(login.json().success).toBe(true);
  });

  it('registers on one instance with the code the other mailed', async () => {
    expect((await first.call('GET', '/api/verification?email=newcomer%40example.com')).json().success).toBe(true);
    const code = /<strong>([A-Z0-9]{6})<\/strong>/.exec((await smtp.nextMailTo('newcomer@example.com')).html)?.[1];
    const registered = await second.call('POST', '/api/user/register', {
      body: { username: 'newcomer', password: 'password123', email: 'newcomer@example.com', verification_code: code },
    });
    expect(registered.json()).toEqual({ success: true, message: 'registration successful' });
  });
});
