// GET /api/uptime/status against a small real HTTP server that answers as Uptime Kuma does: the status page
// (`/api/status-page/<slug>`: publicGroupList with monitorList) and its heartbeats (`/api/status-page/heartbeat/<slug>`:
// heartbeatList oldest first, uptimeList keyed `<id>_24` in Kuma 1.x and `<id>` in 2.x, whose day buckets pad with 0).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const statusPages: Record<string, unknown> = {
  main: {
    config: { slug: 'main', title: 'Main' },
    incident: null,
    publicGroupList: [
      { id: 1, name: 'APIs', weight: 1, monitorList: [{ id: 11, name: 'OpenAI' }, { id: 12, name: 'Anthropic' }] },
      { id: 2, name: 'Empty', weight: 2, monitorList: [] },
    ],
    maintenanceList: [],
  },
  v2: { config: { slug: 'v2' }, incident: null, publicGroupList: [{ id: 3, name: 'Web', monitorList: [{ id: 21, name: 'Site' }] }], maintenanceList: [] },
  broken: { publicGroupList: [{ id: 4, name: 'Gone', monitorList: [{ id: 31, name: 'Lost' }] }] },
};

const heartbeats: Record<string, unknown> = {
  main: {
    heartbeatList: {
      '11': [
        { status: 0, time: '2026-11-26 10:00:00', msg: 'timeout', ping: null },
        { status: 1, time: '2026-11-26 10:01:00', msg: '', ping: 120 },
      ],
      '12': [
        { status: 1, time: '2026-11-26 10:00:00', msg: '', ping: 80 },
        { status: 0, time: '2026-11-26 10:01:00', msg: '502', ping: null },
      ],
    },
    uptimeList: { '11_24': 0.9986, '12_24': 0.5 },
  },
  v2: { heartbeatList: { '21': [{ status: 3, time: '2026-11-25T00:00:00Z', msg: '', ping: null }, 0] }, uptimeList: { '21': 0.75 } },
};

describe('GET /api/uptime/status', () => {
  let server: TestServer;
  let guarded: TestServer;
  let root: Actor;
  let kuma: http.Server;
  let kumaUrl: string;
  const asked: string[] = [];

  beforeAll(async () => {
    kuma = http.createServer((request, response) => {
      const path = request.url ?? '';
      asked.push(path);
      const heartbeat = /^\/api\/status-page\/heartbeat\/([\w-]+)$/.exec(path);
      const page = /^\/api\/status-page\/([\w-]+)$/.exec(path);
      const body = heartbeat ? heartbeats[heartbeat[1]] : page ? statusPages[page[1]] : undefined;
      if (body === undefined) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ok: false, msg: 'Status Page Not Found' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => kuma.listen(0, '127.0.0.1', resolve));
    kumaUrl = `http://127.0.0.1:${(kuma.address() as AddressInfo).port}`;
    // The operator allows the loopback Kuma; the second server keeps the default SSRF guard.
    server = await startTestServer({ OUTBOUND_ALLOW: '127.0.0.1' });
    guarded = await startTestServer();
    root = await server.createUser({ username: 'root', role: 100 });
  });
  beforeEach(() => {
    asked.length = 0;
  });
  afterAll(async () => {
    kuma.closeAllConnections();
    await new Promise((resolve) => kuma.close(resolve));
    await server.stop();
    await guarded.stop();
  });

  const groups = (list: unknown[]) => JSON.stringify(list);
  const status = async (target: TestServer = server) => {
    const response = await target.call('GET', '/api/uptime/status');
    expect(response.statusCode).toBe(200);
    return JSON.parse(response.body) as { success: boolean; message: string; data: unknown };
  };

  it('answers an empty list without asking anyone when no group is configured', async () => {
    expect(await status()).toEqual({ success: true, message: '', data: [] });
    expect(asked).toEqual([]);
  });

  it('reads each group from its status page and heartbeats, a failed group with no monitors', async () => {
    await server.context.options.set(
      'console_setting.uptime_kuma_groups',
      groups([
        { id: 1, categoryName: 'Providers', url: `${kumaUrl}/`, slug: 'main', description: 'upstreams' },
        { id: 2, categoryName: 'Website', url: kumaUrl, slug: 'v2' },
        { id: 3, categoryName: 'Broken', url: kumaUrl, slug: 'broken' },
      ]),
    );
    expect(await status()).toEqual({
      success: true,
      message: '',
      data: [
        {
          categoryName: 'Providers',
          monitors: [
            // The newest heartbeat is the monitor's status.
            { name: 'OpenAI', uptime: 0.9986, status: 1, group: 'APIs' },
            { name: 'Anthropic', uptime: 0.5, status: 0, group: 'APIs' },
          ],
        },
        // Kuma 2.x: uptime keyed by the bare id, an empty bucket (0) after the last real beat.
        { categoryName: 'Website', monitors: [{ name: 'Site', uptime: 0.75, status: 3, group: 'Web' }] },
        { categoryName: 'Broken', monitors: [] },
      ],
    });
    expect([...asked].sort()).toEqual(
      ['/api/status-page/main', '/api/status-page/heartbeat/main', '/api/status-page/v2', '/api/status-page/heartbeat/v2', '/api/status-page/broken', '/api/status-page/heartbeat/broken'].sort(),
    );
  });

  it('reuses the answer briefly, and asks again as soon as the groups change', async () => {
    await server.context.options.set('console_setting.uptime_kuma_groups', groups([{ categoryName: 'Providers', url: kumaUrl, slug: 'main' }]));
    const first = await status();
    const second = await status();
    expect(second).toEqual(first);
    expect(asked).toHaveLength(2);
    await server.context.options.set('console_setting.uptime_kuma_groups', groups([{ categoryName: 'Site', url: kumaUrl, slug: 'v2' }]));
    expect(((await status()).data as Array<{ categoryName: string }>)[0].categoryName).toBe('Site');
    expect(asked).toHaveLength(4);
  });

  it('never reaches an internal address the operator did not allow', async () => {
    await guarded.context.options.set('console_setting.uptime_kuma_groups', groups([{ categoryName: 'Providers', url: kumaUrl, slug: 'main' }]));
    expect((await status(guarded)).data).toEqual([{ categoryName: 'Providers', monitors: [] }]);
    expect(asked).toEqual([]);
  });

  it('tells the consoles in /api/status whether the panel is on', async () => {
    expect((await server.call('GET', '/api/status')).json().data.uptime_kuma_enabled).toBe(true);
    await server.context.options.set('console_setting.uptime_kuma_enabled', false);
    expect((await server.call('GET', '/api/status')).json().data.uptime_kuma_enabled).toBe(false);
  });

  it('validates the groups option', async () => {
    const save = (value: unknown[]) => server.call('PUT', '/api/option/', { as: root, body: { key: 'console_setting.uptime_kuma_groups', value: groups(value) } });
    const cases: Array<[unknown[], string]> = [
      [[{ categoryName: 'A', url: kumaUrl, slug: 'bad slug' }], 'an uptime slug may contain only letters, digits, _ and -'],
      [[{ categoryName: 'A', url: 'ftp://kuma.example.test', slug: 'a' }], 'an uptime URL must be an http(s) URL'],
      [[{ categoryName: '', url: kumaUrl, slug: 'a' }], 'each uptime group needs a category name'],
      [
        [
          { categoryName: 'A', url: kumaUrl, slug: 'a' },
          { categoryName: 'A', url: kumaUrl, slug: 'b' },
        ],
        'uptime category names must be distinct',
      ],
      [Array.from({ length: 21 }, (_, index) => ({ categoryName: `c${index}`, url: kumaUrl, slug: 's' })), 'at most 20 uptime groups'],
    ];
    for (const [value, message] of cases) {
      const response = await save(value);
      expect(response.statusCode, message).toBe(400);
      const body = JSON.parse(response.body) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message, message).toContain(message);
    }
    const user = await server.createUser({ username: 'user', role: 1 });
    const refused = await server.call('PUT', '/api/option/', { as: user, body: { key: 'console_setting.uptime_kuma_groups', value: '[]' } });
    expect(refused.statusCode).toBe(403);
  });
});
