/// <reference lib="dom" />
// Browser test of "check for updates" (spec 000 §2): a newer release's tag and notes in a dialog (English), and a
// clear message when the release source cannot be reached (Chinese). The release source is a local emulation.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { consoleDist, openBrowser, requireBuiltConsole, signIn, waitForToast, type BrowserSession } from './helpers/browser';

describe('version check in Chromium', { timeout: 240_000 }, () => {
  let server: TestServer;
  let browser: BrowserSession;
  let base: string;
  let releases: http.Server;

  beforeAll(async () => {
    requireBuiltConsole();
    // The release source's emulation is on loopback, which this operator allows for outbound calls.
    server = await startTestServer({ CONSOLE_DIR: consoleDist, OUTBOUND_ALLOW: '127.0.0.1' });
    base = await server.listen();
    releases = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ tag_name: 'v99.1.0', body: 'Release notes of 99.1', html_url: 'https://example.test/r/v99.1.0' }));
    });
    await new Promise<void>((resolve) => releases.listen(0, '127.0.0.1', resolve));
    await server.context.options.set('UpdateCheckUrl', `http://127.0.0.1:${(releases.address() as AddressInfo).port}/releases/latest`);
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    await signIn(browser.page, base, 'admin', 'admin-password-1');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    releases.closeAllConnections();
    await new Promise((resolve) => releases.close(resolve));
  });

  it('shows a newer release with its notes', async () => {
    const { page } = browser;
    await page.goto(`${base}/setting?tab=other`);
    await page.getByTestId('update-check').click();
    await page.getByText('New release v99.1.0').waitFor();
    expect(await page.getByTestId('update-check-notes').textContent()).toBe('Release notes of 99.1');
  });

  it('says clearly that the check failed when the source is offline (Chinese)', async () => {
    const { page } = browser;
    await server.context.options.set('UpdateCheckUrl', 'http://127.0.0.1:1/releases/latest');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.goto(`${base}/setting?tab=other`);
    await page.getByTestId('update-check').click();
    await waitForToast(page, /^检查更新失败：.*ECONNREFUSED/);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  });
});
