/// <reference lib="dom" />
// The console end to end, as an operator uses it: create a channel in the form → test it → create a token →
// chat in the playground → find the call in /log with its cost → see it on /detail and /pricing →
// set a fixed price in settings and see the next call billed at it.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { consoleDist, openBrowser, requireBuiltConsole, type BrowserSession, signIn } from './helpers/browser';

const model = 'flow-model';

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text, { exact: false }).first().waitFor();
}

describe('console flow: channel → token → playground → log → dashboard → pricing → price change', { timeout: 180_000 }, () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let browser: BrowserSession;
  let base: string;
  let channelId = 0;

  const consumeLogs = () => server.context.db.selectFrom('logs').selectAll().where('type', '=', 2).where('model_name', '=', model).orderBy('id', 'desc').execute();

  beforeAll(async () => {
    requireBuiltConsole();
    upstream = await startMockUpstream({ behaviour: { promptTokens: 20, replyChunks: ['Hello ', 'from ', 'the flow.'] } });
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    // Ratio 2, completion ratio 3: 20 prompt + 3 completion tokens cost 2 × (20 + 3 × 3) = 58 units.
    await server.context.options.set('ModelRatio', { [model]: 2 });
    await server.context.options.set('CompletionRatio', { [model]: 3 });
    const { page } = browser;
    await signIn(page, base, 'admin', 'admin-password-1');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  it('creates a channel in the form and tests it', async () => {
    const { page } = browser;
    await page.goto(`${base}/channel/add`);
    const drawer = page.locator('.channel-drawer');
    await drawer.locator('input[name="name"]').fill('Flow upstream');
    await drawer.locator('textarea[name="key"]').fill('flow-upstream-key');
    await drawer.locator('input[name="base_url"]').fill(upstream.url);
    await page.getByTestId('channel-models-clear').click();
    await page.getByTestId('channel-custom-models').fill(model);
    await page.getByTestId('channel-custom-models-add').click();
    await page.getByTestId('channel-form-submit').click();
    await toast(page, 'Channel created');
    const channel = await server.context.db.selectFrom('channels').selectAll().where('name', '=', 'Flow upstream').executeTakeFirstOrThrow();
    expect(channel).toMatchObject({ base_url: upstream.url, models: model, type: 1 });
    channelId = channel.id;
    await page.getByTestId(`channel-test-${channelId}`).click();
    await expect.poll(async () => (await server.context.db.selectFrom('channels').select('test_time').where('id', '=', channelId).executeTakeFirstOrThrow()).test_time).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId(`channel-response-time-${channelId}`).getAttribute('data-color')).not.toBe('default');
  });

  it('creates a token and chats in the playground with a streamed reply', async () => {
    const { page } = browser;
    await page.goto(`${base}/token`);
    await page.getByTestId('tokens-add').click();
    await page.locator('.token-edit-drawer input[name="name"]').fill('flow-key');
    await page.getByTestId('token-submit').click();
    await toast(page, 'Token created');
    await page.goto(`${base}/playground`);
    await page.getByTestId('playground-model').click();
    await page.locator('.ant-select-item-option').filter({ hasText: model }).first().click();
    const input = page.locator('textarea[name="message"]');
    await input.fill('Hello?');
    await input.press('Enter');
    const reply = page.locator('[data-testid="playground-message"][data-role="assistant"]').last();
    await expect.poll(async () => `${await reply.getAttribute('data-status')}: ${await reply.textContent()}`).toMatch(/^complete: /);
    expect(await reply.textContent()).toContain('Hello from the flow.');
    await server.settle();
    const [log] = await consumeLogs();
    expect(log).toMatchObject({ prompt_tokens: 20, completion_tokens: 3, quota: 58, channel_id: channelId, is_stream: 1 });
  });

  it('finds the call in /log with its cost, on /detail and on /pricing', async () => {
    const { page } = browser;
    const [log] = await consumeLogs();
    await page.goto(`${base}/log`);
    const row = page.getByTestId(`log-row-${log.id}`);
    await row.waitFor();
    await expect.poll(() => page.getByTestId(`log-prompt-${log.id}`).textContent()).toContain('20');
    await row.locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => page.getByTestId(`log-formula-numbers-${log.id}`).textContent()).toContain('58');
    await page.goto(`${base}/detail`);
    await expect.poll(() => page.getByTestId('dashboard-total-calls').textContent()).toContain('1');
    await page.goto(`${base}/pricing`);
    await page.getByTestId(`pricing-price-${model}`).waitFor();
    // Ratio 2 → $4 per 1M input tokens, completion ratio 3 → $12 per 1M output tokens.
    await expect.poll(() => page.getByTestId(`pricing-price-${model}`).textContent()).toMatch(/4(\.0+)?\D[\s\S]*12/);
  });

  it('sets a fixed price in settings and the next call is billed at it', async () => {
    const { page } = browser;
    await page.goto(`${base}/setting?tab=operation`);
    await page.getByTestId('model-price-tab-visual').click();
    await page.getByTestId('model-price-search').fill(model);
    await page.getByTestId(`model-price-row-${model}`).waitFor();
    await page.getByTestId(`model-price-mode-${model}`).getByText('Per request').click();
    await page.getByTestId(`model-price-price-${model}`).fill('0.01');
    await page.getByTestId('model-price-save').click();
    await expect.poll(() => server.context.options.json<Record<string, number>>('ModelPrice')[model]).toBe(0.01);
    await page.goto(`${base}/playground`);
    await page.getByTestId('playground-model').click();
    await page.locator('.ant-select-item-option').filter({ hasText: model }).first().click();
    await page.locator('textarea[name="message"]').fill('Again');
    await page.locator('textarea[name="message"]').press('Enter');
    const reply = page.locator('[data-testid="playground-message"][data-role="assistant"]').last();
    // The reply's text goes with its status, so a failed call shows the gateway's error message.
    await expect.poll(async () => `${await reply.getAttribute('data-status')}: ${await reply.textContent()}`).toMatch(/^complete: /);
    await server.settle();
    const [latest] = await consumeLogs();
    // A fixed price of $0.01 at 500 000 units per dollar: 5 000 units, whatever the tokens.
    expect(latest.quota).toBe(5_000);
    expect(JSON.parse(latest.other)).toMatchObject({ model_price: 0.01 });
  });
});
