// new-api's global per-IP limits: GLOBAL_API_RATE_LIMIT on /api, GLOBAL_WEB_RATE_LIMIT on the console, none on the relay.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitFamilyOf } from '../src/rate-limit/global-rate-limit';
import { startTestServer, type TestServer } from './helpers/test-server';

describe('global rate limits', () => {
  let server: TestServer;
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-console-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    server = await startTestServer({
      CONSOLE_DIR: consoleDir,
      GLOBAL_API_RATE_LIMIT_ENABLE: 'true',
      GLOBAL_API_RATE_LIMIT: '3',
      GLOBAL_API_RATE_LIMIT_DURATION: '600',
      GLOBAL_WEB_RATE_LIMIT_ENABLE: 'true',
      GLOBAL_WEB_RATE_LIMIT: '2',
      GLOBAL_WEB_RATE_LIMIT_DURATION: '600',
    });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  it('sorts paths into their limit family', () => {
    expect(['/api/status', '/api', '/dashboard/billing/usage', '/v1/chat/completions', '/v1beta/models', '/pg/chat/completions', '/metrics', '/', '/index.html', '/assets/app.js'].map(limitFamilyOf)).toEqual([
      'api',
      'api',
      'api',
      null,
      null,
      null,
      null,
      'web',
      'web',
      'web',
    ]);
  });

  it('refuses the /api request after GLOBAL_API_RATE_LIMIT with 429 in the envelope and Retry-After', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) statuses.push((await server.call('GET', '/api/status')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await server.call('GET', '/api/status');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own window.
    const other = await server.app.inject({ method: 'GET', url: '/api/status', remoteAddress: '192.0.2.7' });
    expect(other.statusCode).toBe(200);
  });

  it('limits the console pages separately, and never the relay', async () => {
    expect((await server.call('GET', '/')).statusCode).toBe(200);
    expect((await server.call('GET', '/')).statusCode).toBe(200);
    expect((await server.call('GET', '/')).statusCode).toBe(429);
    for (let call = 0; call < 5; call += 1) expect((await server.call('GET', '/v1/models')).statusCode).toBe(401);
  });
});
