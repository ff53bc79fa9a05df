/// <reference lib="dom" />
// Browser test of /setting: tabs in the URL, option saves (only changed keys, one PUT each), validation messages,
// secrets, confirmations, log cleanup, OIDC discovery, the model pricing editor and the next call billed at the new price,
// with screenshots of every tab in every look.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultOptionText } from '@turnpike/contract';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLogs, logRow } from '../../server/test/helpers/log-fixtures';
import { addApiKey } from '../../server/test/helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, type BrowserSession, signIn } from './helpers/browser';

describe('settings page in Chromium', { timeout: 240_000 }, () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let browser: BrowserSession;
  let discovery: http.Server;
  let base: string;
  let admin: Actor;
  const puts: Array<{ key: string; value: string }> = [];

  const option = (key: string): string => server.context.options.text(key);
  const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).last().waitFor();

  async function openTab(page: Page, tab: string): Promise<void> {
    await page.goto(`${base}/setting?tab=${tab}`);
    await page.getByTestId(`settings-${tab}`).waitFor();
  }

  async function lastQuota(model: string): Promise<number> {
    await server.settle();
    const logs = (await server.call('GET', '/api/log/?p=1&page_size=20&type=2', { as: admin })).json().data.items as Array<{ model_name: string; quota: number }>;
    const log = logs.find((item) => item.model_name === model);
    if (!log) throw new Error(`no log for ${model}`);
    return log.quota;
  }

  async function relay(key: string, model: string): Promise<void> {
    const response = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    await response.text();
    expect(response.status, `${model} answered`).toBe(200);
  }

  beforeAll(async () => {
    requireBuiltConsole();
    upstream = await startMockUpstream();
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    discovery = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify({ authorization_endpoint: 'https://id.example/auth', token_endpoint: 'https://id.example/token', userinfo_endpoint: 'https://id.example/me' }));
    });
    await new Promise<void>((resolve) => discovery.listen(0, '127.0.0.1', resolve));
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    // Through the API, so that the abilities behind /api/channel/models_enabled are written too.
    const channel = await server.call('POST', '/api/channel/', {
      as: admin,
      body: { name: 'mock', type: 1, key: 'upstream-good', base_url: upstream.url, models: 'mock-priced,unpriced-a,unpriced-b,unpriced-c', group: 'default', priority: 0, weight: 0, auto_ban: 1 },
    });
    expect(channel.json().success).toBe(true);
    // An operator's own ratio for a model that is not served, for the editor to change.
    await server.context.options.set('ModelRatio', { ...(server.context.options.json('ModelRatio') as Record<string, number>), 'gpt-4o': 1.25 });
    await server.context.options.set('CompletionRatio', { 'gpt-4o': 4 });
    const { page } = browser;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/option/') puts.push(request.postDataJSON() as { key: string; value: string });
    });
    await signIn(page, base, 'admin', 'admin-password-1');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
    await new Promise((resolve) => discovery?.close(resolve));
  });

  it('keeps the chosen tab in the URL', async () => {
    const { page } = browser;
    await page.goto(`${base}/setting`);
    await page.getByTestId('settings-operation').waitFor();
    await page.waitForURL((url) => url.search === '?tab=operation');
    await page.getByTestId('settings-tab-ratelimit').click();
    await page.getByTestId('settings-ratelimit').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('ratelimit');
    await page.reload();
    await page.getByTestId('settings-ratelimit').waitFor();
  });

  it('saves only the changed keys, one PUT each, and says when nothing changed', async () => {
    const { page } = browser;
    await openTab(page, 'operation');
    puts.length = 0;
    await page.getByTestId('settings-save-general').click();
    await toast(page, 'You seem not to have changed anything');
    expect(puts).toEqual([]);
    await page.locator('input[name="RetryTimes"]').fill('3');
    await page.getByTestId('option-DrawingEnabled').click();
    await page.getByTestId('settings-save-general').click();
    await toast(page, 'Saved');
    await page.getByTestId('settings-save-drawing').click();
    await expect.poll(() => option('DrawingEnabled')).toBe('true');
    expect(puts).toEqual([
      { key: 'RetryTimes', value: '3' },
      { key: 'DrawingEnabled', value: 'true' },
    ]);
    expect(option('RetryTimes')).toBe('3');
    await page.locator('input[name="QuotaForNewUser"]').fill('-5');
    await page.getByTestId('settings-save-quota').click();
    await toast(page, 'Please check the input');
  });

  it('checks JSON on blur and the rate-limit group shape', async () => {
    const { page } = browser;
    await openTab(page, 'ratelimit');
    const groups = page.locator('textarea[name="ModelRequestRateLimitGroup"]');
    await groups.fill('{bad');
    await groups.blur();
    await page.getByText('Not a valid JSON string').waitFor();
    await page.getByTestId('settings-save-rate-limit').click();
    await toast(page, 'Please check the input');
    await groups.fill('{"vip": [10, 0]}');
    await groups.blur();
    await page.getByText(/does not have the expected shape/).waitFor();
    await groups.fill('{"vip": [10, 5]}');
    await page.locator('input[name="ModelRequestRateLimitSuccessCount"]').fill('50');
    await page.getByTestId('settings-save-rate-limit').click();
    await toast(page, 'Saved');
    expect(JSON.parse(option('ModelRequestRateLimitGroup'))).toEqual({ vip: [10, 5] });
    expect(option('ModelRequestRateLimitSuccessCount')).toBe('50');
  });

  it('handles secrets, confirmations, the payment prerequisite, the domain list and OIDC discovery', async () => {
    const { page } = browser;
    await openTab(page, 'system');
    puts.length = 0;
    await page.locator('input[name="SMTPServer"]').fill('smtp.example.com');
    await page.getByTestId('settings-save-smtp').click();
    await toast(page, 'Saved');
    expect(puts).toEqual([{ key: 'SMTPServer', value: 'smtp.example.com' }]);
    await page.locator('input[name="SMTPToken"]').fill('mail-secret');
    await page.getByTestId('settings-save-smtp').click();
    await expect.poll(() => option('SMTPToken')).toBe('mail-secret');
    // The server stores the secret before the console hears back and empties the field.
    await expect.poll(() => page.locator('input[name="SMTPToken"]').inputValue()).toBe('');

    await page.getByTestId('option-PasswordLoginEnabled').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('option-PasswordLoginEnabled').getAttribute('aria-checked')).toBe('true');

    await page.locator('input[name="PayAddress"]').fill('https://pay.example.com/');
    await page.getByTestId('settings-save-payment').click();
    await toast(page, 'Please fill in and save the server address first');
    await page.locator('input[name="ServerAddress"]').fill('https://gate.example.com/');
    await page.getByTestId('settings-save-server').click();
    await expect.poll(() => option('ServerAddress')).toBe('https://gate.example.com');
    await page.getByTestId('settings-save-payment').click();
    await expect.poll(() => option('PayAddress')).toBe('https://pay.example.com');
    await expect.poll(() => page.getByTestId('github-callback').innerText()).toBe('Callback URL: https://gate.example.com/oauth/github');

    const domain = page.getByTestId('settings-card-email-domain').locator('input[name="EmailDomainWhitelist"]');
    await domain.fill('not a domain');
    await page.getByTestId('email-domain-add').click();
    await toast(page, 'Please enter a valid domain, for example example.com');
    await domain.fill('gmail.com');
    await page.getByTestId('email-domain-add').click();
    await toast(page, 'This domain is already in the list');
    await domain.fill('example.org');
    await page.getByTestId('email-domain-add').click();
    await page.getByTestId('email-domain-example.org').waitFor();
    await page.getByTestId('settings-save-email-domain').click();
    await expect.poll(() => option('EmailDomainWhitelist').endsWith(',example.org')).toBe(true);

    const wellKnown = page.locator('input[name="oidc.well_known"]');
    await wellKnown.fill('http://127.0.0.1:1/.well-known/openid-configuration');
    await page.getByTestId('oidc-discover').click();
    await toast(page, 'OIDC fetch failed, check network and URL');
    await wellKnown.fill(`http://127.0.0.1:${(discovery.address() as AddressInfo).port}/.well-known/openid-configuration`);
    await page.getByTestId('oidc-discover').click();
    await expect.poll(() => page.locator('input[name="oidc.token_endpoint"]').inputValue()).toBe('https://id.example/token');
    await page.getByTestId('settings-save-oidc').click();
    await expect.poll(() => option('oidc.user_info_endpoint')).toBe('https://id.example/me');
  });

  it('cleans up logs before the chosen time and shows the count', async () => {
    const { page } = browser;
    const now = Math.floor(Date.now() / 1000);
    await insertLogs(server.context.db, [logRow({ created_at: now - 90 * 86400 }), logRow({ created_at: now - 60 * 86400 }), logRow({ created_at: now })]);
    await openTab(page, 'operation');
    const picker = page.getByTestId('settings-card-log').locator('.ant-picker');
    await picker.hover();
    await page.getByTestId('settings-card-log').locator('.ant-picker-clear').click();
    await page.getByTestId('log-cleanup').click();
    await toast(page, 'Log cleanup requires a date and time');
    await picker.locator('input').fill(new Date((now - 30 * 86400) * 1000).toISOString().slice(0, 10) + ' 00:00:00');
    await picker.locator('input').press('Enter');
    await page.getByTestId('log-cleanup').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await toast(page, '2 logs cleaned up');
    expect(await page.getByTestId('log-cleanup-result').innerText()).toBe('Last cleanup removed 2 logs.');
  });

  it('prices models in the visual editor and bills the next call at the new price', async () => {
    const { page } = browser;
    const { key } = await addApiKey(server, admin);
    await openTab(page, 'operation');
    await page.getByTestId('model-price-tab-visual').click();
    const search = page.getByTestId('model-price-search');
    await search.fill('mock-priced');
    await page.getByTestId('model-price-row-mock-priced').getByText('Not priced').waitFor();
    await page.getByTestId('model-price-mode-mock-priced').getByText('Per request').click();
    await page.getByTestId('model-price-price-mock-priced').fill('0.02');
    expect(await page.getByTestId('model-price-ratio-mock-priced').isDisabled()).toBe(true);
    puts.length = 0;
    await page.getByTestId('model-price-save').click();
    await toast(page, 'Saved');
    expect(puts.map((entry) => entry.key)).toEqual(['ModelPrice']);
    expect(JSON.parse(option('ModelPrice'))['mock-priced']).toBe(0.02);
    await relay(key, 'mock-priced');
    expect(await lastQuota('mock-priced')).toBe(10000);

    await page.getByTestId('model-price-price-mock-priced').fill('0.04');
    await page.getByTestId('model-price-save').click();
    await expect.poll(() => JSON.parse(option('ModelPrice'))['mock-priced']).toBe(0.04);
    await relay(key, 'mock-priced');
    expect(await lastQuota('mock-priced')).toBe(20000);

    await search.fill('gpt-4o');
    await page.getByTestId('model-price-ratio-gpt-4o').fill('1.5x');
    await toast(page, 'Please enter a number');
    expect(await page.getByTestId('model-price-ratio-gpt-4o').inputValue()).toBe('1.25');
    await page.getByTestId('model-price-set-price-gpt-4o').click();
    await page.locator('.price-entry-modal input[name="input_price"]').fill('0');
    await page.getByTestId('price-entry-submit').click();
    await toast(page, 'Model price cannot be 0');
    await page.locator('.price-entry-modal input[name="input_price"]').fill('3');
    await page.locator('.price-entry-modal input[name="output_price"]').fill('15');
    await page.getByTestId('price-entry-submit').click();
    await expect.poll(() => page.getByTestId('model-price-ratio-gpt-4o').inputValue()).toBe('1.5');
    expect(await page.getByTestId('model-price-completion-gpt-4o').inputValue()).toBe('5');

    await page.getByTestId('model-price-add').click();
    await page.locator('.model-price-add-modal input[name="model_name"]').fill('gpt-4o');
    await page.locator('.model-price-add-modal input[name="ratio"]').fill('1');
    await page.getByTestId('model-price-add-submit').click();
    await toast(page, 'Model name already exists');
    await page.locator('.model-price-add-modal input[name="model_name"]').fill('e2e-added');
    await page.getByTestId('model-price-add-submit').click();
    await page.getByTestId('model-price-row-e2e-added').waitFor();

    await page.getByTestId('model-price-batch').click();
    await toast(page, 'Select the models to batch-set first');
    await search.fill('unpriced-');
    await page.getByTestId('model-price-row-unpriced-b').locator('.ant-checkbox-input').check();
    await page.getByTestId('model-price-row-unpriced-c').locator('.ant-checkbox-input').check();
    await page.getByTestId('model-price-batch').click();
    await page.getByTestId('model-price-batch-mode').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Model ratio and completion ratio' }).click();
    await page.locator('.model-price-batch-modal input[name="ratio"]').fill('2');
    await page.getByTestId('model-price-batch-submit').click();
    await toast(page, 'Both the model ratio and the completion ratio are needed');
    await page.locator('.model-price-batch-modal input[name="completion_ratio"]').fill('3');
    await page.getByTestId('model-price-batch-submit').click();
    await page.getByTestId('model-price-save').click();
    // The page saves one key per call (ModelPrice, ModelRatio, CompletionRatio in turn): wait for all of them.
    const saved = () => {
      const ratios = JSON.parse(option('ModelRatio')) as Record<string, number>;
      const completions = JSON.parse(option('CompletionRatio')) as Record<string, number>;
      return [ratios['unpriced-b'], completions['unpriced-b'], ratios['gpt-4o'], completions['gpt-4o'], ratios['e2e-added'], ratios['unpriced-a']];
    };
    await expect.poll(saved).toEqual([2, 3, 1.5, 5, 1, undefined]);
  });

  it('prices an unset model from the unset-ratio table and resets the ratios', async () => {
    const { page } = browser;
    await openTab(page, 'operation');
    await page.getByTestId('model-price-tab-unset').click();
    await page.getByTestId('unset-row-unpriced-a').waitFor();
    expect(await page.getByTestId('unset-models-table').locator('.ant-table-row').count()).toBe(1);
    await page.getByTestId('unset-set-unpriced-a').click();
    await page.getByTestId('model-price-batch-mode').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Fixed price' }).click();
    await page.locator('.model-price-batch-modal input[name="value"]').fill('0.5');
    await page.getByTestId('model-price-batch-submit').click();
    await expect.poll(() => JSON.parse(option('ModelPrice'))['unpriced-a']).toBe(0.5);
    await page.getByText('Every enabled model has a price or a ratio').waitFor();

    await page.getByTestId('model-price-tab-json').click();
    await page.getByTestId('reset-model-ratios').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await toast(page, 'Model ratios reset to their defaults');
    expect(option('ModelRatio')).toBe(defaultOptionText('ModelRatio'));
    await expect.poll(() => page.locator('textarea[name="ModelPrice"]').inputValue()).not.toContain('unpriced-a');
  });

  it('updates the system name with its own message and the shell follows', async () => {
    const { page } = browser;
    await openTab(page, 'other');
    await page.locator('input[name="SystemName"]').fill('Gatehouse');
    await page.getByTestId('settings-save-content-SystemName').click();
    await toast(page, 'System name updated');
    await expect.poll(() => page.getByTestId('system-name').innerText()).toBe('Gatehouse');
    await page.locator('textarea[name="Notice"]').fill('Maintenance tonight');
    await page.getByTestId('settings-save-content-Notice').click();
    await toast(page, 'Announcement updated');
    expect(option('Notice')).toBe('Maintenance tonight');
  });

  it('captures every tab in every look', async () => {
    const { page } = browser;
    for (const tab of ['operation', 'ratelimit', 'models', 'system', 'other']) {
      await captureLooks(page, `${base}/setting?tab=${tab}`, `setting-${tab}`, (current) => current.getByTestId(`settings-${tab}`).waitFor());
    }
    await captureLooks(page, `${base}/setting?tab=operation`, 'setting-model-pricing', async (current) => {
      await current.getByTestId('model-price-tab-visual').click();
      await current.getByTestId('model-price-table').locator('.ant-table-row').first().waitFor();
    });
  });

  it('lets only the super admin change the top-up link', async () => {
    const { page } = browser;
    await server.createUser({ username: 'helper-admin', password: 'helper-password-1', role: 10 });
    await browser.context.clearCookies();
    await page.evaluate(() => {
      localStorage.removeItem('user');
      localStorage.setItem('i18nextLng', 'en');
    });
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill('helper-admin');
    await page.locator('input[name="password"]').fill('helper-password-1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await openTab(page, 'operation');
    expect(await page.locator('input[name="TopUpLink"]').isDisabled()).toBe(true);
    await page.getByText('Only the super admin can change the top-up link.').waitFor();
  });
});
