import { startEpayGateway, type EpayGateway } from '@turnpike/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/http/route-catalog';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// Online top-up through a real Epay gateway emulation: the gateway accepts the server's signed form, calls the
// server's notify URL over HTTP and retries until it reads `success`. One top-up of 10 at Price 7.3 costs 73.00
// and credits 10 × QuotaPerUnit (500000) = 5000000.
describe('online top-up with Epay', () => {
  const merchant = { pid: '1001', key: 'merchant-key-0123' };
  const credit = 5_000_000;
  let server: TestServer;
  let gateway: EpayGateway;
  let base: string;
  let payer: Actor;
  let other: Actor;
  let admin: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    base = await server.listen();
    gateway = await startEpayGateway({ ...merchant, maxNotifyAttempts: 3 });
    payer = await server.createUser({ username: 'payer', quota: 0 });
    other = await server.createUser({ username: 'other-payer', quota: 0 });
    admin = await server.createUser({ username: 'pay-admin', role: 10 });
  });
  afterAll(async () => {
    await gateway.close();
    await server.stop();
  });

  beforeEach(async () => {
    const options = server.context.options;
    await options.set('ServerAddress', base);
    await options.set('CustomCallbackAddress', '');
    await options.set('PayAddress', gateway.url);
    await options.set('EpayId', merchant.pid);
    await options.set('EpayKey', merchant.key);
    await options.set('Price', 7.3);
    await options.set('MinTopUp', 1);
    await options.set('TopupGroupRatio', { default: 1 });
  });

  const quotaOf = async (actor: Actor): Promise<number> =>
    Number((await server.context.db.selectFrom('users').select('quota').where('id', '=', actor.user.id).executeTakeFirstOrThrow()).quota);
  const orderOf = (tradeNo: string) => server.context.db.selectFrom('topups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
  const topupLogs = (actor: Actor) => server.context.db.selectFrom('logs').selectAll().where('user_id', '=', actor.user.id).where('type', '=', 1).execute();

  /** Starts a payment as `actor` and posts its form to the gateway, as the browser does; returns the trade number. */
  async function checkout(actor: Actor, amount = 10): Promise<string> {
    const response = await server.call('POST', '/api/user/pay', { as: actor, body: { amount, top_up_code: '', payment_method: 'zfb' } });
    expect(response.json().success).toBe(true);
    const { url, fields, trade_no: tradeNo } = response.json().data as { url: string; fields: Record<string, string>; trade_no: string };
    const submitted = await fetch(url, { method: 'POST', body: new URLSearchParams(fields) });
    expect(submitted.status).toBe(200);
    expect(await submitted.text()).toContain(tradeNo);
    return tradeNo;
  }

  /** Sends notify parameters to the server over HTTP (GET query, or POST form) and returns the answer text. */
  async function notify(params: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<string> {
    const url = `${base}/api/user/epay/notify`;
    const response =
      method === 'GET' ? await fetch(`${url}?${new URLSearchParams(params)}`) : await fetch(url, { method: 'POST', body: new URLSearchParams(params) });
    return response.text();
  }

  it('answers a form the gateway accepts, with the notify and return URLs, and stores a pending order', async () => {
    const response = await server.call('POST', '/api/user/pay', { as: payer, body: { amount: 10, payment_method: 'zfb' } });
    const data = response.json().data;
    expect(data.url).toBe(`${gateway.url}/submit.php`);
    expect(data.fields).toMatchObject({
      pid: merchant.pid,
      type: 'zfb',
      out_trade_no: data.trade_no,
      notify_url: `${base}/api/user/epay/notify`,
      return_url: `${base}/topup`,
      name: 'TUC10',
      money: '73.00',
      sign_type: 'MD5',
    });
    expect(data.fields.sign).toBe(gateway.sign(data.fields));
    expect(await orderOf(data.trade_no)).toMatchObject({ user_id: payer.user.id, amount: 10, quota: credit, money: '73.00', provider: 'epay', payment_method: 'zfb', status: 'pending', completed_at: 0 });
  });

  it('uses CustomCallbackAddress for the notify URL when it is set', async () => {
    await server.context.options.set('CustomCallbackAddress', 'https://callback.example.com/');
    const response = await server.call('POST', '/api/user/pay', { as: payer, body: { amount: 10, payment_method: 'zfb' } });
    expect(response.json().data.fields).toMatchObject({ notify_url: 'https://callback.example.com/api/user/epay/notify', return_url: `${base}/topup` });
  });

  it('credits the user once when the gateway notifies, and writes a top-up log', async () => {
    const before = await quotaOf(payer);
    const tradeNo = await checkout(payer);
    expect(await gateway.pay(tradeNo)).toBe('success');
    expect(gateway.notifications.filter((entry) => entry.outTradeNo === tradeNo)).toHaveLength(1);
    expect(await quotaOf(payer)).toBe(before + credit);
    const order = await orderOf(tradeNo);
    expect(order.status).toBe('success');
    expect(Number(order.completed_at)).toBeGreaterThan(0);
    const logs = (await topupLogs(payer)).filter((log) => log.content.includes(tradeNo));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ quota: credit, content: `online top-up of $10.000000, paid 73.00 via zfb, trade ${tradeNo}` });
  });

  it('acknowledges a replayed notify (GET and POST) without crediting again', async () => {
    const tradeNo = await checkout(payer);
    const params = gateway.notifyParams(tradeNo);
    expect(await notify(params)).toBe('success');
    const afterFirst = await quotaOf(payer);
    expect(await notify(params)).toBe('success');
    expect(await notify(params, 'POST')).toBe('success');
    expect(await gateway.pay(tradeNo)).toBe('success');
    expect(await quotaOf(payer)).toBe(afterFirst);
    expect((await topupLogs(payer)).filter((log) => log.content.includes(tradeNo))).toHaveLength(1);
  });

  it('credits once under 20 concurrent notifies', async () => {
    const before = await quotaOf(payer);
    const tradeNo = await checkout(payer);
    const params = gateway.notifyParams(tradeNo);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => notify(params, index % 2 === 0 ? 'GET' : 'POST')));
    expect(answers).toEqual(Array.from({ length: 20 }, () => 'success'));
    expect(await quotaOf(payer)).toBe(before + credit);
    expect((await topupLogs(payer)).filter((log) => log.content.includes(tradeNo))).toHaveLength(1);
  });

  it('refuses forged signs, tampered and wrong amounts, unknown orders and another merchant, changing nothing', async () => {
    const tradeNo = await checkout(payer);
    const before = await quotaOf(payer);
    const genuine = gateway.notifyParams(tradeNo);
    const forgedKey = { ...genuine, sign: gateway.sign(genuine, 'guessed-key') };
    const tamperedMoney = { ...genuine, money: '730.00' };
    const noSign = Object.fromEntries(Object.entries(genuine).filter(([name]) => name !== 'sign'));
    const wrongAmount = gateway.notifyParams(tradeNo, { money: '0.01' });
    const unknownOrder = gateway.notifyParams(tradeNo, { out_trade_no: 'TP-NOT-AN-ORDER' });
    const otherMerchant = gateway.notifyParams(tradeNo, { pid: '2002' });
    for (const [label, params] of Object.entries({ forgedKey, tamperedMoney, noSign, wrongAmount, unknownOrder, otherMerchant })) {
      expect(await notify(params), label).toBe('fail');
      expect(await notify(params, 'POST'), label).toBe('fail');
    }
    expect(await quotaOf(payer)).toBe(before);
    expect((await orderOf(tradeNo)).status).toBe('pending');
  });

  it('refuses a genuine Epay notify for an order of another provider', async () => {
    const tradeNo = await checkout(payer);
    const before = await quotaOf(payer);
    await server.context.db.updateTable('topups').set({ provider: 'stripe' }).where('trade_no', '=', tradeNo).execute();
    expect(await notify(gateway.notifyParams(tradeNo))).toBe('fail');
    expect(await quotaOf(payer)).toBe(before);
    expect((await orderOf(tradeNo)).status).toBe('pending');
  });

  it('acknowledges a notify that is not a payment without crediting', async () => {
    const tradeNo = await checkout(payer);
    const before = await quotaOf(payer);
    expect(await notify(gateway.notifyParams(tradeNo, { trade_status: 'WAIT_BUYER_PAY' }))).toBe('success');
    expect(await quotaOf(payer)).toBe(before);
    expect((await orderOf(tradeNo)).status).toBe('pending');
  });

  it('is retried by the gateway until the server answers success', async () => {
    const tradeNo = await checkout(payer);
    const before = await quotaOf(payer);
    // With another key configured the server refuses every notify: the gateway retries, then gives up.
    await server.context.options.set('EpayKey', 'rotated-key');
    expect(await gateway.pay(tradeNo)).toBe('fail');
    expect(gateway.notifications.filter((entry) => entry.outTradeNo === tradeNo).map((entry) => entry.answer)).toEqual(['fail', 'fail', 'fail']);
    await server.context.options.set('EpayKey', merchant.key);
    expect(await gateway.pay(tradeNo)).toBe('success');
    expect(await quotaOf(payer)).toBe(before + credit);
  });

  it('lists only the caller’s own orders; admins see and search all', async () => {
    const mine = await checkout(payer);
    const theirs = await checkout(other);
    const own = (await server.call('GET', '/api/user/topup/self?page_size=100', { as: other })).json().data;
    expect(own.items.map((order: { trade_no: string }) => order.trade_no)).toContain(theirs);
    expect(own.items.every((order: { user_id: number }) => order.user_id === other.user.id)).toBe(true);
    const probe = (await server.call('GET', `/api/user/topup/self?keyword=${mine}`, { as: other })).json().data;
    expect(probe).toMatchObject({ items: [], total: 0 });
    const search = (await server.call('GET', `/api/user/topup?keyword=${theirs}`, { as: admin })).json().data;
    expect(search.total).toBe(1);
    expect(search.items[0]).toMatchObject({ trade_no: theirs, user_id: other.user.id, amount: 10, money: 73, status: 'pending', provider: 'epay' });
  });

  it('lets an admin complete a stuck order, crediting exactly once', async () => {
    const tradeNo = await checkout(other);
    const before = await quotaOf(other);
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.call('POST', '/api/user/topup/complete', { as: admin, body: { trade_no: tradeNo } })));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of answers.filter((entry) => entry.statusCode !== 200)) {
      expect(response.json()).toEqual({ success: false, message: 'the top-up order is already completed', code: 'bad_request' });
    }
    expect(await quotaOf(other)).toBe(before + credit);
    const log = (await topupLogs(other)).find((entry) => entry.content.includes(tradeNo));
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({ completed_by_admin: admin.user.id, trade_no: tradeNo });
    expect(await notify(gateway.notifyParams(tradeNo))).toBe('success');
    expect(await quotaOf(other)).toBe(before + credit);
    const unknown = await server.call('POST', '/api/user/topup/complete', { as: admin, body: { trade_no: 'TP-NOPE' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses the order views to every role that may not see them', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/topup'],
      ['POST', '/api/user/topup/complete'],
      ['GET', '/api/user/topup/self'],
    ] as const) {
      expect((await server.call(method, url, { body: method === 'POST' ? { trade_no: 'x' } : undefined })).statusCode, url).toBe(401);
    }
    for (const [method, url] of [
      ['GET', '/api/user/topup'],
      ['POST', '/api/user/topup/complete'],
    ] as const) {
      const response = await server.call(method, url, { as: payer, body: method === 'POST' ? { trade_no: 'x' } : undefined });
      expect(response.statusCode, url).toBe(403);
    }
    const levels = Object.fromEntries(registeredRoutes(server.app).map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(levels).toMatchObject({
      'GET /api/user/epay/notify': 'public',
      'POST /api/user/epay/notify': 'public',
      'POST /api/user/pay': 'user',
      'POST /api/user/amount': 'user',
      'GET /api/user/topup/self': 'user',
      'GET /api/user/topup': 'admin',
      'POST /api/user/topup/complete': 'admin',
    });
  });
});
