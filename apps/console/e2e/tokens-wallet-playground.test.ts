/// <reference lib="dom" />
// Browser test of the key pages: /token (drawer, batch create, status, search, copy, chat links, delete), /redemption
// (batch create with the codes dialog, status rules), /topup (redeem, payable amount, pay), /playground (streamed reply,
// stop, error, no-token redirect) and /chat, /chat2link, with screenshots of every page in every look.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, type BrowserSession, signIn, waitForMotion, waitForToast } from './helpers/browser';

interface TokenRow {
  id: number;
  name: string;
  key: string;
  status: number;
  remain_quota: number;
  unlimited_quota: boolean;
  expired_time: number;
}

describe('tokens, redemption codes, wallet, playground and chat in Chromium', { timeout: 240_000 }, () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let browser: BrowserSession;
  let base: string;
  let admin: Actor;

  const toast = (page: Page, text: string | RegExp) => waitForToast(page, text);
  const tokens = async (): Promise<TokenRow[]> => (await server.call('GET', '/api/token/?p=1&size=100', { as: admin })).json().data.items as TokenRow[];
  const confirmPopover = (page: Page) => page.locator('.ant-popconfirm .ant-btn-primary').click();

  beforeAll(async () => {
    requireBuiltConsole();
    upstream = await startMockUpstream();
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    const options: Record<string, string> = {
      Chats: JSON.stringify([{ 'In-app about': `${base}/about?key={key}&address={address}` }, { Second: 'https://chat.example/?k={key}' }]),
      TopUpLink: 'https://shop.example/codes',
      PayAddress: 'https://pay.example/',
      EpayId: '1001',
      EpayKey: 'epay-secret',
      MinTopUp: '2',
      Price: '7.3',
      DisplayInCurrencyEnabled: 'true',
    };
    for (const [key, value] of Object.entries(options)) await server.context.options.set(key, value);
    // Created through the API so the abilities behind GET /api/user/models exist too.
    const channel = await server.call('POST', '/api/channel/', {
      as: admin,
      body: { type: 1, name: 'mock', key: 'upstream-key', base_url: upstream.url, models: ['gpt-4o-mini', 'gpt-4o'], group: ['default'] },
    });
    expect(channel.json().success).toBe(true);
    const { page } = browser;
    await signIn(page, base, 'admin', 'admin-password-1');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  it('sends a user without an enabled token from /playground to /token', async () => {
    const { page } = browser;
    await page.goto(`${base}/playground`);
    await toast(page, 'No enabled token');
    await page.waitForURL((url) => url.pathname === '/token', { timeout: 5000 });
    await page.getByTestId('tokens-warning').waitFor();
  });

  it('creates a batch of tokens from the drawer with a quick pick and an expiry shortcut', async () => {
    const { page } = browser;
    await page.getByTestId('tokens-add').click();
    await page.locator('.token-edit-drawer input[name="name"]').fill('browser');
    await page.getByTestId('token-quota-pick-5000000').click();
    expect(await page.locator('.token-edit-drawer input[name="remain_quota"]').inputValue()).toBe('5000000');
    await page.getByTestId('token-expiry-day').click();
    await page.locator('.token-edit-drawer input[name="count"]').fill('0');
    await page.getByTestId('token-submit').click();
    await toast(page, 'The quantity must be a positive integer');
    await page.locator('.token-edit-drawer input[name="count"]').fill('3');
    await page.locator('.token-edit-drawer textarea[name="allow_ips"]').fill('10.0.0.1\n192.168.1.0/24');
    await page.getByTestId('token-submit').click();
    await toast(page, '3 tokens created');
    await expect.poll(() => page.locator('[data-testid^="token-row-"]').count()).toBe(3);
    const created = await tokens();
    const names = created.map((token) => token.name);
    expect(names).toContain('browser');
    expect(names.filter((name) => /^browser-[A-Za-z0-9]{6}$/.test(name))).toHaveLength(2);
    const now = Math.floor(Date.now() / 1000);
    for (const token of created) {
      expect(token.remain_quota).toBe(5000000);
      expect(Math.abs(token.expired_time - (now + 86400))).toBeLessThan(120);
    }
    await expect.poll(() => page.getByTestId(`token-remain-${created[0].id}`).textContent()).toBe('$10.00');
  });

  it('disables and enables a token, searches by key and copies the key', async () => {
    const { page } = browser;
    const [first, second] = await tokens();
    await page.getByTestId(`token-disable-${first.id}`).click();
    await expect.poll(() => page.getByTestId(`token-status-${first.id}`).getAttribute('data-status')).toBe('2');
    await page.getByTestId(`token-enable-${first.id}`).click();
    await expect.poll(() => page.getByTestId(`token-status-${first.id}`).getAttribute('data-status')).toBe('1');
    await page.locator('input[name="token"]').fill(`sk-${second.key}`);
    await page.getByTestId('tokens-search-submit').click();
    await expect.poll(() => page.locator('[data-testid^="token-row-"]').count()).toBe(1);
    await page.getByTestId(`token-row-${second.id}`).waitFor();
    await page.getByTestId(`token-copy-${second.id}`).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`sk-${second.key}`);
    await page.locator('input[name="token"]').fill('');
    await page.getByTestId('tokens-search-submit').click();
    await expect.poll(() => page.locator('[data-testid^="token-row-"]').count()).toBe(3);
  });

  it('opens a chat link with the token key and the encoded server address', async () => {
    const { page, context } = browser;
    const [token] = await tokens();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId(`token-chat-${token.id}`).click()]);
    await popup.waitForLoadState('domcontentloaded');
    const url = new URL(popup.url());
    expect(url.pathname).toBe('/about');
    expect(url.searchParams.get('key')).toBe(`sk-${token.key}`);
    expect(url.searchParams.get('address')).toBe(base);
    await popup.close();
  });

  it('edits a token to unlimited quota with model limits, then deletes another', async () => {
    const { page } = browser;
    const [token, , victim] = await tokens();
    await page.getByTestId(`token-edit-${token.id}`).click();
    await expect.poll(() => page.locator('.token-edit-drawer input[name="name"]').inputValue()).toBe(token.name);
    await page.getByTestId('token-unlimited').click();
    await page.getByTestId('token-expiry-never').click();
    await page.getByTestId('token-model-limits').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'gpt-4o-mini' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('token-submit').click();
    await toast(page, 'Token updated');
    const updated = (await tokens()).find((row) => row.id === token.id);
    expect(updated).toMatchObject({ unlimited_quota: true, expired_time: -1, model_limits_enabled: true, model_limits: 'gpt-4o-mini' });
    await expect.poll(() => page.getByTestId(`token-status-${token.id}`).textContent()).toBe('Enabled: model limits');
    await expect.poll(() => page.getByTestId(`token-expiry-${token.id}`).textContent()).toBe('Never');
    await page.getByTestId(`token-delete-${victim.id}`).click();
    await confirmPopover(page);
    await toast(page, 'Token deleted');
    await expect.poll(async () => (await tokens()).length).toBe(2);
  });

  it('streams a playground reply, sends max_tokens only when set, stops and shows errors', async () => {
    const { page } = browser;
    await page.goto(`${base}/playground?expired=true`);
    await toast(page, 'Not logged in or the login has expired');
    const input = page.locator('textarea[name="message"]');
    upstream.reset();
    upstream.setBehaviour({ replyChunks: ['Hello ', 'from ', 'the mock.'] });
    await input.fill('Hi there');
    await input.press('Enter');
    const reply = page.locator('[data-testid="playground-message"][data-role="assistant"]').last();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('complete');
    expect(await reply.textContent()).toContain('Hello from the mock.');
    const first = upstream.requests.find((request) => request.path === '/v1/chat/completions');
    expect(first?.body).toMatchObject({ model: 'gpt-4o-mini', stream: true, temperature: 0, messages: [{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user', content: 'Hi there' }] });
    expect(first?.body).not.toHaveProperty('max_tokens');

    await page.locator('input[name="max_tokens"]').fill('64');
    upstream.reset();
    upstream.setBehaviour({ chunkCount: 40, chunkDelayMs: 250 });
    await input.fill('Tell me more');
    await input.press('Enter');
    await expect.poll(() => reply.getAttribute('data-status')).toBe('incomplete');
    await page.getByTestId('playground-stop').click();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('complete');
    const second = upstream.requests.find((request) => request.path === '/v1/chat/completions');
    expect(second?.body).toMatchObject({ max_tokens: 64 });
    expect((second?.body as { messages: unknown[] }).messages).toHaveLength(4);

    upstream.setBehaviour({});
    upstream.queueBehaviour({ fault: { type: 'status', status: 400, message: 'mock refused the prompt' } });
    await input.fill('Break please');
    await input.press('Enter');
    await expect.poll(() => reply.getAttribute('data-status')).toBe('error');
    expect(await reply.textContent()).toContain('mock refused the prompt');

    await page.getByTestId('playground-clear').click();
    await expect.poll(() => page.getByTestId('playground-message').count()).toBe(0);
  });

  it('creates redemption codes in a batch, shows them and applies the status rules', async () => {
    const { page } = browser;
    await page.goto(`${base}/redemption`);
    await page.getByTestId('redemptions-add').click();
    expect(await page.locator('.redemption-edit-drawer input[name="quota"]').inputValue()).toBe('100000');
    await page.locator('.redemption-edit-drawer input[name="count"]').fill('3');
    await page.getByTestId('redemption-submit').click();
    await page.getByTestId('redemption-codes-text').waitFor();
    const codes = (await page.getByTestId('redemption-codes-text').inputValue()).split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    await waitForMotion(page);
    await page.getByTestId('redemption-codes-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    await page.locator('.ant-modal-close').click();
    const rows = (await server.call('GET', '/api/redemption/?p=1&page_size=10', { as: admin })).json().data.items as Array<{ id: number; name: string; key: string }>;
    expect(rows.map((row) => row.name)).toEqual(['$0.20', '$0.20', '$0.20']);
    await server.call('POST', '/api/user/topup', { as: admin, body: { key: rows[2].key } });
    await page.reload();
    await expect.poll(() => page.getByTestId(`redemption-status-${rows[2].id}`).getAttribute('data-status')).toBe('3');
    expect(await page.getByTestId(`redemption-edit-${rows[2].id}`).isDisabled()).toBe(true);
    expect(await page.getByTestId(`redemption-enable-${rows[2].id}`).isDisabled()).toBe(true);
    await page.getByTestId(`redemption-disable-${rows[1].id}`).click();
    await expect.poll(() => page.getByTestId(`redemption-status-${rows[1].id}`).getAttribute('data-status')).toBe('2');
    expect(await page.getByTestId(`redemption-edit-${rows[1].id}`).isDisabled()).toBe(true);
    await page.getByTestId(`redemption-edit-${rows[0].id}`).click();
    await page.locator('.redemption-edit-drawer input[name="name"]').fill('renamed');
    await page.getByTestId('redemption-submit').click();
    await toast(page, 'Redemption code updated');
    await expect.poll(() => page.getByTestId(`redemption-name-${rows[0].id}`).textContent()).toBe('renamed');
    await page.locator('input[name="keyword"]').fill('renamed');
    await page.getByTestId('redemptions-search-submit').click();
    await expect.poll(() => page.locator('[data-testid^="redemption-row-"]').count()).toBe(1);
  });

  it('redeems a code in the wallet, quotes the payable amount and confirms the payment before leaving for the gateway', async () => {
    const { page } = browser;
    const [code] = (await server.call('POST', '/api/redemption/', { as: admin, body: { name: 'wallet', quota: 500000 } })).json().data as string[];
    await page.goto(`${base}/topup`);
    await page.getByTestId('wallet-get-code').waitFor();
    const before = await page.getByTestId('wallet-balance-quota').textContent();
    await page.getByTestId('wallet-redeem-submit').click();
    await toast(page, 'Please enter the redemption code');
    await page.locator('input[name="key"]').fill(code);
    await page.getByTestId('wallet-redeem-submit').click();
    await toast(page, 'Redeemed successfully: $1.00 added');
    await expect.poll(() => page.getByTestId('wallet-balance-quota').textContent()).not.toBe(before);
    const amount = page.locator('input[name="amount"]');
    await amount.fill('5');
    await expect.poll(() => page.getByTestId('wallet-payable').textContent()).toBe('36.50');
    await amount.fill('0');
    await amount.blur();
    expect(await amount.inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('wallet-payable').textContent()).toBe('The top-up amount cannot be less than 2');
    await page.getByTestId('wallet-pay-zfb').click();
    await toast(page, 'The top-up amount cannot be less than 2');
    await amount.fill('3');
    await page.getByTestId('wallet-pay-zfb').click();
    // Paying itself (the gateway and its notify) is covered by topup-epay.test.ts against a gateway emulation.
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('21.90');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('frames the chat link with the first enabled token and redirects from /chat2link', async () => {
    const { page } = browser;
    const enabled = (await tokens()).find((token) => token.status === 1);
    await page.goto(`${base}/chat/0`);
    const source = await page.getByTestId('chat-frame').getAttribute('src');
    expect(source).toBe(`${base}/about?key=sk-${enabled?.key}&address=${encodeURIComponent(base)}`);
    await page.goto(`${base}/chat/7`);
    await page.getByTestId('chat-notConfigured').waitFor();
    await page.goto(`${base}/chat2link`);
    await page.waitForURL((url) => url.pathname === '/about' && url.searchParams.get('key') === `sk-${enabled?.key}`);
  });

  it('captures the pages in every look', async () => {
    const { page } = browser;
    await captureLooks(page, `${base}/token`, 'tokens', (current) => current.locator('[data-testid^="token-row-"]').first().waitFor());
    await captureLooks(page, `${base}/redemption`, 'redemptions', (current) => current.locator('[data-testid^="redemption-row-"]').first().waitFor());
    await captureLooks(page, `${base}/topup`, 'wallet', (current) => current.getByTestId('wallet-balance-quota').waitFor());
    await captureLooks(page, `${base}/playground`, 'playground', (current) => current.getByTestId('playground-empty').waitFor());
  });
});
