/// <reference lib="dom" />
// Browser test of the sensitive-word card (issue 26): the admin switches the check on, types a list with spaces and
// duplicates, sees the count, saves (the stored list is trimmed and de-duplicated), and a relayed call with a listed
// word is refused with `sensitive_words_detected`; the card in Chinese too, and a list over the limits is not saved.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey } from '../../server/test/helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from '../../server/test/helpers/test-server';
import { consoleDist, openBrowser, requireBuiltConsole, signIn, waitForToast, type BrowserSession } from './helpers/browser';

describe('sensitive-word card in Chromium', { timeout: 240_000 }, () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let browser: BrowserSession;
  let base: string;
  let admin: Actor;
  let key: string;

  beforeAll(async () => {
    requireBuiltConsole();
    upstream = await startMockUpstream();
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    const channel = await server.call('POST', '/api/channel/', {
      as: admin,
      body: { name: 'mock', type: 1, key: 'upstream-good', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default', priority: 0, weight: 0, auto_ban: 1 },
    });
    expect(channel.json().success).toBe(true);
    await server.context.options.set('ModelRatio', { 'gpt-4o-mini': 1 });
    key = (await addApiKey(server, admin)).key;
    await signIn(browser.page, base, 'admin', 'admin-password-1');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  async function ask(text: string): Promise<{ status: number; body: { error?: { code?: string; message?: string } } }> {
    const response = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }] }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { code?: string } } };
  }

  it('saves a cleaned list with its count, and a relayed call with a listed word is refused', async () => {
    const { page } = browser;
    expect((await ask('tell me about forbiddenword')).status).toBe(200);
    await page.goto(`${base}/setting?tab=operation`);
    const card = page.getByTestId('settings-card-sensitive');
    await card.waitFor();
    await card.getByTestId('option-CheckSensitiveEnabled').click();
    const words = card.locator('textarea[name="SensitiveWords"]');
    await words.fill('  forbiddenword  \n\n禁止词\nforbiddenword\nanother ');
    await card.getByTestId('sensitive-word-count').getByText('3 words', { exact: false }).waitFor();
    await page.getByTestId('settings-save-sensitive').click();
    await waitForToast(page, 'Saved');
    expect(server.context.options.text('SensitiveWords')).toBe('forbiddenword\n禁止词\nanother');
    expect(server.context.options.bool('CheckSensitiveEnabled')).toBe(true);
    expect(await words.inputValue()).toBe('forbiddenword\n禁止词\nanother');

    const refused = await ask('tell me about ＦＯＲＢＩＤＤＥＮword');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe('sensitive_words_detected');
    expect(JSON.stringify(refused.body)).not.toContain('forbiddenword');
    expect((await ask('这里有禁止词')).status).toBe(400);
    expect((await ask('a clean question')).status).toBe(200);
  });

  it('refuses a word over the length limit, in Chinese', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.goto(`${base}/setting?tab=operation`);
    const card = page.getByTestId('settings-card-sensitive');
    await card.waitFor();
    await card.getByTestId('sensitive-word-count').getByText('共 3 个词', { exact: false }).waitFor();
    await card.locator('textarea[name="SensitiveWords"]').fill(`short\n${'x'.repeat(101)}`);
    await page.getByTestId('settings-save-sensitive').click();
    await waitForToast(page, /每个词最多 100 个字符/);
    expect(server.context.options.text('SensitiveWords')).toBe('forbiddenword\n禁止词\nanother');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  });
});
