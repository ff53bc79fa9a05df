/// <reference lib="dom" />
// Browser test of online top-up against the Epay gateway emulation: the wallet quotes a preset amount, the signed
// form takes the browser to the gateway's cashier, paying there notifies the server (which credits once) and the
// gateway sends the browser back to /topup, where the result and the new balance show. An admin then marks a stuck
// order paid from the orders table. Screenshots of the wallet in every look.
import { startEpayGateway, type EpayGateway } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, type BrowserSession, signIn, waitForToast } from './helpers/browser';

describe('online top-up with Epay in Chromium', { timeout: 240_000 }, () => {
  const merchant = { pid: '1001', key: 'browser-merchant-key' };
  let server: TestServer;
  let gateway: EpayGateway;
  let browser: BrowserSession;
  let base: string;
  let admin: Actor;

  const quota = async (): Promise<number> =>
    Number((await server.context.db.selectFrom('users').select('quota').where('id', '=', admin.user.id).executeTakeFirstOrThrow()).quota);

  beforeAll(async () => {
    requireBuiltConsole();
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    gateway = await startEpayGateway(merchant);
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    admin = server.actorFor(await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow());
    const options: Record<string, string> = {
      ServerAddress: base,
      PayAddress: gateway.url,
      EpayId: merchant.pid,
      EpayKey: merchant.key,
      Price: '7.3',
      MinTopUp: '1',
      DisplayInCurrencyEnabled: 'true',
    };
    for (const [key, value] of Object.entries(options)) await server.context.options.set(key, value);
    await signIn(browser.page, base, 'admin', 'admin-password-1');
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await server?.stop();
  });

  it('pays a preset amount at the gateway and shows the credited balance after returning', async () => {
    const { page } = browser;
    const before = await quota();
    await page.goto(`${base}/topup`);
    await page.getByTestId('wallet-preset-10').click();
    await expect.poll(() => page.getByTestId('wallet-payable').textContent()).toBe('73.00');
    const balanceBefore = await page.getByTestId('wallet-balance-quota').textContent();
    await page.getByTestId('wallet-pay-zfb').click();
    await page.getByTestId('wallet-pay-confirm').click();
    await page.waitForURL((url) => url.origin === gateway.url && url.pathname === '/submit.php');
    expect(await page.getByTestId('epay-money').textContent()).toBe('73.00');
    const tradeNo = (await page.getByTestId('epay-order').textContent()) ?? '';
    await page.getByTestId('epay-pay').click();
    await page.waitForURL((url) => url.origin === base && url.pathname === '/topup' && url.searchParams.get('out_trade_no') === tradeNo);
    await page.locator('[data-testid="wallet-result"][data-status="success"]').waitFor();
    expect(await page.getByTestId('wallet-result').textContent()).toContain('$10.00');
    await expect.poll(() => page.getByTestId('wallet-balance-quota').textContent()).not.toBe(balanceBefore);
    expect(await quota()).toBe(before + 5_000_000);
    expect(gateway.notifications.filter((entry) => entry.outTradeNo === tradeNo).map((entry) => entry.answer)).toEqual(['success']);
    const logs = await server.context.db.selectFrom('logs').select(['type', 'quota', 'content']).where('user_id', '=', admin.user.id).where('type', '=', 1).execute();
    expect(logs.filter((log) => log.content.includes(tradeNo))).toEqual([{ type: 1, quota: 5_000_000, content: expect.stringContaining('paid 73.00 via zfb') }]);
  });

  it('lets the admin find a stuck order by trade number and mark it paid once', async () => {
    const { page } = browser;
    const started = await server.call('POST', '/api/user/pay', { as: admin, body: { amount: 2, payment_method: 'wx' } });
    const tradeNo = started.json().data.trade_no as string;
    const order = await server.context.db.selectFrom('topups').select('id').where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
    const before = await quota();
    await page.goto(`${base}/topup`);
    await page.getByTestId('wallet-orders-search').fill(tradeNo);
    await page.getByTestId('wallet-orders-search-submit').click();
    await expect.poll(() => page.locator('[data-testid^="wallet-order-row-"]').count()).toBe(1);
    await page.getByTestId(`wallet-order-complete-${order.id}`).click();
    await page.getByTestId('wallet-order-complete-ok').click();
    await waitForToast(page, 'The order is completed and the user credited');
    await expect.poll(() => page.getByTestId(`wallet-order-complete-${order.id}`).count()).toBe(0);
    expect(await quota()).toBe(before + 1_000_000);
  });

  it('captures the wallet in every look', async () => {
    const { page } = browser;
    const paid = (await server.context.db.selectFrom('topups').select('trade_no').where('status', '=', 'success').executeTakeFirstOrThrow()).trade_no;
    await captureLooks(page, `${base}/topup?out_trade_no=${paid}`, 'wallet-topup', (current) =>
      current.locator('[data-testid="wallet-result"][data-status="success"]').waitFor(),
    );
  });
});
