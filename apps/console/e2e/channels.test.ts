/// <reference lib="dom" />
// Browser test of /channel: the create/edit drawer and its rules, row actions (test, model picker, enable/disable, copy,
// delete, upstream detection), inline priority and weight, the toolbar (batch tag, batch delete, fix, delete disabled, stored switches and
// columns), tag mode with the tag drawer, and screenshots of the list, tag mode and drawer in every look.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey } from '../../server/test/helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, screenshotDir, type BrowserSession, waitForMotion, waitForToast } from './helpers/browser';

/** Waits for the page (lazy chunks, queries) rather than vitest's one-second default. */
const polling = { timeout: 10_000 };

interface ChannelRow {
  id: number;
  name: string;
  status: number;
  priority: number;
  weight: number;
  tag: string;
  base_url: string;
  models: string;
  other: string;
  response_time: number;
}

describe('channel management in Chromium', { timeout: 240_000 }, () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let browser: BrowserSession;
  let base: string;
  let admin: Actor;
  const puts: unknown[] = [];
  const ids: Record<string, number> = {};

  const toast = (page: Page, text: string | RegExp) => waitForToast(page, text);
  // Closed popconfirms stay in the page (hidden): confirm the open one, once the one closed before it has finished
  // its closing animation (until then both count as open).
  const confirmPopover = async (page: Page): Promise<void> => {
    const open = page.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-btn-primary');
    await expect.poll(() => open.count(), polling).toBe(1);
    await waitForMotion(page);
    await open.click();
  };
  const channels = async (): Promise<ChannelRow[]> => (await server.call('GET', '/api/channel/?p=1&page_size=100', { as: admin })).json().data.items as ChannelRow[];
  const channel = async (id: number): Promise<ChannelRow> => (await server.call('GET', `/api/channel/${id}`, { as: admin })).json().data as ChannelRow;
  const create = async (body: Record<string, unknown>): Promise<number> => {
    const answer = (await server.call('POST', '/api/channel/', { as: admin, body })).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    return answer.data.id as number;
  };
  const openList = async (page: Page): Promise<void> => {
    await page.goto(`${base}/channel`);
    await page.getByTestId(`channel-row-${ids.main}`).waitFor();
  };

  beforeAll(async () => {
    requireBuiltConsole();
    upstream = await startMockUpstream();
    upstream.setKeyBehaviour('sk-revoked', { fault: { type: 'status', status: 401, message: 'Incorrect API key provided' } });
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    await server.context.options.set('AutomaticDisableChannelEnabled', 'true');
    await server.context.options.set('GroupRatio', JSON.stringify({ default: 1, vip: 1 }));
    const common = { type: 1, base_url: upstream.url, group: 'default' };
    ids.main = await create({ ...common, name: 'OpenAI main', key: 'sk-main', models: 'gpt-4o-mini,gpt-4o,gpt-4.1', group: 'default,vip', tag: 'team-a', priority: 10, weight: 5 });
    ids.backup = await create({ ...common, name: 'OpenAI backup', key: 'sk-backup', models: 'gpt-4o-mini', tag: 'team-a', priority: 5 });
    ids.revoked = await create({ ...common, name: 'Revoked key', key: 'sk-revoked', models: 'gpt-4o-mini' });
    ids.deepseek = await create({ ...common, type: 43, name: 'DeepSeek', key: 'sk-ds', models: 'deepseek-chat,deepseek-reasoner' });
    ids.spark = await create({ type: 18, name: 'Spark', key: 'a|b|c', models: 'SparkDesk-v3.5', group: 'default', tag: 'cn' });
    // The revoked key answers 401: testing it switches the channel off with the reason.
    expect((await server.call('GET', `/api/channel/test/${ids.revoked}`, { as: admin })).json().success).toBe(false);
    expect((await channel(ids.revoked)).status).toBe(3);
    const { page } = browser;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/channel/') puts.push(request.postDataJSON());
    });
    await page.goto(`${base}/login`);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('admin-password-1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname !== '/login');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  it('creates a channel in the drawer with the form rules', async () => {
    const { page } = browser;
    await openList(page);
    await page.getByTestId('channels-add').click();
    await page.waitForURL((url) => url.pathname === '/channel/add');
    const drawer = page.locator('.channel-drawer');
    await drawer.locator('input[name="name"]').waitFor();
    expect(await drawer.locator('textarea[name="key"]').getAttribute('placeholder')).toBe('sk-…');
    await page.getByTestId('channel-form-submit').click();
    await toast(page, 'Please fill in the channel name and key');
    await page.getByTestId('channel-models-fetch').click();
    await toast(page, 'Please enter the key');
    await drawer.locator('input[name="name"]').fill('From the form');
    await drawer.locator('textarea[name="key"]').fill('sk-form');
    await drawer.locator('input[name="base_url"]').fill(`${upstream.url}/v1/`);
    await page.getByTestId('channel-models-clear').click();
    await page.getByTestId('channel-form-submit').click();
    await toast(page, 'Please select at least one model');
    await page.getByTestId('channel-custom-models').fill('gpt-4o, my-model');
    await page.getByTestId('channel-custom-models-add').click();
    await page.getByTestId('channel-custom-models').fill('gpt-4o, extra-model');
    await page.getByTestId('channel-custom-models-add').click();
    await toast(page, 'Some models already exist: gpt-4o');
    const mapping = drawer.locator('textarea[name="model_mapping"]');
    await mapping.fill('{oops');
    await mapping.blur();
    await drawer.getByText('Not a valid JSON string').waitFor();
    await page.getByTestId('channel-form-submit').click();
    await toast(page, 'Model mapping: not a valid JSON string');
    await mapping.fill('{"my-model": "gpt-4o-mini"}');
    await drawer.locator('input[name="tag"]').fill('formtag');
    await page.getByTestId('channel-form-submit').click();
    await page.getByTestId('channel-v1-confirm').click();
    await toast(page, 'Channel created');
    await page.waitForURL((url) => url.pathname === '/channel');
    const created = (await channels()).find((row) => row.name === 'From the form');
    expect(created).toMatchObject({ base_url: `${upstream.url}/v1`, models: 'gpt-4o,my-model,extra-model', tag: 'formtag' });
    ids.form = created?.id ?? 0;
  });

  it('creates one channel per key line in batch mode and fills a type default', async () => {
    const { page } = browser;
    await page.goto(`${base}/channel/add`);
    const drawer = page.locator('.channel-drawer');
    await drawer.locator('input[name="name"]').waitFor();
    await page.getByTestId('channel-type').click();
    await page.keyboard.type('Spark');
    await page.keyboard.press('Enter');
    await drawer.locator('input[name="other"]').waitFor();
    expect(await drawer.locator('textarea[name="key"]').getAttribute('placeholder')).toBe('APPID|APISecret|APIKey');
    await page.getByTestId('channel-batch-mode').click();
    await drawer.locator('input[name="name"]').fill('Spark batch');
    await drawer.locator('textarea[name="key"]').fill('a|b|1\n\na|b|2\na|b|3');
    await expect.poll(() => page.getByTestId('channel-key-hint').innerText(), polling).toContain('3 keys');
    await page.getByTestId('channel-form-submit').click();
    await toast(page, 'Created 3 channels');
    const batch = (await channels()).filter((row) => row.name === 'Spark batch');
    expect(batch).toHaveLength(3);
    expect(batch.every((row) => row.other === 'v2.1' && row.models.includes('SparkDesk-v3.5'))).toBe(true);
  });

  it('edits a channel through /channel/edit/{id} and keeps the key when left empty', async () => {
    const { page } = browser;
    await page.goto(`${base}/channel/edit/${ids.deepseek}`);
    const drawer = page.locator('.channel-drawer');
    await expect.poll(() => drawer.locator('input[name="name"]').inputValue(), polling).toBe('DeepSeek');
    await drawer.locator('input[name="name"]').fill('DeepSeek renamed');
    puts.length = 0;
    await page.getByTestId('channel-form-submit').click();
    await toast(page, 'Channel updated');
    expect((await channel(ids.deepseek)).name).toBe('DeepSeek renamed');
    expect(puts[0]).not.toHaveProperty('key');
  });

  it('fills the models from a model prefill group', async () => {
    const created = await server.call('POST', '/api/prefill_group/', { as: admin, body: { name: 'DeepSeek family', type: 'model', items: ['deepseek-chat', 'deepseek-coder'] } });
    expect(created.json().success).toBe(true);
    const { page } = browser;
    await page.goto(`${base}/channel/edit/${ids.deepseek}`);
    const drawer = page.locator('.channel-drawer');
    await expect.poll(() => drawer.locator('input[name="name"]').inputValue(), polling).not.toBe('');
    await page.getByTestId('channel-models-prefill').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'DeepSeek family' }).click();
    await toast(page, 'Models added from DeepSeek family: 1');
    await page.getByTestId('channel-form-submit').click();
    await toast(page, 'Channel updated');
    expect((await channel(ids.deepseek)).models.split(',').sort()).toEqual(['deepseek-chat', 'deepseek-coder', 'deepseek-reasoner']);
  });

  it('shows statuses and tests channels from the row', async () => {
    const { page } = browser;
    await openList(page);
    await page.getByTestId(`channel-status-${ids.revoked}`).hover();
    await expect.poll(() => page.getByTestId(`channel-status-reason-${ids.revoked}`).innerText(), polling).toContain('Incorrect API key provided');
    expect(await page.getByTestId(`channel-response-time-${ids.main}`).innerText()).toBe('Not tested');
    await page.getByTestId(`channel-response-time-${ids.main}`).click();
    await toast(page, /Channel "OpenAI main" tested successfully/);
    await expect.poll(async () => (await channel(ids.main)).response_time, polling).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId(`channel-response-time-${ids.main}`).getAttribute('data-color'), polling).toBe('green');
    await page.getByTestId(`channel-test-menu-${ids.main}`).click();
    await page.getByTestId(`channel-test-pick-${ids.main}`).click();
    await page.getByTestId('test-model-run-gpt-4.1').click();
    await expect.poll(() => page.getByTestId('test-model-result-gpt-4.1').innerText(), polling).toMatch(/s$/);
    expect(upstream.requests.some((request) => (request.body as { model?: string } | undefined)?.model === 'gpt-4.1')).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('enables, disables, copies and deletes a channel', async () => {
    const { page } = browser;
    await openList(page);
    puts.length = 0;
    await page.getByTestId(`channel-disable-${ids.backup}`).click();
    await toast(page, 'Channel disabled');
    expect(puts).toEqual([{ id: ids.backup, status: 2 }]);
    await page.getByTestId(`channel-enable-${ids.backup}`).click();
    await toast(page, 'Channel enabled');
    expect((await channel(ids.backup)).status).toBe(1);
    await page.getByTestId(`channel-more-${ids.form}`).click();
    await page.getByTestId(`channel-copy-${ids.form}`).click();
    await waitForMotion(page);
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast(page, 'Channel copied');
    const copy = (await channels()).find((row) => row.name === 'From the form_copy');
    expect(copy).toBeDefined();
    await page.getByTestId(`channel-more-${copy?.id}`).click();
    await page.getByTestId(`channel-delete-${copy?.id}`).click();
    await waitForMotion(page);
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast(page, 'Channel deleted');
    expect((await channels()).some((row) => row.id === copy?.id)).toBe(false);
  });

  it('shows which groups and clients used a channel', async () => {
    const { page } = browser;
    const { key } = await addApiKey(server, admin);
    const response = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    await response.text();
    expect(response.status).toBe(200);
    await server.settle();
    await openList(page);
    await page.getByTestId(`channel-more-${ids.main}`).click();
    await page.getByTestId(`channel-upstream-use-${ids.main}`).click();
    await page.getByTestId('upstream-use-group-default').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${screenshotDir}/channel-upstream-use-light-en-1280.png` });
    expect(await page.getByTestId('upstream-use-table').locator('[data-testid^="upstream-use-client-default-"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId(`channel-more-${ids.backup}`).click();
    await page.getByTestId(`channel-upstream-use-${ids.backup}`).click();
    await page.getByTestId('upstream-use-modal').getByText('No use of this channel has been logged yet').waitFor();
    await page.keyboard.press('Escape');
  });

  it('edits priority and weight inline with the integer rules', async () => {
    const { page } = browser;
    await openList(page);
    const priority = page.getByTestId(`channel-priority-${ids.deepseek}`);
    await priority.fill('1.5');
    await priority.press('Enter');
    await toast(page, 'Priority must be an integer');
    await priority.fill('-1000');
    await priority.press('Enter');
    await toast(page, 'Priority must be at least -999');
    puts.length = 0;
    await priority.fill('7');
    await priority.press('Enter');
    await toast(page, 'Priority updated');
    expect(puts).toEqual([{ id: ids.deepseek, priority: 7 }]);
    const weight = page.getByTestId(`channel-weight-${ids.deepseek}`);
    await weight.fill('-2');
    await weight.press('Enter');
    await toast(page, 'Weight must be a non-negative integer');
    await weight.fill('3');
    await weight.press('Enter');
    await toast(page, 'Weight updated');
    expect(puts[1]).toEqual({ id: ids.deepseek, weight: 3 });
    expect(await channel(ids.deepseek)).toMatchObject({ priority: 7, weight: 3 });
  });

  it('runs the toolbar actions and remembers its switches', async () => {
    const { page } = browser;
    await openList(page);
    expect(await page.getByTestId('channels-batch-tag').isDisabled()).toBe(true);
    await page.getByTestId(`channel-row-${ids.deepseek}`).locator('.ant-checkbox-input').check();
    await page.getByTestId(`channel-row-${ids.form}`).locator('.ant-checkbox-input').check();
    await page.getByTestId('channels-batch-tag').click();
    await waitForMotion(page);
    await page.getByTestId('batch-tag-submit').click();
    await toast(page, 'The tag cannot be empty');
    await page.getByTestId('batch-tag-input').fill('batch-x');
    await page.getByTestId('batch-tag-submit').click();
    await toast(page, 'Tag set for 2 channels');
    expect((await channel(ids.deepseek)).tag).toBe('batch-x');
    const sparkBatch = (await channels()).filter((row) => row.name === 'Spark batch').map((row) => row.id);
    for (const id of sparkBatch) await page.getByTestId(`channel-row-${id}`).locator('.ant-checkbox-input').check();
    expect(await page.getByTestId('channels-selected-count').innerText()).toBe('3 selected');
    await page.getByTestId('channels-batch-delete').click();
    await confirmPopover(page);
    await toast(page, 'Deleted 3 channels');
    expect((await channels()).some((row) => sparkBatch.includes(row.id))).toBe(false);
    await page.getByTestId('channels-fix').click();
    await confirmPopover(page);
    await toast(page, /Fixed \d+ channels/);
    await page.getByTestId('channels-id-sort').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('id-sort')), polling).toBe('true');
    await page.getByTestId('channels-column-settings').click();
    await page.getByTestId('column-setting-balance').click();
    await page.getByTestId('column-settings-save').click();
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('channels-table-columns'))) ?? '{}') as Record<string, boolean>, polling)
      .toMatchObject({ balance: false, models: true });
    await page.reload();
    await page.getByTestId(`channel-row-${ids.main}`).waitFor();
    expect(await page.getByTestId(`channel-balance-${ids.main}`).count()).toBe(0);
    expect(await page.getByTestId('channels-id-sort').getAttribute('aria-checked')).toBe('true');
    await page.evaluate(() => localStorage.removeItem('channels-table-columns'));
    // Delete disabled removes the auto-disabled channel only.
    await page.getByTestId('channels-delete-disabled').click();
    await confirmPopover(page);
    await toast(page, 'Deleted 1 channels');
    expect((await channels()).some((row) => row.id === ids.revoked)).toBe(false);
  });

  it('groups channels by tag and edits them at tag level', async () => {
    const { page } = browser;
    await openList(page);
    await page.getByTestId('channels-tag-mode').click();
    await page.getByTestId('tag-row-team-a').waitFor();
    expect(await page.getByTestId('tag-priority-team-a').inputValue()).toBe('');
    expect(await page.getByTestId('tag-priority-team-a').getAttribute('placeholder')).toBe('—');
    await page.getByTestId('tag-edit-team-a').click();
    await page.getByTestId('tag-edit-submit').click();
    await toast(page, 'No changes were made');
    await page.locator('.tag-edit-drawer input[name="priority"]').fill('3');
    await page.getByTestId('tag-edit-submit').click();
    await toast(page, 'Updated 2 channels');
    await page.getByTestId('tag-edit-form').waitFor({ state: 'detached' });
    expect((await channels()).filter((row) => row.tag === 'team-a').map((row) => row.priority)).toEqual([3, 3]);
    await page.getByTestId('tag-weight-team-a').fill('4');
    await page.getByTestId('tag-weight-team-a').press('Enter');
    await expect.poll(async () => (await channels()).filter((row) => row.tag === 'team-a').map((row) => row.weight), polling).toEqual([4, 4]);
    await expect.poll(() => page.getByTestId('tag-weight-team-a').inputValue(), polling).toBe('');
    await page.getByTestId('tag-disable-cn').click();
    await confirmPopover(page);
    await toast(page, 'Disabled 1 channels');
    expect((await channel(ids.spark)).status).toBe(2);
    await page.getByTestId('tag-edit-cn').click();
    await page.locator('.tag-edit-drawer input[name="new_tag"]').fill('');
    await page.getByTestId('tag-edit-submit').click();
    await toast(page, 'Updated 1 channels');
    expect((await channel(ids.spark)).tag).toBe('');
  });

  it('looks right in every theme, language and width', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.removeItem('id-sort'));
    await captureLooks(page, `${base}/channel`, 'channels', (current) => current.getByTestId(`channel-row-${ids.main}`).waitFor());
    await captureLooks(page, `${base}/channel`, 'channels-tag-mode', async (current) => {
      await current.getByTestId(`channel-row-${ids.main}`).waitFor();
      await current.getByTestId('channels-tag-mode').click();
      await current.getByTestId('tag-row-team-a').locator('.ant-table-row-expand-icon').click();
      await current.getByTestId(`channel-row-${ids.backup}`).waitFor();
    });
    await captureLooks(page, `${base}/channel/add`, 'channel-add', (current) => current.locator('.channel-drawer input[name="name"]').waitFor());
    await captureLooks(page, `${base}/channel/edit/${ids.main}`, 'channel-edit', (current) =>
      expect.poll(() => current.locator('.channel-drawer input[name="name"]').inputValue(), polling).toBe('OpenAI main'),
    );
  });
});
