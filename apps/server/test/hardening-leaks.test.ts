// Leaks: credentials in request URLs and headers never reach the log file, and admins see other users' settings
// without their secrets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction';
import { addApiKey } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('secrets in logs', () => {
  it('masks credential query parameters and keeps the others', () => {
    expect(redactUrl('/v1beta/models?key=sk-abc&pageSize=5')).toBe('/v1beta/models?key=[redacted]&pageSize=5');
    expect(redactUrl('/api/token/search?token=sk-abc&p=1')).toBe('/api/token/search?token=[redacted]&p=1');
    expect(redactUrl('/x?ACCESS_TOKEN=t&Api-Key=k&%6Bey=v')).toBe('/x?ACCESS_TOKEN=[redacted]&Api-Key=[redacted]&%6Bey=[redacted]');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('writes no relay key, session cookie or access token to the log file, at the most verbose level', async () => {
    const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-log-')), 'server.log');
    const server = await startTestServer({ LOG_LEVEL: 'trace', LOG_FILE: logFile, CRITICAL_RATE_LIMIT: '100000' });
    let user: Actor;
    let key: string;
    try {
      user = await server.createUser({ username: 'logged' });
      key = (await addApiKey(server, user)).key;
      const base = await server.listen();
      // Real HTTP, so the access log and Fastify's request logging both see the calls.
      await fetch(`${base}/v1beta/models?key=${key}`);
      await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
      await fetch(`${base}/v1/chat/completions?key=${key}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{broken' });
      await fetch(`${base}/api/token/search?token=${key.slice(3)}&keyword=x`, { headers: user.headers });
      await fetch(`${base}/api/nothing-here?access_token=${key}`, { headers: user.headers });
    } finally {
      await server.stop();
    }
    const text = fs.readFileSync(logFile, 'utf8');
    expect(text).toContain('request completed');
    expect(text).not.toContain(key.slice(3));
    expect(text).not.toContain(user.headers.cookie.split('=')[1]);
  });
});

describe('admins listing users', () => {
  let server: TestServer;
  let admin: Actor;
  let root: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ username: 'admin', role: 10 });
    root = await server.createUser({ username: 'root', role: 100, setting: JSON.stringify({ notify_type: 'webhook', webhook_url: 'https://8.8.8.8/hook', webhook_secret: 'root-webhook-secret' }) });
  });
  afterAll(() => server.stop());

  it('see the setting of other users without its secrets', async () => {
    for (const url of ['/api/user/', '/api/user/search?keyword=root']) {
      const response = await server.call('GET', url, { as: admin });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('root-webhook-secret');
      const listed = (response.json().data.items as Array<{ id: number; setting: string }>).find((item) => item.id === root.user.id);
      expect(JSON.parse(listed?.setting ?? '{}')).toEqual({ notify_type: 'webhook', webhook_url: 'https://8.8.8.8/hook' });
    }
    const single = await server.call('GET', `/api/user/${root.user.id}`, { as: root });
    expect(single.body).not.toContain('root-webhook-secret');
  });

  it('leaves a user their own secret', async () => {
    const response = await server.call('GET', '/api/user/self', { as: root });
    expect(response.body).toContain('root-webhook-secret');
  });
});
