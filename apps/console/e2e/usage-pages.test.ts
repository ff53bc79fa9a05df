/// <reference lib="dom" />
// Browser test of the usage pages: real relay calls through the mock upstream, then /log (costs, formula, retry chain,
// user popup, filters, stored column and page-size choices), /detail (totals, charts, disabled notice) and /pricing
// (banner, IME-aware search, group prices, ratio and top-up toggles, copy), with screenshots in every look.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel } from '../../server/test/helpers/relay-fixtures';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, type BrowserSession } from './helpers/browser';

interface LogRecord {
  id: number;
  type: number;
  username: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  other: string;
}

describe('usage log, dashboard and pricing in Chromium', { timeout: 180_000 }, () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let browser: BrowserSession;
  let base: string;

  async function relay(key: string, model: string, stream: boolean): Promise<void> {
    const response = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hello there' }], ...(stream ? { stream_options: { include_usage: true } } : {}) }),
    });
    await response.text();
    expect(response.status, `${model} answered`).toBe(200);
  }

  async function login(username: string, password: string): Promise<void> {
    const { page } = browser;
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname !== '/login');
  }

  async function adminLogs(): Promise<LogRecord[]> {
    const admin = server.actorFor((await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow()));
    return (await server.call('GET', '/api/log/?p=1&page_size=50', { as: admin })).json().data.items as LogRecord[];
  }

  beforeAll(async () => {
    requireBuiltConsole();
    upstream = await startMockUpstream();
    upstream.setKeyBehaviour('upstream-bad', { fault: { type: 'status', status: 500 } });
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    const options: Record<string, string> = {
      ModelRatio: JSON.stringify({ 'gpt-4o-mini': 0.075 }),
      CompletionRatio: JSON.stringify({ 'gpt-4o-mini': 4 }),
      ModelPrice: JSON.stringify({ 'gpt-4o': 0.03 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 0.8 }),
      UserUsableGroups: JSON.stringify({ default: 'Default', vip: 'VIP' }),
      RetryTimes: '2',
      DataExportEnabled: 'true',
    };
    for (const [key, value] of Object.entries(options)) await server.context.options.set(key, value);
    await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4o-mini,gpt-4o', group: 'default,vip', key: 'upstream-good', name: 'mock-main' });
    await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4o-mini', group: 'default', key: 'upstream-bad', name: 'mock-bad', priority: 10, autoBan: 0 });
    const admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    const created = (await server.call('POST', '/api/token/', { as: admin, body: { name: 'admin-key', unlimited_quota: true } })).json();
    expect(created.success).toBe(true);
    const tokens = (await server.call('GET', '/api/token/?p=1&size=10', { as: admin })).json().data.items as Array<{ key: string }>;
    const key = `sk-${tokens[0]?.key ?? ''}`;
    await relay(key, 'gpt-4o-mini', false);
    await relay(key, 'gpt-4o-mini', true);
    await relay(key, 'gpt-4o', false);
    await server.settle();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  it('shows the admin log with costs, the formula, the retry chain and the user popup', async () => {
    const { page } = browser;
    const logs = await adminLogs();
    const consumption = logs.filter((log) => log.type === 2);
    expect(consumption).toHaveLength(3);
    const perCall = consumption.find((log) => log.model_name === 'gpt-4o');
    const retried = consumption.find((log) => JSON.parse(log.other).admin_info?.use_channel?.length === 2);
    if (!perCall || !retried) throw new Error('expected a per-call record and a retried record');
    await page.goto(base);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await login('admin', 'admin-password-1');
    await page.goto(`${base}/log`);
    await page.getByTestId(`log-row-${perCall.id}`).waitFor();
    const total = consumption.reduce((sum, log) => sum + log.quota, 0);
    await expect.poll(() => page.getByTestId('logs-stat-quota').innerText()).toBe(`Consumed: $${(total / 500000).toFixed(2)}`);
    expect(await page.getByTestId(`log-quota-${perCall.id}`).innerText()).toBe('$0.030000');
    expect(await page.getByTestId(`log-retry-${retried.id}`).innerText()).toBe('2 → 1');

    // The formula comes from the breakdown the relay logged: $0.03 a call is 15000 quota at 500000 per dollar.
    await page.locator(`[data-row-key="${perCall.id}"] .ant-table-row-expand-icon`).click();
    expect(await page.getByTestId(`log-formula-numbers-${perCall.id}`).innerText()).toBe('1 × 15000 × 1 = 15000');
    expect(await page.getByTestId(`log-formula-dollars-${perCall.id}`).innerText()).toBe('≈ $0.030000');
    await page.locator(`[data-row-key="${retried.id}"] .ant-table-row-expand-icon`).click();
    expect(await page.getByTestId(`log-formula-numbers-${retried.id}`).innerText()).toBe(`(${retried.prompt_tokens} × 0.075 + ${retried.completion_tokens} × 0.3) × 1 = ${retried.quota}`);
    expect(await page.getByTestId(`log-formula-words-${retried.id}`).innerText()).toBe('(prompt tokens × model ratio + completion tokens × model ratio × completion ratio) × group ratio = quota');
    const breakdownRows = page.getByTestId(`log-breakdown-${retried.id}`).locator('tbody tr.ant-table-row');
    expect(await breakdownRows.count()).toBe(2);
    expect(await breakdownRows.nth(1).locator('td').first().innerText()).toBe('completion tokens');
    expect(await breakdownRows.nth(1).locator('td').nth(1).innerText()).toBe(String(retried.completion_tokens));

    await page.getByTestId(`log-user-${perCall.id}`).click();
    await expect.poll(() => page.getByTestId('log-user-info-requests').innerText()).toBe('3');
    await page.getByTestId(`log-user-${perCall.id}`).click();

    await captureLooks(page, `${base}/log`, 'log-breakdown', async (current) => {
      await current.locator(`[data-row-key="${retried.id}"] .ant-table-row-expand-icon`).click();
      await current.getByTestId(`log-breakdown-${retried.id}`).waitFor();
    });
    await page.evaluate(() => {
      localStorage.setItem('i18nextLng', 'en');
      localStorage.setItem('theme-mode', 'light');
    });
  });

  it('filters by type and keeps the column and page-size choices', async () => {
    const { page } = browser;
    await page.goto(`${base}/log`);
    await page.getByTestId('logs-table').waitFor();
    await page.getByTestId('logs-filter-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Error' }).click();
    await page.getByTestId('logs-empty').waitFor();
    await page.getByTestId('logs-reset').click();
    await page.locator('.ant-table-row').first().waitFor();

    await page.getByTestId('logs-column-settings').click();
    await page.getByTestId('logs-column-content').click();
    await page.getByTestId('logs-column-settings-save').click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('logs-table-columns') ?? '{}').content)).toBe(false);
    await expect.poll(() => page.locator('.ant-table-thead th').filter({ hasText: 'Details' }).count()).toBe(0);
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-thead th').filter({ hasText: 'Details' }).count()).toBe(0);
    expect(await page.locator('.ant-table-thead th').filter({ hasText: 'Retry' }).count()).toBe(1);

    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '20 / page' }).click();
    expect(await page.evaluate(() => localStorage.getItem('page-size'))).toBe('20');
    await page.evaluate(() => localStorage.removeItem('logs-table-columns'));
    await captureLooks(page, `${base}/log`, 'log', (current) => current.locator('.ant-table-row').first().waitFor());
  });

  it('draws the dashboard and says when it is disabled', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${base}/detail`);
    await page.getByTestId('dashboard-chart-consumption').locator('canvas').waitFor();
    expect(await page.getByTestId('dashboard-total-calls').locator('.ant-statistic-content').innerText()).toBe('3');
    await page.getByTestId('dashboard-granularity').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Week' }).click();
    await page.getByTestId('dashboard-chart-tokens').locator('canvas').waitFor();
    expect(await page.getByTestId('dashboard-total-calls').locator('.ant-statistic-content').innerText()).toBe('3');
    await captureLooks(page, `${base}/detail`, 'detail', (current) => current.getByTestId('dashboard-chart-calls').locator('canvas').waitFor());

    await server.context.options.set('DataExportEnabled', 'false');
    await page.goto(`${base}/detail`);
    await page.getByTestId('dashboard-disabled').waitFor();
    await server.context.options.set('DataExportEnabled', 'true');
  });

  it('shows the public pricing with group prices, ratios, top-up prices and copy', async () => {
    const { page } = browser;
    await page.evaluate(() => {
      localStorage.removeItem('user');
      localStorage.setItem('i18nextLng', 'en');
    });
    await browser.context.clearCookies();
    await page.goto(`${base}/pricing`);
    await page.getByTestId('pricing-banner-guest').waitFor();
    expect(await page.getByTestId('pricing-price-gpt-4o-mini').innerText()).toBe('Input $0.15 / 1M tokens\nOutput $0.6 / 1M tokens');
    expect(await page.getByTestId('pricing-price-gpt-4o').innerText()).toBe('$0.03 / call');

    const search = page.getByTestId('pricing-search');
    await search.fill('MINI');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await search.fill('');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    const cdp = await browser.context.newCDPSession(page);
    await search.focus();
    await cdp.send('Input.imeSetComposition', { text: 'mini', selectionStart: 4, selectionEnd: 4 });
    // The composing text is in the box but does not filter yet.
    expect(await search.inputValue()).toBe('mini');
    expect(await page.locator('.ant-table-row').count()).toBe(2);
    await cdp.send('Input.insertText', { text: 'mini' });
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await search.fill('');

    await page.getByTestId('pricing-group-gpt-4o-mini-vip').click();
    await page.getByTestId('pricing-viewing-group').waitFor();
    expect(await page.getByTestId('pricing-price-gpt-4o-mini').innerText()).toBe('Input $0.12 / 1M tokens\nOutput $0.48 / 1M tokens');
    await page.getByTestId('pricing-ratio-toggle').click();
    await page.getByTestId('pricing-formula').waitFor();
    expect(await page.getByTestId('pricing-model-ratio-gpt-4o-mini').innerText()).toBe('0.075');
    await page.getByTestId('pricing-own-group').click();

    await page.locator('[data-row-key="gpt-4o"] .ant-checkbox-input').check();
    await page.getByTestId('pricing-copy-selected').click();
    await page.locator('.ant-message').getByText('Copied: gpt-4o').waitFor();
    await captureLooks(page, `${base}/pricing`, 'pricing', (current) => current.getByTestId('pricing-price-gpt-4o').waitFor());

    for (const [key, value] of Object.entries({ PayAddress: 'https://pay.example.com', EpayId: '1000', EpayKey: 'epay-secret', Price: '5' })) await server.context.options.set(key, value);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${base}/pricing`);
    await page.getByTestId('pricing-topup-toggle').click();
    await page.getByTestId('pricing-currency').getByText('CNY').click();
    expect(await page.getByTestId('pricing-price-gpt-4o').innerText()).toBe('¥0.15 / call');
    await page.getByTestId('pricing-currency').getByText('USD').click();
    expect(await page.getByTestId('pricing-price-gpt-4o').innerText()).toBe(`$${Number.parseFloat((0.15 / 7.3).toFixed(6))} / call`);
  });

  it('marks a model priced at the model catalog\'s list price, on the pricing page and in the pricing editor', async () => {
    const { page } = browser;
    // No option prices this model: it is billed at the catalog's list price ($3 in, $15 out per 1M tokens).
    await addChannel(server, { baseUrl: upstream.url, models: 'claude-sonnet-4-20250514', group: 'default', key: 'upstream-good', name: 'mock-claude' });
    await page.goto(`${base}/pricing`);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await page.getByTestId('pricing-source-claude-sonnet-4-20250514').waitFor();
    expect(await page.getByTestId('pricing-price-claude-sonnet-4-20250514').innerText()).toBe('Input $3 / 1M tokens\nOutput $15 / 1M tokens\nList price');
    expect(await page.getByTestId('pricing-source-gpt-4o-mini').count()).toBe(0);
    await captureLooks(page, `${base}/pricing`, 'pricing-list-price', (current) => current.getByTestId('pricing-source-claude-sonnet-4-20250514').waitFor());

    await login('admin', 'admin-password-1');
    await page.goto(`${base}/setting?tab=operation`);
    await page.getByTestId('model-price-tab-visual').click();
    await page.getByTestId('model-price-search').fill('claude');
    await page.getByTestId('model-price-list-claude-sonnet-4-20250514').waitFor();
    expect(await page.getByTestId('model-price-ratio-claude-sonnet-4-20250514').getAttribute('placeholder')).toBe('1.5');
    expect(await page.getByTestId('model-price-completion-claude-sonnet-4-20250514').getAttribute('placeholder')).toBe('5');
  });
});
