/// <reference lib="dom" />
// Browser test of video tasks in the task log: a Sora video submitted through `/v1/videos` to the Sora emulation and
// finished by the poll job shows in /task with its platform, action, status and progress, and its Play button opens
// a <video> that really plays the MP4 streamed through the gateway's content route with the console session.
import { startSoraApi, type VideoApiEmulator } from '@turnpike/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel } from '../../server/test/helpers/relay-fixtures';
import { pollTasks } from '../../server/test/helpers/task-fixtures';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, signIn, type BrowserSession } from './helpers/browser';

describe('video tasks in the task log in Chromium', { timeout: 180_000 }, () => {
  let server: TestServer;
  let sora: VideoApiEmulator;
  let browser: BrowserSession;
  let base: string;
  let videoId = '';
  let failedId = '';

  async function submit(key: string, prompt: string): Promise<string> {
    const response = await fetch(`${base}/v1/videos`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ model: 'sora-2', prompt, seconds: '4' }) });
    expect(response.status).toBe(200);
    return String(((await response.json()) as { id: string }).id);
  }

  /** Opens the row's player and waits until the <video> has decoded the 64×64 file. */
  async function play(page: Page, row: number): Promise<void> {
    await page.getByTestId(`task-play-${row}`).click();
    await page.getByTestId('task-video').waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="task-video"]');
      return video !== null && video.error === null && video.readyState >= 2 && video.videoWidth === 64 && video.videoHeight === 64;
    });
  }

  beforeAll(async () => {
    requireBuiltConsole();
    sora = await startSoraApi({ key: 'sora-key' });
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    await server.context.options.set('ModelPrice', { 'sora-2': 0.1 });
    await addChannel(server, { baseUrl: sora.url, models: 'sora-2', type: 1, key: 'sora-key', name: 'sora' });
    const admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    await server.context.db.updateTable('users').set({ quota: 10_000_000 }).where('id', '=', admin.user.id).execute();
    expect((await server.call('POST', '/api/token/', { as: admin, body: { name: 'admin-key', unlimited_quota: true } })).json().success).toBe(true);
    const tokens = (await server.call('GET', '/api/token/?p=1&size=10', { as: admin })).json().data.items as Array<{ key: string }>;
    const key = `sk-${tokens[0]?.key ?? ''}`;
    sora.board.queueOutcomes('success', 'failure');
    videoId = await submit(key, 'a paper boat on a rainy street');
    failedId = await submit(key, 'a refused scene');
    sora.board.advance();
    sora.board.advance();
    await pollTasks(server);
    await server.settle();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sora?.close();
  });

  it('shows the video task and plays its result through the gateway', async () => {
    const { page } = browser;
    await signIn(page, base, 'admin', 'admin-password-1');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${base}/task`);
    const row = (await server.context.db.selectFrom('tasks').select('id').where('task_id', '=', videoId).executeTakeFirstOrThrow()).id;
    const failed = (await server.context.db.selectFrom('tasks').select('id').where('task_id', '=', failedId).executeTakeFirstOrThrow()).id;
    await page.getByTestId(`task-row-${row}`).waitFor();
    expect(await page.getByTestId(`task-platform-${row}`).textContent()).toBe('Sora');
    expect(await page.getByTestId(`task-action-${row}`).textContent()).toBe('Text to video');
    expect(await page.getByTestId(`task-status-${row}`).textContent()).toBe('Success');
    expect(await page.getByTestId(`task-progress-${row}`).getAttribute('data-percent')).toBe('100');
    expect(await page.getByTestId(`task-status-${failed}`).textContent()).toBe('Failed');
    expect(await page.getByTestId(`task-fail-${failed}`).textContent()).toContain('the job was refused by the moderator');
    expect(await page.getByTestId(`task-play-${failed}`).count()).toBe(0);
    const contentRequests: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/content')) contentRequests.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await play(page, row);
    expect(await page.getByTestId('task-video').getAttribute('src')).toBe(`/v1/videos/${videoId}/content`);
    expect(contentRequests).toContain(`200 /v1/videos/${videoId}/content`);
    await page.keyboard.press('Escape');
    await captureLooks(page, `${base}/task`, 'task-video', (current) => play(current, row));
  });
});
