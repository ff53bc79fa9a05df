import { startEpayGateway, type EpayGateway } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';

/** No lease: the test server's own SQLite file. */
const sqliteLease = async (): Promise<ServiceLease | null> => null;

// Exactly-once crediting on every engine: PostgreSQL and MariaDB with real connection pools run the 20 notifies
// truly concurrently, so only the conditional UPDATE of the order's status stands between them and a double credit.
describe.each([
  ['sqlite', sqliteLease],
  ['postgres', leasePostgresDatabase],
  ['mariadb', leaseMariadbDatabase],
] as const)('top-up orders on %s', (_engine, lease) => {
  const merchant = { pid: '1001', key: 'merchant-key-engines' };
  let database: ServiceLease | null;
  let server: TestServer;
  let gateway: EpayGateway;
  let payer: Actor;
  let admin: Actor;

  beforeAll(async () => {
    database = await lease();
    server = await startTestServer(database ? { SQL_DSN: database.url } : {});
    gateway = await startEpayGateway(merchant);
    payer = await server.createUser({ username: 'engine-payer', quota: 1000 });
    admin = await server.createUser({ username: 'engine-admin', role: 10 });
    const options = server.context.options;
    await options.set('ServerAddress', 'http://turnpike.test');
    await options.set('PayAddress', gateway.url);
    await options.set('EpayId', merchant.pid);
    await options.set('EpayKey', merchant.key);
    await options.set('Price', 7.3);
    await options.set('TopupGroupRatio', { default: 0.9 });
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.stop();
    // Let pg-pool's clients finish closing before the database goes (see users-engines.test.ts).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  const quota = async (): Promise<number> =>
    Number((await server.context.db.selectFrom('users').select('quota').where('id', '=', payer.user.id).executeTakeFirstOrThrow()).quota);
  const logsOf = async (tradeNo: string): Promise<number> =>
    (await server.context.db.selectFrom('logs').select('content').where('user_id', '=', payer.user.id).where('type', '=', 1).execute()).filter((log) =>
      log.content.includes(tradeNo),
    ).length;

  async function checkout(amount: number): Promise<string> {
    const response = await server.call('POST', '/api/user/pay', { as: payer, body: { amount, payment_method: 'wx' } });
    const { url, fields, trade_no: tradeNo } = response.json().data as { url: string; fields: Record<string, string>; trade_no: string };
    expect((await fetch(url, { method: 'POST', body: new URLSearchParams(fields) })).status).toBe(200);
    return tradeNo;
  }

  it('credits once under 20 concurrent notifies', async () => {
    const before = await quota();
    // 3 × 7.3 × 0.9 = 19.71 exactly; 3 units of quota at 500000 each.
    const tradeNo = await checkout(3);
    const query = new URLSearchParams(gateway.notifyParams(tradeNo)).toString();
    expect(gateway.orders.get(tradeNo)?.params.money).toBe('19.71');
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.call('GET', `/api/user/epay/notify?${query}`)));
    expect(answers.map((response) => response.body)).toEqual(Array.from({ length: 20 }, () => 'success'));
    expect(await quota()).toBe(before + 1_500_000);
    expect(await logsOf(tradeNo)).toBe(1);
    const order = await server.context.db.selectFrom('topups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'success', money: '19.71' });
  });

  it('credits once when notifies and admin completions race', async () => {
    const before = await quota();
    const tradeNo = await checkout(2);
    const query = new URLSearchParams(gateway.notifyParams(tradeNo)).toString();
    await Promise.all([
      ...Array.from({ length: 10 }, () => server.call('GET', `/api/user/epay/notify?${query}`)),
      ...Array.from({ length: 10 }, () => server.call('POST', '/api/user/topup/complete', { as: admin, body: { trade_no: tradeNo } })),
    ]);
    expect(await quota()).toBe(before + 1_000_000);
    expect(await logsOf(tradeNo)).toBe(1);
  });

  it('searches orders by trade number with literal wildcards', async () => {
    const tradeNo = await checkout(1);
    const found = (await server.call('GET', `/api/user/topup?keyword=${tradeNo}`, { as: admin })).json().data;
    expect(found.items.map((order: { trade_no: string }) => order.trade_no)).toEqual([tradeNo]);
    const wildcard = (await server.call('GET', '/api/user/topup?keyword=%25', { as: admin })).json().data;
    expect(wildcard.total).toBe(0);
  });
});
