/// <reference lib="dom" />
// Browser test of the group ratio tags (spec 000 §9): one colour rule (above 5 red, above 3 orange, above 1 blue,
// else green) in the playground's group list (English) and the admin user editor's (Chinese).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey } from '../../server/test/helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from '../../server/test/helpers/test-server';
import { consoleDist, openBrowser, requireBuiltConsole, signIn, type BrowserSession } from './helpers/browser';

const ratios = { default: 1, plus: 2, pro: 4, premium: 6 };
const colours = { default: 'green', plus: 'blue', pro: 'orange', premium: 'red' };

describe('group ratio tags in Chromium', { timeout: 240_000 }, () => {
  let server: TestServer;
  let browser: BrowserSession;
  let base: string;
  let admin: Actor;

  beforeAll(async () => {
    requireBuiltConsole();
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    await server.context.options.set('GroupRatio', ratios);
    await server.context.options.set('UserUsableGroups', { default: 'Default', plus: 'Plus', pro: 'Pro', premium: 'Premium' });
    await addApiKey(server, admin);
    await signIn(browser.page, base, 'admin', 'admin-password-1');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('colours each group of the playground by its ratio (English)', async () => {
    const { page } = browser;
    await page.goto(`${base}/playground`);
    await page.getByTestId('playground-group').click();
    for (const [group, colour] of Object.entries(colours)) {
      const tag = page.getByTestId(`playground-group-ratio-${group}`).last();
      await tag.waitFor();
      expect(await tag.getAttribute('data-color')).toBe(colour);
      expect(await tag.textContent()).toBe(`ratio ${ratios[group as keyof typeof ratios]}`);
    }
  });

  it('colours each group of the user editor by its ratio (Chinese)', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.goto(`${base}/user/edit/${admin.user.id}`);
    await page.getByTestId('user-edit-group').click();
    for (const [group, colour] of Object.entries(colours)) {
      const tag = page.getByTestId(`user-group-ratio-${group}`).last();
      await tag.waitFor();
      expect(await tag.getAttribute('data-color')).toBe(colour);
      expect(await tag.textContent()).toBe(`倍率 ${ratios[group as keyof typeof ratios]}`);
    }
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  });
});
