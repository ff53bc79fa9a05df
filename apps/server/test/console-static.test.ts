import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server';

describe('built console with SPA fallback', () => {
  let consoleDir: string;
  let server: TestServer;
  const indexHtml = '<!doctype html><html><body><div id="root">turnpike console</div></body></html>';
  const asset = 'console.log("asset");\n';

  beforeAll(async () => {
    consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-console-'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), indexHtml);
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(path.join(consoleDir, 'assets', 'x.js'), asset);
    server = await startTestServer({ CONSOLE_DIR: consoleDir });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  it.each(['/', '/some/deep/route', '/setup', '/user/edit/3?tab=profile', '/login?expired=true'])('GET %s answers index.html', async (url) => {
    const response = await server.call('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(indexHtml);
  });

  it('serves assets as files', async () => {
    const response = await server.call('GET', '/assets/x.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(asset);
  });

  it('answers unknown /api paths with the 404 envelope, never the console', async () => {
    const response = await server.call('GET', '/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'not found: GET /api/nope', code: 'not_found' });
  });

  it.each(['/v1/nope', '/v1beta/models/x:nothing', '/pg/nope', '/mj/nope', '/suno/nope'])('answers unknown relay path %s in the OpenAI error shape', async (url) => {
    const response = await server.call('GET', url);
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body).toEqual({ error: { message: `Invalid URL (GET ${url})`, type: 'invalid_request_error', code: 'not_found' } });
  });

  it('does not answer index.html to other methods', async () => {
    const response = await server.call('POST', '/some/deep/route');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'not found', code: 'not_found' });
  });
});
