// The version check (issue 26 part 5): GET /api/update_check asks a local emulation of a code host's latest-release
// endpoint (on loopback, which the operator allows with OUTBOUND_ALLOW), compares the tag, and answers a clear failure
// when the source is offline, slow or internal (without the allowance, loopback is refused).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeOutbound } from '../src/http/safe-outbound';
import { serverVersion } from '../src/system/server-version';
import { isCurrent, lookUpLatestRelease, updateFailureReason } from '../src/system/update-check';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('version check', () => {
  let server: TestServer;
  let strict: TestServer;
  let admin: Actor;
  let strictAdmin: Actor;
  let releases: http.Server;
  let answer: { status: number; body: unknown } | 'hang' = { status: 200, body: {} };
  let releaseUrl: string;
  const asked: Array<string | undefined> = [];

  beforeAll(async () => {
    server = await startTestServer({ OUTBOUND_ALLOW: '127.0.0.1' });
    strict = await startTestServer();
    admin = await server.createUser({ username: 'root', role: 100 });
    strictAdmin = await strict.createUser({ username: 'root', role: 100 });
    releases = http.createServer((request, response) => {
      asked.push(request.headers.accept);
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => releases.listen(0, '127.0.0.1', resolve));
    releaseUrl = `http://127.0.0.1:${(releases.address() as AddressInfo).port}/repos/acme/turnpike/releases/latest`;
    await server.context.options.set('UpdateCheckUrl', releaseUrl);
    await strict.context.options.set('UpdateCheckUrl', releaseUrl);
  });
  afterAll(async () => {
    releases.closeAllConnections();
    await new Promise((resolve) => releases.close(resolve));
    await server.stop();
    await strict.stop();
  });

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
    const allowing = new SafeOutbound(['127.0.0.1']);
    const slow = await lookUpLatestRelease(releaseUrl, allowing, 200).then(
      () => 'answered',
      (error: unknown) => updateFailureReason(error),
    );
    expect(slow).toBe('the release source did not answer in time');
    await allowing.dispatcher.close();
    await server.context.options.set('UpdateCheckUrl', 'http://127.0.0.1:1/releases/latest');
    const offline = (await check()).json();
    expect(offline.success).toBe(false);
    expect(offline.message).toMatch(/^update check failed: .*ECONNREFUSED/);
    // Without the operator's allowance an internal address is never reached.
    const refused = await strict.call('GET', '/api/update_check', { as: strictAdmin });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe('update check failed: 127.0.0.1 is not a public address');
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
