/// <reference lib="dom" />
// Browser test of the sessions card in personal settings: the signed-in devices, sign out the others, log out everywhere,
// with the ended sessions refused by the server (replayed cookie and access token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { consoleDist, openBrowser, requireBuiltConsole, signIn, waitForToast, type BrowserSession } from './helpers/browser';

describe('sessions card in Chromium', { timeout: 180_000 }, () => {
  let server: TestServer;
  let browser: BrowserSession;
  let base: string;

  beforeAll(async () => {
    requireBuiltConsole();
    server = await startTestServer({ CONSOLE_DIR: consoleDist, CRITICAL_RATE_LIMIT: '100000' });
    base = await server.listen();
    await server.call('POST', '/api/setup', { body: { username: 'root', password: 'root-password-1', confirmPassword: 'root-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    await server.createUser({ username: 'alice', password: 'password123' });
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Signs in from another device through the API; returns its access token. */
  async function otherDevice(userAgent: string): Promise<string> {
    const response = await server.call('POST', '/api/user/login', { body: { username: 'alice', password: 'password123' }, headers: { 'user-agent': userAgent } });
    return response.json().data.access_token as string;
  }
  const selfStatus = async (token: string) => (await server.call('GET', '/api/user/self', { headers: { authorization: `Bearer ${token}` } })).statusCode;

  it('lists this device and another, signs out the others, then logs out everywhere', async () => {
    const page = browser.page;
    const phone = await otherDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    await signIn(page, base, 'alice', 'password123');
    await page.goto(`${base}/personal`);
    const card = page.getByTestId('sessions-card');
    await card.getByText('This device').waitFor();
    await card.getByText('Safari · iOS').waitFor();
    expect(await card.locator('tbody tr.ant-table-row').count()).toBe(2);

    await page.getByTestId('sessions-revoke-others').click();
    await waitForToast(page, 'Signed out 1 other device(s)');
    await card.getByText('Safari · iOS').waitFor({ state: 'detached' });
    expect(await selfStatus(phone)).toBe(401);

    const cookies = await browser.context.cookies();
    const sessionCookie = cookies.find((cookie) => cookie.name === 'turnpike_session');
    expect(sessionCookie).toBeDefined();
    const userId = String((await server.context.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()).id);
    await page.getByTestId('sessions-logout-everywhere').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page.waitForURL((url) => url.pathname === '/login');
    // The browser's old cookie, replayed, no longer works.
    const replay = await server.call('GET', '/api/user/self', { headers: { cookie: `turnpike_session=${sessionCookie?.value}`, 'new-api-user': userId } });
    expect(replay.statusCode).toBe(401);
  });

  it('shows the card in Chinese', async () => {
    const page = browser.page;
    await signIn(page, base, 'alice', 'password123');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.goto(`${base}/personal`);
    const card = page.getByTestId('sessions-card');
    await card.getByText('已登录的设备').waitFor();
    await card.getByText('当前设备').waitFor();
    await card.getByText('退出所有设备').waitFor();
  });
});
