// `/api/mj/` and `/api/task/`: admins list everyone's tasks with the channel filter, users only their own (the self
// routes, without channels); the query names and units are the spec's (milliseconds for drawings, seconds for tasks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewTask } from '../src/db/schema';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const submitMs = 1_750_000_000_000;

function task(fields: Partial<NewTask> & Pick<NewTask, 'platform' | 'action' | 'task_id' | 'user_id' | 'channel_id'>): NewTask {
  return {
    token_id: 0,
    token_debited: 0,
    model_name: '',
    code: 1,
    status: 'SUCCESS',
    progress: '100%',
    quota: 100,
    prompt: 'p',
    prompt_en: 'p',
    description: '',
    image_url: '',
    data: '',
    properties: '',
    buttons: '',
    fail_reason: '',
    notify_hook: '',
    submit_time: submitMs,
    start_time: submitMs + 1_000,
    finish_time: submitMs + 30_000,
    created_at: submitMs,
    updated_at: submitMs,
    next_poll_at: 0,
    poll_failures: 0,
    ...fields,
  };
}

describe('drawing and task log routes', () => {
  let server: TestServer;
  let admin: Actor;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ username: 'log-admin', role: 10 });
    alice = await server.createUser({ username: 'alice-tasks' });
    bob = await server.createUser({ username: 'bob-tasks' });
    await server.context.options.set('MjForwardUrlEnabled', false);
    await server.context.db
      .insertInto('tasks')
      .values([
        task({ platform: 'midjourney', action: 'IMAGINE', task_id: 'mj-a', user_id: alice.user.id, channel_id: 3, image_url: 'https://img.example/a.png' }),
        task({ platform: 'midjourney', action: 'UPSCALE', task_id: 'mj-b', user_id: bob.user.id, channel_id: 4, submit_time: submitMs + 3_600_000 }),
        task({ platform: 'suno', action: 'MUSIC', task_id: 'suno-a', user_id: alice.user.id, channel_id: 5 }),
        task({ platform: 'suno', action: 'LYRICS', task_id: 'suno-b', user_id: bob.user.id, channel_id: 6, submit_time: submitMs + 7_200_000 }),
      ])
      .execute();
  });
  afterAll(async () => {
    await server.stop();
  });

  type Listed = { items: Array<Record<string, unknown>>; total: number };
  async function list(url: string, as: Actor): Promise<{ status: number; data: Listed }> {
    const response = await server.call('GET', url, { as });
    return { status: response.statusCode, data: response.json().data as Listed };
  }

  it('lists every drawing for admins, filtered by channel, task id and milliseconds', async () => {
    expect((await list('/api/mj/?p=1', admin)).data.items.map((item) => item.mj_id)).toEqual(['mj-b', 'mj-a']);
    expect((await list('/api/mj/?channel_id=4', admin)).data.items.map((item) => item.mj_id)).toEqual(['mj-b']);
    expect((await list('/api/mj/?mj_id=mj-a', admin)).data.items).toMatchObject([{ mj_id: 'mj-a', channel_id: 3, image_url: 'https://img.example/a.png', submit_time: submitMs, progress: '100%' }]);
    expect((await list(`/api/mj/?start_timestamp=${submitMs + 1}&end_timestamp=${submitMs + 3_600_000}`, admin)).data.items.map((item) => item.mj_id)).toEqual(['mj-b']);
  });

  it('lists only the caller’s own drawings and tasks on the self routes, without channels', async () => {
    const drawings = await list('/api/mj/self/?channel_id=4', alice);
    expect(drawings.data.items.map((item) => [item.mj_id, item.channel_id])).toEqual([['mj-a', 0]]);
    expect(drawings.data.total).toBe(1);
    const tasks = await list('/api/task/self?p=1', bob);
    expect(tasks.data.items.map((item) => [item.task_id, item.channel_id, item.platform])).toEqual([['suno-b', 0, 'suno']]);
  });

  it('filters the task log by channel, task id and seconds, and answers times in seconds', async () => {
    const all = await list('/api/task/', admin);
    expect(all.data.items.map((item) => item.task_id)).toEqual(['suno-b', 'suno-a']);
    expect(all.data.items[1]).toMatchObject({ submit_time: submitMs / 1000, finish_time: (submitMs + 30_000) / 1000, channel_id: 5, action: 'MUSIC' });
    expect((await list('/api/task/?channel_id=5', admin)).data.items.map((item) => item.task_id)).toEqual(['suno-a']);
    expect((await list(`/api/task/?start_timestamp=${submitMs / 1000 + 1}`, admin)).data.items.map((item) => item.task_id)).toEqual(['suno-b']);
    expect((await list('/api/task/?task_id=suno-a', admin)).data.items.map((item) => item.task_id)).toEqual(['suno-a']);
  });

  it('refuses the admin lists to users and every list to anonymous callers', async () => {
    expect((await server.call('GET', '/api/mj/', { as: alice })).statusCode).toBe(403);
    expect((await server.call('GET', '/api/task/', { as: alice })).statusCode).toBe(403);
    for (const url of ['/api/mj/', '/api/mj/self/', '/api/task/', '/api/task/self']) expect((await server.call('GET', url)).statusCode).toBe(401);
  });
});
