/// <reference lib="dom" />
// Browser test of the drawing log and task log: tasks submitted through the relay to the midjourney-proxy and Suno
// emulations, finished by the poll job, then /midjourney shows the finished drawing with its status, full progress
// bar and the image (served through the gateway's /mj/image/), and /task the song with its record as JSON.
import { startMidjourneyProxy, startSunoApi, type MidjourneyProxyEmulator, type SunoApiEmulator } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel } from '../../server/test/helpers/relay-fixtures';
import { pollTasks } from '../../server/test/helpers/task-fixtures';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, signIn, waitForMotion, type BrowserSession } from './helpers/browser';

describe('drawing log and task log in Chromium', { timeout: 180_000 }, () => {
  let server: TestServer;
  let proxy: MidjourneyProxyEmulator;
  let suno: SunoApiEmulator;
  let browser: BrowserSession;
  let base: string;
  let drawingId = '';
  let failedId = '';
  let songId = '';

  async function submit(path: string, key: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    requireBuiltConsole();
    [proxy, suno] = await Promise.all([startMidjourneyProxy({ secret: 'mj-secret' }), startSunoApi({ key: 'suno-key' })]);
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    await server.context.options.set('DrawingEnabled', true);
    await server.context.options.set('ModelPrice', { mj_imagine: 0.1, suno_music: 0.1 });
    await addChannel(server, { baseUrl: proxy.url, models: 'mj_imagine', type: 2, key: 'mj-secret', name: 'mj-proxy' });
    await addChannel(server, { baseUrl: suno.url, models: 'suno_music', type: 36, key: 'suno-key', name: 'suno' });
    const admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    await server.context.db.updateTable('users').set({ quota: 10_000_000 }).where('id', '=', admin.user.id).execute();
    expect((await server.call('POST', '/api/token/', { as: admin, body: { name: 'admin-key', unlimited_quota: true } })).json().success).toBe(true);
    const tokens = (await server.call('GET', '/api/token/?p=1&size=10', { as: admin })).json().data.items as Array<{ key: string }>;
    const key = `sk-${tokens[0]?.key ?? ''}`;
    proxy.board.queueOutcomes('success', 'failure');
    drawingId = String((await submit('/mj/submit/imagine', key, { prompt: 'a lighthouse at dusk, oil painting, long exposure, dramatic clouds over the sea' })).result);
    failedId = String((await submit('/mj/submit/imagine', key, { prompt: 'refused' })).result);
    songId = String((await submit('/suno/submit/music', key, { prompt: 'a sea shanty', title: 'Anchors' })).data);
    for (const board of [proxy.board, suno.board, proxy.board, suno.board]) board.advance();
    await pollTasks(server);
    await server.settle();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await proxy?.close();
    await suno?.close();
  });

  it('shows the finished drawing with its status, progress and image', async () => {
    const { page } = browser;
    await signIn(page, base, 'admin', 'admin-password-1');
    await page.goto(`${base}/midjourney`);
    const row = (await server.context.db.selectFrom('tasks').select('id').where('task_id', '=', drawingId).executeTakeFirstOrThrow()).id;
    const failed = (await server.context.db.selectFrom('tasks').select('id').where('task_id', '=', failedId).executeTakeFirstOrThrow()).id;
    await page.getByTestId(`drawing-row-${row}`).waitFor();
    expect(await page.getByTestId(`drawing-status-${row}`).textContent()).toBe('Success');
    expect(await page.getByTestId(`drawing-progress-${row}`).getAttribute('data-percent')).toBe('100');
    expect(await page.getByTestId(`drawing-status-${failed}`).textContent()).toBe('Failed');
    expect(await page.getByTestId(`drawing-action-${row}`).textContent()).toBe('Imagine');
    expect(await page.getByTestId(`drawing-code-${row}`).textContent()).toBe('Submitted');
    await page.getByTestId('drawing-notify-off').waitFor();
    await page.getByTestId(`drawing-image-${row}`).click();
    const preview = page.locator('.ant-image-preview-img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toBe(`${base}/mj/image/${drawingId}`);
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.ant-image-preview-img');
      return image !== null && image.complete && image.naturalWidth === 1;
    });
    await page.keyboard.press('Escape');
    await waitForMotion(page);
    await page.getByTestId(`drawing-prompt-${row}`).click();
    await page.getByTestId(`drawing-prompt-${row}-full`).waitFor();
    expect(await page.getByTestId(`drawing-prompt-${row}-full`).textContent()).toContain('dramatic clouds over the sea');
    await page.keyboard.press('Escape');
    await captureLooks(page, `${base}/midjourney`, 'midjourney', (current) => current.getByTestId(`drawing-row-${row}`).waitFor());
  });

  it('shows the finished song in the task log and its record as JSON', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${base}/task`);
    const row = (await server.context.db.selectFrom('tasks').select('id').where('task_id', '=', songId).executeTakeFirstOrThrow()).id;
    await page.getByTestId(`task-row-${row}`).waitFor();
    expect(await page.getByTestId(`task-status-${row}`).textContent()).toBe('Success');
    expect(await page.getByTestId(`task-progress-${row}`).getAttribute('data-percent')).toBe('100');
    expect(await page.getByTestId(`task-action-${row}`).textContent()).toBe('Generate music');
    await page.getByTestId(`task-id-${row}`).click();
    await page.getByTestId('task-record-json').waitFor();
    expect(JSON.parse((await page.getByTestId('task-record-json').textContent()) ?? '{}')).toMatchObject({ task_id: songId, platform: 'suno', status: 'SUCCESS' });
    await page.keyboard.press('Escape');
    await waitForMotion(page);

    // Twelve more tasks: the first server page holds ten; the second is asked for only when the table reaches it.
    const admin = await server.context.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const song = await server.context.db.selectFrom('tasks').selectAll().where('task_id', '=', songId).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = song;
    await server.context.db.insertInto('tasks').values(Array.from({ length: 12 }, (_, index) => ({ ...copy, user_id: admin.id, task_id: `older-${index}`, submit_time: song.submit_time - 1000 * (index + 1) }))).execute();
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/task/')) pages.push(new URL(request.url()).searchParams.get('p') ?? '');
    });
    await page.evaluate(() => localStorage.setItem('page-size', '10'));
    await page.goto(`${base}/task`);
    await page.getByText('older-11').waitFor();
    expect(pages).toEqual(['1']);
    await page.locator('.ant-pagination-item-2').click();
    await page.getByTestId(`task-row-${row}`).waitFor();
    expect(pages).toEqual(['1', '2']);
    await captureLooks(page, `${base}/task`, 'task', (current) => current.getByText('older-11').waitFor());
  });
});
