// The video relay end to end: the official `openai` SDK's `videos` client (and plain HTTP for new-api's older path
// and Kling's native one) submits videos through the gateway to the Sora, Azure Sora, Veo and Kling emulations; the
// poll job finishes them; each is billed per second through the price book (reserved for the requested length,
// settled on the accepted one), downloadable through the gateway, and a failed video is refunded exactly once.
import { LogType } from '@turnpike/contract';
import { startKlingApi, startSoraApi, startVeoApi, tinyVideo, type VideoApiEmulator } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { balances, logRows, pollTasks, storedTask } from './helpers/task-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

/** Quota of one dollar. */
const perDollar = 500_000;
const startingQuota = 50 * perDollar;
/** Per-second prices set for the test. */
const prices = { 'sora-2': 0.1, 'sora-2-pro': 0.3, 'veo-3.0-generate-001': 0.4, 'kling-v1': 0.05 };

describe('video relay and task lifecycle', () => {
  let server: TestServer;
  let sora: VideoApiEmulator;
  let azure: VideoApiEmulator;
  let veo: VideoApiEmulator;
  let kling: VideoApiEmulator;
  let base: string;
  let user: Actor;
  let key: { key: string; id: number };
  let client: OpenAI;

  beforeAll(async () => {
    [sora, azure, veo, kling] = await Promise.all([
      startSoraApi({ key: 'sora-key' }),
      startSoraApi({ key: 'azure-key', azure: true, acceptedSeconds: '4' }),
      startVeoApi({ key: 'gemini-key' }),
      startKlingApi({ accessKey: 'kling-ak', secretKey: 'kling-sk' }),
    ]);
    server = await startTestServer();
    await server.context.options.set('ModelPrice', prices);
    base = await server.listen();
    user = await server.createUser({ username: 'director', quota: startingQuota });
    await addChannel(server, { baseUrl: sora.url, models: 'sora-2', type: 1, key: 'sora-key', name: 'openai' });
    await addChannel(server, { baseUrl: azure.url, models: 'sora-2-pro', type: 3, key: 'azure-key', name: 'azure' });
    await addChannel(server, { baseUrl: veo.url, models: 'veo-3.0-generate-001', type: 24, key: 'gemini-key', name: 'gemini' });
    await addChannel(server, { baseUrl: kling.url, models: 'kling-v1', type: 50, key: 'kling-ak|kling-sk', name: 'kling' });
    key = await addApiKey(server, user);
    client = new OpenAI({ apiKey: key.key, baseURL: `${base}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await server.stop();
    await Promise.all([sora, azure, veo, kling].map((emulator) => emulator.close()));
  });

  const userQuota = async (): Promise<number> => (await balances(server, user.user.id, key.id)).user;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function finish(emulator: VideoApiEmulator): Promise<void> {
    emulator.board.advance();
    emulator.board.advance();
    await pollTasks(server);
  }

  it('makes a Sora video with the openai SDK: billed per second, polled, remixed and downloaded through the gateway', async () => {
    const start = await userQuota();
    const created = await client.videos.create({ model: 'sora-2', prompt: 'a paper boat on a rainy street', seconds: '8', size: '720x1280' });
    expect(created).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued', progress: 0, seconds: '8', size: '720x1280' });
    expect(created.id).toMatch(/^video_[0-9a-f]{24}$/);
    const upstream = [...sora.board.tasks.values()].at(-1);
    expect(upstream?.body).toMatchObject({ model: 'sora-2', prompt: 'a paper boat on a rainy street', seconds: '8', size: '720x1280' });
    expect(await userQuota()).toBe(start - 8 * 0.1 * perDollar);
    sora.board.advance();
    await pollTasks(server);
    expect(await client.videos.retrieve(created.id)).toMatchObject({ id: created.id, status: 'in_progress', progress: 50 });
    sora.board.advance();
    await pollTasks(server);
    expect(await client.videos.retrieve(created.id)).toMatchObject({ id: created.id, status: 'completed', progress: 100, error: null });
    const stored = await storedTask(server, created.id);
    expect(stored).toMatchObject({ platform: 'sora', action: 'textGenerate', upstream_task_id: upstream?.id, status: 'SUCCESS', quota: 8 * 0.1 * perDollar });
    const content = await client.videos.downloadContent(created.id);
    expect(content.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await content.arrayBuffer()).equals(tinyVideo())).toBe(true);

    const remix = await client.videos.remix(created.id, { prompt: 'the same boat, at night' });
    expect(remix).toMatchObject({ status: 'queued', remixed_from_video_id: created.id, seconds: '8' });
    expect(sora.board.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/videos/${upstream?.id}/remix`, body: { prompt: 'the same boat, at night' } });
    expect(await storedTask(server, remix.id)).toMatchObject({ action: 'remixGenerate', channel_id: stored.channel_id });
    expect(await userQuota()).toBe(start - 2 * 8 * 0.1 * perDollar);
  });

  it('uploads a reference image to Azure Sora and settles on the length the upstream accepted', async () => {
    const start = await userQuota();
    const image = new File([Buffer.from('89504e470d0a1a0a', 'hex')], 'first-frame.png', { type: 'image/png' });
    const created = await client.videos.create({ model: 'sora-2-pro', prompt: 'a lighthouse', seconds: '8', size: '1792x1024', input_reference: image });
    // Reserved for 8 s at the large size, settled on the 4 s Azure accepted: 4 × 1.666667 × $0.3.
    expect(created).toMatchObject({ seconds: '4', size: '1792x1024' });
    expect(await userQuota()).toBe(start - Math.round(4 * 1.666667 * 0.3 * perDollar));
    const received = azure.board.requests.at(-1);
    expect(received).toMatchObject({ method: 'POST', path: '/openai/v1/videos' });
    expect(String(received?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect([...azure.board.tasks.values()].at(-1)?.body).toMatchObject({ model: 'sora-2-pro', seconds: '8', size: '1792x1024', input_reference: { filename: 'first-frame.png' } });
    expect(await storedTask(server, created.id)).toMatchObject({ action: 'generate', platform: 'sora' });
    await finish(azure);
    expect(await client.videos.retrieve(created.id)).toMatchObject({ status: 'completed', seconds: '4' });
    expect(Buffer.from(await (await client.videos.downloadContent(created.id)).arrayBuffer()).equals(tinyVideo())).toBe(true);
  });

  it('makes a Veo video through /v1/video/generations and serves it to the owner’s console session', async () => {
    const start = await userQuota();
    const created = await call('POST', '/v1/video/generations', { model: 'veo-3.0-generate-001', prompt: 'waves at dawn', duration: 6, size: '1280x720' });
    expect(created).toMatchObject({ status: 200, body: { object: 'video', status: 'queued', seconds: '6' } });
    const id = String(created.body.id);
    expect([...veo.board.tasks.values()].at(-1)?.body).toMatchObject({ instances: [{ prompt: 'waves at dawn' }], parameters: { durationSeconds: 6, aspectRatio: '16:9', resolution: '720p' } });
    expect(await userQuota()).toBe(start - 6 * 0.4 * perDollar);
    await finish(veo);
    expect(await call('GET', `/v1/video/generations/${id}`)).toMatchObject({ status: 200, body: { id, status: 'completed', progress: 100 } });
    expect((await storedTask(server, id)).upstream_task_id).toMatch(/^models\/veo-3\.0-generate-001\/operations\/veo\d+$/);
    const bySession = await server.call('GET', `/v1/videos/${id}/content`, { headers: { cookie: user.headers.cookie ?? '' } });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.rawPayload.equals(tinyVideo())).toBe(true);
    const stranger = await server.createUser({ username: 'stranger', quota: 0 });
    expect((await server.call('GET', `/v1/videos/${id}/content`, { headers: { cookie: stranger.headers.cookie ?? '' } })).statusCode).toBe(404);
    expect((await fetch(`${base}/v1/videos/${id}/content`)).status).toBe(401);
  });

  it('relays Kling’s native paths with a signed JWT and answers the result as the gateway’s content URL', async () => {
    const start = await userQuota();
    const created = await call('POST', '/kling/v1/videos/text2video', { model_name: 'kling-v1', prompt: 'a red kite', duration: '10', mode: 'std', aspect_ratio: '16:9' });
    expect(created).toMatchObject({ status: 200, body: { code: 0, data: { task_status: 'submitted' } } });
    const id = String((created.body.data as Record<string, unknown>).task_id);
    expect([...kling.board.tasks.values()].at(-1)).toMatchObject({ action: 'text2video', body: { model_name: 'kling-v1', prompt: 'a red kite', duration: '10', mode: 'std', aspect_ratio: '16:9' } });
    expect(await userQuota()).toBe(start - 10 * 0.05 * perDollar);
    await finish(kling);
    const polled = await call('GET', `/kling/v1/videos/text2video/${id}`);
    const contentUrl = `${base}/v1/videos/${id}/content`;
    expect(polled).toMatchObject({ status: 200, body: { code: 0, data: { task_id: id, task_status: 'succeed', task_result: { videos: [{ url: contentUrl, duration: '10' }] } } } });
    const file = await fetch(contentUrl, { headers: { authorization: `Bearer ${key.key}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(tinyVideo())).toBe(true);
    expect(kling.downloads()).toBe(1);
  });

  it('refunds a failed video exactly once, fails a stuck one after a day, and never bills a refused submit', async () => {
    const start = await userQuota();
    sora.board.queueOutcomes('failure', 'stuck');
    const failed = await client.videos.create({ model: 'sora-2', prompt: 'refused scene', seconds: '4' });
    const stuck = await client.videos.create({ model: 'sora-2', prompt: 'endless scene', seconds: '4' });
    expect(await userQuota()).toBe(start - 2 * 4 * 0.1 * perDollar);
    await finish(sora);
    await pollTasks(server);
    expect(await client.videos.retrieve(failed.id)).toMatchObject({ status: 'failed', error: { message: 'the job was refused by the moderator' } });
    expect(await userQuota()).toBe(start - 4 * 0.1 * perDollar);
    const refunds = (await logRows(server, user.user.id, LogType.System)).filter((row) => row.other.includes(failed.id));
    expect(refunds.map((row) => row.quota)).toEqual([4 * 0.1 * perDollar]);
    expect((await call('GET', `/v1/videos/${failed.id}/content`)).status).toBe(404);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60_000);
    await pollTasks(server);
    vi.useRealTimers();
    expect(await storedTask(server, stuck.id)).toMatchObject({ status: 'FAILURE', fail_reason: 'the upstream task timed out' });
    expect(await userQuota()).toBe(start);

    sora.refuseNext(400, 'Your request was blocked by our moderation system.');
    await expect(client.videos.create({ model: 'sora-2', prompt: 'blocked', seconds: '12' })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('blocked by our moderation system') });
    expect(await userQuota()).toBe(start);
    expect((await call('POST', '/v1/videos', { model: 'veo-3.0-generate-001' })).status).toBe(400);
    await expect(client.videos.remix(failed.id, { prompt: 'again' })).rejects.toMatchObject({ status: 400 });
  });

  it('lists video tasks in the task log with platform, action and progress', async () => {
    const answer = (await server.call('GET', '/api/task/self?p=1&page_size=50', { as: user })).json() as { data: { items: Array<Record<string, unknown>> } };
    const platforms = new Set(answer.data.items.map((item) => item.platform));
    expect([...platforms].sort()).toEqual(['kling', 'sora', 'veo']);
    expect(answer.data.items.find((item) => item.platform === 'veo')).toMatchObject({ action: 'textGenerate', status: 'SUCCESS', progress: '100%', channel_id: 0 });
  });
});
