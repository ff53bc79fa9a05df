// The Suno relay end to end: music and lyrics submitted through `/suno/submit/*` with a real HTTP client reach the
// Suno API emulation, the poll job finishes them, `/suno/fetch` answers them, and a failed song is refunded once.
import { LogType } from '@turnpike/contract';
import { startSunoApi, type SunoApiEmulator } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { balances, logRows, pollTasks, storedTask } from './helpers/task-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const sunoKey = 'suno-upstream-key';
/** $0.1 × 500000 per song (new-api's default suno_music price), $0.02 per lyrics. */
const musicPrice = 50_000;
const lyricsPrice = 10_000;
const startingQuota = 500_000;

describe('Suno relay and task lifecycle', () => {
  let server: TestServer;
  let suno: SunoApiEmulator;
  let base: string;
  let user: Actor;
  let key: { key: string; id: number };

  beforeAll(async () => {
    suno = await startSunoApi({ key: sunoKey });
    server = await startTestServer();
    await server.context.options.set('ModelPrice', { suno_music: 0.1, suno_lyrics: 0.02 });
    base = await server.listen();
    user = await server.createUser({ username: 'singer', quota: startingQuota });
    await addChannel(server, { baseUrl: suno.url, models: 'suno_music,suno_lyrics', type: 36, key: sunoKey });
    key = await addApiKey(server, user);
  });
  afterAll(async () => {
    await server.stop();
    await suno.close();
  });

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const userQuota = async (): Promise<number> => (await balances(server, user.user.id, key.id)).user;

  it('bills a song when the Suno API accepts it and answers it finished from /suno/fetch', async () => {
    const answer = await call('POST', '/suno/submit/music', { prompt: 'a sea shanty', title: 'Anchors' });
    expect(answer).toMatchObject({ status: 200, body: { code: 'success' } });
    const id = String(answer.body.data);
    expect(suno.board.tasks.get(id)?.body).toMatchObject({ prompt: 'a sea shanty', mv: 'chirp-v3-0' });
    expect(await userQuota()).toBe(startingQuota - musicPrice);
    suno.board.advance();
    await pollTasks(server);
    expect((await call('GET', `/suno/fetch/${id}`)).body.data).toMatchObject({ task_id: id, action: 'MUSIC', status: 'IN_PROGRESS', progress: '50%' });
    suno.board.advance();
    await pollTasks(server);
    const fetched = await call('POST', '/suno/fetch', { ids: [id] });
    expect(fetched.body).toMatchObject({ code: 'success', data: [{ task_id: id, status: 'SUCCESS', progress: '100%', data: [{ id: `${id}-clip`, title: 'Anchors' }] }] });
    expect(await storedTask(server, id)).toMatchObject({ platform: 'suno', model_name: 'suno_music', quota: musicPrice });
    expect(await userQuota()).toBe(startingQuota - musicPrice);
  });

  it('refunds failed lyrics exactly once and never bills a refused submit', async () => {
    const start = await userQuota();
    suno.board.queueOutcomes('failure');
    const id = String((await call('POST', '/suno/submit/lyrics', { prompt: 'rain' })).body.data);
    expect(await userQuota()).toBe(start - lyricsPrice);
    suno.board.advance();
    suno.board.advance();
    await pollTasks(server);
    await pollTasks(server);
    expect(await storedTask(server, id)).toMatchObject({ status: 'FAILURE', fail_reason: 'the job was refused by the moderator' });
    expect(await userQuota()).toBe(start);
    expect((await logRows(server, user.user.id, LogType.System)).filter((row) => row.other.includes(id)).map((row) => row.quota)).toEqual([lyricsPrice]);

    suno.refuseNext('quota exhausted upstream');
    const refused = await call('POST', '/suno/submit/music', { prompt: 'nothing' });
    expect(refused).toMatchObject({ status: 500, body: { code: 'submit_refused', message: 'quota exhausted upstream', data: null } });
    expect(await userQuota()).toBe(start);
    expect((await call('POST', '/suno/submit/lyrics', {})).body).toMatchObject({ code: 'invalid_request', message: 'prompt_empty' });
  });

  it('answers another user nothing of these tasks', async () => {
    const other = await server.createUser({ username: 'other-singer', quota: startingQuota });
    const otherKey = await addApiKey(server, other);
    const mine = await server.context.db.selectFrom('tasks').select('task_id').where('user_id', '=', user.user.id).execute();
    const headers = { authorization: `Bearer ${otherKey.key}`, 'content-type': 'application/json' };
    const listed = await fetch(`${base}/suno/fetch`, { method: 'POST', headers, body: JSON.stringify({ ids: mine.map((row) => row.task_id) }) });
    expect(await listed.json()).toEqual({ code: 'success', message: '', data: [] });
    const one = await fetch(`${base}/suno/fetch/${mine[0].task_id}`, { headers });
    expect(await one.json()).toEqual({ code: 'success', message: '', data: null });
    expect((await fetch(`${base}/suno/fetch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
  });
});
