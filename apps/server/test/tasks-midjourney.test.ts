// The Midjourney relay end to end: a real HTTP client submits through `/mj` to the midjourney-proxy emulation, the
// poll job moves the task to its end, and the money is exact to the unit: billed once when the proxy accepts,
// refunded once when it fails the task or it outlives its timeout, never billed when the proxy refuses it.
import { LogType } from '@turnpike/contract';
import { emulatedImagePng, startMidjourneyProxy, type MidjourneyProxyEmulator } from '@turnpike/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { balances, logRows, pollTasks, storedTask } from './helpers/task-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const secret = 'mj-secret';
/** $0.1 × 500000 per imagine, $0.05 per upscale. */
const imaginePrice = 50_000;
const upscalePrice = 25_000;
const startingQuota = 3_000_000;
const tokenQuota = 2_000_000;

describe('Midjourney relay and task lifecycle', () => {
  let server: TestServer;
  let proxy: MidjourneyProxyEmulator;
  let base: string;
  let user: Actor;
  let key: { key: string; id: number };
  let channelId: number;

  beforeAll(async () => {
    proxy = await startMidjourneyProxy({ secret });
    server = await startTestServer();
    await server.context.options.set('DrawingEnabled', true);
    await server.context.options.set('ModelPrice', { mj_imagine: 0.1, mj_upscale: 0.05 });
    base = await server.listen();
    user = await server.createUser({ username: 'painter', quota: startingQuota });
    channelId = await addChannel(server, { baseUrl: proxy.url, models: 'mj_imagine,mj_upscale,mj_variation', type: 2, key: secret, name: 'mj-main' });
    key = await addApiKey(server, user, { unlimited_quota: false, remain_quota: tokenQuota });
  });
  afterAll(async () => {
    await server.stop();
    await proxy.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function submit(path: string, body: Record<string, unknown>, apiKey = key.key): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function fetchTask(id: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${base}/mj/task/${id}/fetch`, { headers: { authorization: `Bearer ${key.key}` } });
    return (await response.json()) as Record<string, unknown>;
  }

  async function spent(): Promise<{ user: number; token: number }> {
    const now = await balances(server, user.user.id, key.id);
    return { user: startingQuota - now.user, token: tokenQuota - now.token };
  }

  let before: { user: number; token: number };
  beforeEach(async () => {
    before = await spent();
  });

  it('bills an accepted imagine once, and the poll job takes it through IN_PROGRESS to SUCCESS with a forwarded image', async () => {
    const answer = await submit('/mj/submit/imagine', { prompt: 'a lighthouse --fast', accountFilter: { channelId: 'x' }, notifyHook: 'http://10.0.0.1/hook' });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(1);
    const id = String(answer.body.result);
    expect(proxy.board.tasks.get(id)?.body).toEqual({ prompt: 'a lighthouse ' });
    expect(await spent()).toEqual({ user: before.user + imaginePrice, token: before.token + imaginePrice });
    expect((await fetchTask(id)).status).toBe('SUBMITTED');

    proxy.board.advance();
    await pollTasks(server);
    expect(await fetchTask(id)).toMatchObject({ status: 'IN_PROGRESS', progress: '50%', imageUrl: '' });

    proxy.board.advance();
    await pollTasks(server);
    const done = await fetchTask(id);
    expect(done).toMatchObject({ id, action: 'IMAGINE', status: 'SUCCESS', progress: '100%', imageUrl: `${base}/mj/image/${id}`, prompt: 'a lighthouse --fast' });
    const image = await fetch(String(done.imageUrl));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(emulatedImagePng);

    expect(await spent()).toEqual({ user: before.user + imaginePrice, token: before.token + imaginePrice });
    const consumed = (await logRows(server, user.user.id, LogType.Consume)).filter((row) => row.other.includes(id));
    expect(consumed.map((row) => [row.quota, row.model_name])).toEqual([[imaginePrice, 'mj_imagine']]);
  });

  it('refunds a task the proxy fails exactly once, to the unit, with one log row', async () => {
    proxy.board.queueOutcomes('failure');
    const id = String((await submit('/mj/submit/imagine', { prompt: 'forbidden' })).body.result);
    expect(await spent()).toEqual({ user: before.user + imaginePrice, token: before.token + imaginePrice });
    proxy.board.advance();
    proxy.board.advance();
    await pollTasks(server);
    await pollTasks(server);
    const task = await storedTask(server, id);
    expect(task).toMatchObject({ status: 'FAILURE', progress: '100%', fail_reason: 'the job was refused by the moderator', quota: imaginePrice });
    expect(await spent()).toEqual(before);
    const refunds = (await logRows(server, user.user.id, LogType.System)).filter((row) => row.other.includes(id));
    expect(refunds.map((row) => row.quota)).toEqual([imaginePrice]);
    expect(JSON.parse(refunds[0].other)).toMatchObject({ refund: true, task_id: id, platform: 'midjourney' });
    expect(await fetchTask(id)).toMatchObject({ status: 'FAILURE', failReason: 'the job was refused by the moderator' });
  });

  it('never bills a submit the proxy refuses, and logs it with its code', async () => {
    proxy.refuseNext(24, 'banned prompt');
    const answer = await submit('/mj/submit/imagine', { prompt: 'nude body' });
    expect(answer.body).toMatchObject({ code: 24, description: 'banned prompt' });
    expect(await spent()).toEqual(before);
    const row = await server.context.db.selectFrom('tasks').selectAll().where('code', '=', 24).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'FAILURE', quota: 0, fail_reason: 'banned prompt', task_id: '' });
    await pollTasks(server);
    expect(await spent()).toEqual(before);
  });

  it('fails and refunds a task stuck past its hour', async () => {
    proxy.board.queueOutcomes('stuck');
    const id = String((await submit('/mj/submit/imagine', { prompt: 'slow' })).body.result);
    proxy.board.advance();
    proxy.board.advance();
    await pollTasks(server);
    expect((await storedTask(server, id)).status).toBe('IN_PROGRESS');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    await pollTasks(server);
    vi.useRealTimers();
    expect(await storedTask(server, id)).toMatchObject({ status: 'FAILURE', fail_reason: 'the upstream task timed out' });
    expect(await spent()).toEqual(before);
  });

  it('backs off after a failed poll and picks the task up again afterwards', async () => {
    const id = String((await submit('/mj/submit/imagine', { prompt: 'patient' })).body.result);
    proxy.board.advance();
    proxy.board.failingPolls = { status: 500, count: 1 };
    await pollTasks(server);
    const deferred = await storedTask(server, id);
    expect(deferred.poll_failures).toBe(1);
    expect(deferred.next_poll_at).toBeGreaterThan(Date.now() + 20_000);
    const polls = proxy.board.requests.filter((request) => request.path === '/mj/task/list-by-condition').length;
    await pollTasks(server);
    expect(proxy.board.requests.filter((request) => request.path === '/mj/task/list-by-condition').length).toBe(polls);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(deferred.next_poll_at + 1);
    await pollTasks(server);
    expect(await storedTask(server, id)).toMatchObject({ status: 'IN_PROGRESS', poll_failures: 0 });
    proxy.board.advance();
    await pollTasks(server);
    expect((await storedTask(server, id)).status).toBe('SUCCESS');
  });

  it('runs an upscale on the channel of the task it acts on, priced as mj_upscale, only once that task succeeded', async () => {
    proxy.board.queueOutcomes('stuck');
    const pending = String((await submit('/mj/submit/imagine', { prompt: 'not yet' })).body.result);
    const early = await submit('/mj/submit/change', { taskId: pending, action: 'UPSCALE', index: 1 });
    expect(early).toMatchObject({ status: 400, body: { code: 4, description: 'task_status_not_success' } });
    const origin = String((await submit('/mj/submit/imagine', { prompt: 'a boat' })).body.result);
    proxy.board.advance();
    proxy.board.advance();
    await pollTasks(server);
    const mark = await spent();
    const upscale = await submit('/mj/submit/simple-change', { content: `${origin} U2` });
    expect(upscale.body.code).toBe(1);
    const task = await storedTask(server, String(upscale.body.result));
    expect(task).toMatchObject({ action: 'UPSCALE', model_name: 'mj_upscale', channel_id: channelId, prompt: 'a boat', quota: upscalePrice });
    expect(await spent()).toEqual({ user: mark.user + upscalePrice, token: mark.token + upscalePrice });
  });

  it('refuses a submit the balance cannot cover before any upstream sees it', async () => {
    const poor = await server.createUser({ username: 'poor-painter', quota: imaginePrice - 1 });
    const poorKey = await addApiKey(server, poor);
    const submits = proxy.board.requests.length;
    const answer = await submit('/mj/submit/imagine', { prompt: 'expensive' }, poorKey.key);
    expect(answer.status).toBe(403);
    expect(proxy.board.requests.length).toBe(submits);
    expect((await balances(server, poor.user.id, poorKey.id)).user).toBe(imaginePrice - 1);
  });

  it('fails over to the next channel when one faults before accepting, and bills once', async () => {
    const second = await startMidjourneyProxy({ secret });
    try {
      await server.context.db.updateTable('channels').set({ priority: 10 }).where('id', '=', channelId).execute();
      const backup = await addChannel(server, { baseUrl: second.url, models: 'mj_imagine', type: 2, key: secret, priority: 0, name: 'mj-backup' });
      await server.context.options.set('RetryTimes', 2);
      proxy.failNextSubmits(502, 1);
      const answer = await submit('/mj/submit/imagine', { prompt: 'fail over' });
      expect(answer.body.code).toBe(1);
      expect((await storedTask(server, String(answer.body.result))).channel_id).toBe(backup);
      expect(await spent()).toEqual({ user: before.user + imaginePrice, token: before.token + imaginePrice });
      await server.context.db.updateTable('channels').set({ status: 2 }).where('id', '=', backup).execute();
      await server.context.relay.routing.reload();
    } finally {
      await second.close();
    }
  });

  it("answers a proxy that refuses the channel's secret as the gateway's fault (502 in Midjourney's shape, never a 401), and bills nothing", async () => {
    const charged = await spent();
    proxy.failNextSubmits(401, 1);
    const answer = await submit('/mj/submit/imagine', { prompt: 'refused' });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 5, type: 'upstream_error' });
    expect(String(answer.body.description)).toMatch(/^the upstream refused the channel's credentials; your API key is not at fault \(request id: [\w-]+\)$/);
    expect(await spent()).toEqual(charged);
  });

  it('answers only the caller’s own tasks, and refuses submits while drawing is off', async () => {
    const other = await server.createUser({ username: 'other-painter', quota: startingQuota });
    const otherKey = await addApiKey(server, other);
    const mine = String((await submit('/mj/submit/imagine', { prompt: 'mine' })).body.result);
    const seen = await fetch(`${base}/mj/task/${mine}/fetch`, { headers: { authorization: `Bearer ${otherKey.key}` } });
    expect(((await seen.json()) as Record<string, unknown>).description).toBe('task_no_found');
    const listed = await fetch(`${base}/mj/task/list-by-condition`, { method: 'POST', headers: { 'mj-api-secret': otherKey.key, 'content-type': 'application/json' }, body: JSON.stringify({ ids: [mine] }) });
    expect(await listed.json()).toEqual([]);
    await server.context.options.set('DrawingEnabled', false);
    try {
      expect((await submit('/mj/submit/imagine', { prompt: 'off' })).body).toMatchObject({ code: 4, description: 'drawing is not enabled' });
    } finally {
      await server.context.options.set('DrawingEnabled', true);
    }
  });

  it('serves the mode paths and the mj-api-secret key, answers image seeds, and the upstream image URL when forwarding is off', async () => {
    const answer = await fetch(`${base}/mj-fast/mj/submit/imagine`, { method: 'POST', headers: { 'mj-api-secret': key.key, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'by mode path' }) });
    const id = String(((await answer.json()) as Record<string, unknown>).result);
    expect(proxy.board.requests.at(-1)?.path).toBe('/mj/submit/imagine');
    expect((await fetch(`${base}/mj-slow/mj/task/${id}/fetch`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(404);
    const seed = await fetch(`${base}/mj/task/${id}/image-seed`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(await seed.json()).toEqual({ code: 1, description: 'success', result: `seed-${id}` });
    proxy.board.advance();
    proxy.board.advance();
    await pollTasks(server);
    await server.context.options.set('MjForwardUrlEnabled', false);
    try {
      expect((await fetchTask(id)).imageUrl).toBe(`${proxy.url}/images/${id}.png`);
    } finally {
      await server.context.options.set('MjForwardUrlEnabled', true);
    }
  });

  it('refuses to proxy an image from an internal address that is not the channel’s own host', async () => {
    const id = String((await submit('/mj/submit/imagine', { prompt: 'moved image' })).body.result);
    await server.context.db.updateTable('tasks').set({ image_url: 'http://169.254.169.254/latest/meta-data' }).where('task_id', '=', id).execute();
    const response = await fetch(`${base}/mj/image/${id}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'request blocked: 169.254.169.254 is not a public address' });
    expect((await fetch(`${base}/mj/image/no-such-task`)).status).toBe(400);
  });

  it('never forwards the notify hook upstream, and does not call a hook on an internal address', async () => {
    const calls: string[] = [];
    const hook = createServer((request, response) => {
      calls.push(request.url ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    await server.context.options.set('MjNotifyEnabled', true);
    try {
      const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/done`;
      const id = String((await submit('/mj/submit/imagine', { prompt: 'tell me', notifyHook: hookUrl })).body.result);
      expect(proxy.board.tasks.get(id)?.body).toEqual({ prompt: 'tell me' });
      expect((await storedTask(server, id)).notify_hook).toBe(hookUrl);
      proxy.board.advance();
      await pollTasks(server);
      proxy.board.advance();
      await pollTasks(server);
      expect((await storedTask(server, id)).status).toBe('SUCCESS');
      expect(calls).toEqual([]);
    } finally {
      await server.context.options.set('MjNotifyEnabled', false);
      hook.closeAllConnections();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });

  it('calls a hook on an internal address the operator allowed (OUTBOUND_ALLOW), with the finished task', async () => {
    const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
    const hook = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        calls.push({ path: request.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const allowing = await startTestServer({ OUTBOUND_ALLOW: '127.0.0.1' });
    try {
      await allowing.context.options.set('DrawingEnabled', true);
      await allowing.context.options.set('MjNotifyEnabled', true);
      await allowing.context.options.set('ModelPrice', { mj_imagine: 0.1 });
      const allowingBase = await allowing.listen();
      const painter = await allowing.createUser({ username: 'allowed-painter', quota: startingQuota });
      await addChannel(allowing, { baseUrl: proxy.url, models: 'mj_imagine', type: 2, key: secret, name: 'mj-allowed' });
      const allowedKey = await addApiKey(allowing, painter, { unlimited_quota: true });
      const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/done`;
      const response = await fetch(`${allowingBase}/mj/submit/imagine`, { method: 'POST', headers: { authorization: `Bearer ${allowedKey.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'call me', notifyHook: hookUrl }) });
      const id = String(((await response.json()) as { result: string }).result);
      proxy.board.advance();
      await pollTasks(allowing);
      proxy.board.advance();
      await pollTasks(allowing);
      expect((await storedTask(allowing, id)).status).toBe('SUCCESS');
      expect(calls.at(-1)).toMatchObject({ path: '/done', body: { id, status: 'SUCCESS', prompt: 'call me' } });
    } finally {
      await allowing.stop();
      hook.closeAllConnections();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });
});
