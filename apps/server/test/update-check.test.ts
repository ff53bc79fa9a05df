// The version check (issue 26 part 5): GET /api/update_check asks a local emulation of a code host's latest-release
// endpoint (the dispatcher swapped for one that may reach loopback), compares the tag, and answers a clear failure
// when the source is offline, slow or internal (the production dispatcher refuses internal addresses).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverVersion } from '../src/system/server-version';
import { isCurrent, updateCheckPorts } from '../src/system/update-check';
import { outboundUrlProblem, publicDispatcher } from '../src/http/safe-outbound';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('version check', () => {
  let server: TestServer;
  let admin: Actor;
  let releases: http.Server;
  let answer: { status: number; body: unknown } | 'hang' = { status: 200, body: {} };
  let releaseUrl: string;
  const loopback = new Agent();
  const asked: Array<string | undefined> = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ username: 'root', role: 100 });
    releases = http.createServer((request, response) => {
      asked.push(request.headers.accept);
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => releases.listen(0, '127.0.0.1', resolve));
    releaseUrl = `http://127.0.0.1:${(releases.address() as AddressInfo).port}/repos/acme/turnpike/releases/latest`;
    await server.context.options.set('UpdateCheckUrl', releaseUrl);
    useLoopback();
  });
  afterEach(() => {
    useLoopback();
    updateCheckPorts.timeoutMs = 5_000;
  });
  afterAll(async () => {
    updateCheckPorts.dispatcher = publicDispatcher;
    updateCheckPorts.urlProblem = outboundUrlProblem;
    releases.closeAllConnections();
    await new Promise((resolve) => releases.close(resolve));
    await loopback.close();
    await server.stop();
  });

  /** The local emulation is on loopback: neither the URL check nor the dispatcher may refuse it. */
  function useLoopback(): void {
    updateCheckPorts.dispatcher = loopback;
    updateCheckPorts.urlProblem = () => null;
  }

  const check = async () => server.call('GET', '/api/update_check', { as: admin });

  it('reports a newer release with its notes', async () => {
    answer = { status: 200, body: { tag_name: 'v99.0.0', body: '## Changes\n- faster', html_url: 'https://example.test/releases/v99.0.0' } };
    const response = await check();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '', data: { current_version: serverVersion, latest_version: 'v99.0.0', release_notes: '## Changes\n- faster', release_url: 'https://example.test/releases/v99.0.0', up_to_date: false } });
    expect(asked.at(-1)).toBe('application/vnd.github+json');
  });

  it('says this build is current when the latest tag is its version', async () => {
    answer = { status: 200, body: { tag_name: `v${serverVersion}`, body: '' } };
    expect((await check()).json().data).toMatchObject({ latest_version: `v${serverVersion}`, up_to_date: true });
  });

  it('answers a clear failure when the source is offline, slow, odd or internal', async () => {
    answer = { status: 404, body: { message: 'Not Found' } };
    expect((await check()).json()).toMatchObject({ success: false, message: 'update check failed: the release source answered 404' });
    answer = 'hang';
    updateCheckPorts.timeoutMs = 200;
    const slow = await check();
    expect(slow.statusCode).toBe(502);
    expect(slow.json().message).toBe('update check failed: the release source did not answer in time');
    await server.context.options.set('UpdateCheckUrl', 'http://127.0.0.1:1/releases/latest');
    const offline = (await check()).json();
    expect(offline.success).toBe(false);
    expect(offline.message).toMatch(/^update check failed: .*ECONNREFUSED/);
    // The production dispatcher never reaches an internal address.
    await server.context.options.set('UpdateCheckUrl', releaseUrl);
    updateCheckPorts.dispatcher = publicDispatcher;
    updateCheckPorts.urlProblem = outboundUrlProblem;
    expect((await check()).json().message).toBe('update check failed: 127.0.0.1 is not a public address');
  });

  it('is for admins only', async () => {
    const user = await server.createUser({ username: 'plain' });
    expect((await server.call('GET', '/api/update_check', { as: user })).statusCode).toBe(403);
  });

  it('compares versions by their numbers', () => {
    expect(isCurrent('1.2.3', 'v1.2.3')).toBe(true);
    expect(isCurrent('1.10.0', 'v1.9.9')).toBe(true);
    expect(isCurrent('1.2.3', 'v1.2.4')).toBe(false);
    expect(isCurrent('0.1.0', '1.0')).toBe(false);
  });
});
