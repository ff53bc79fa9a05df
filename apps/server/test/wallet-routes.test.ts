import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('/api/user/amount and /api/user/pay', () => {
  let server: TestServer;
  let user: Actor;
  let vip: Actor;

  const enablePayments = async () => {
    await server.context.options.set('PayAddress', 'https://pay.example.com/');
    await server.context.options.set('EpayId', '1001');
    await server.context.options.set('EpayKey', 'secret-key');
  };

  beforeAll(async () => {
    server = await startTestServer();
    user = await server.createUser({ username: 'payer' });
    vip = await server.createUser({ username: 'vip-payer', group: 'vip' });
  });
  afterAll(() => server.stop());

  beforeEach(async () => {
    for (const key of ['PayAddress', 'EpayId', 'EpayKey']) await server.context.options.set(key, '');
    await server.context.options.set('Price', 7.3);
    await server.context.options.set('MinTopUp', 1);
    await server.context.options.set('TopupGroupRatio', { default: 1, vip: 0.9 });
  });

  it('refuses visitors', async () => {
    for (const path of ['/api/user/amount', '/api/user/pay']) {
      const response = await server.call('POST', path, { body: { amount: 10 } });
      expect(response.statusCode, path).toBe(401);
    }
  });

  it('answers that online top-up is not enabled until address, id and key are all set', async () => {
    await server.context.options.set('PayAddress', 'https://pay.example.com/');
    await server.context.options.set('EpayId', '1001');
    for (const path of ['/api/user/amount', '/api/user/pay']) {
      const response = await server.call('POST', path, { as: user, body: { amount: 10, top_up_code: '', payment_method: 'zfb' } });
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'the admin has not enabled online top-up' });
    }
  });

  it('quotes amount × Price × the group top-up ratio, rounded to cents', async () => {
    await enablePayments();
    const plain = await server.call('POST', '/api/user/amount', { as: user, body: { amount: 10, top_up_code: '' } });
    expect(plain.json()).toEqual({ success: true, message: '', data: 73 });
    const discounted = await server.call('POST', '/api/user/amount', { as: vip, body: { amount: 3, top_up_code: '' } });
    // 3 × 7.3 × 0.9 = 19.71 exactly (binary floats would give 19.709999…).
    expect(discounted.json().data).toBe(19.71);
    await server.context.options.set('Price', 0.333);
    const rounded = await server.call('POST', '/api/user/amount', { as: user, body: { amount: 7 } });
    expect(rounded.json().data).toBe(2.33);
  });

  it('uses ratio 1 for a group without a top-up ratio', async () => {
    await enablePayments();
    await server.context.options.set('TopupGroupRatio', { vip: 2 });
    const response = await server.call('POST', '/api/user/amount', { as: user, body: { amount: 2 } });
    expect(response.json().data).toBe(14.6);
  });

  it('refuses an amount below MinTopUp with the minimum in the message', async () => {
    await enablePayments();
    await server.context.options.set('MinTopUp', 5);
    for (const path of ['/api/user/amount', '/api/user/pay']) {
      const response = await server.call('POST', path, { as: user, body: { amount: 4, payment_method: 'zfb' } });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message).toBe('the top-up amount cannot be less than 5');
    }
    const atMinimum = await server.call('POST', '/api/user/amount', { as: user, body: { amount: 5 } });
    expect(atMinimum.json()).toMatchObject({ success: true, data: 36.5 });
  });

  it('validates the amount', async () => {
    await enablePayments();
    const response = await server.call('POST', '/api/user/amount', { as: user, body: { amount: 'ten' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^amount: /);
    const fraction = await server.call('POST', '/api/user/amount', { as: user, body: { amount: 1.5 } });
    expect(fraction.json().message).toBe('amount: amount must be an integer');
  });

  it('checks the payment method, then says the payment provider is not available yet', async () => {
    await enablePayments();
    const unknown = await server.call('POST', '/api/user/pay', { as: user, body: { amount: 10, top_up_code: '', payment_method: 'bitcoin' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('the payment method does not exist');
    const missing = await server.call('POST', '/api/user/pay', { as: user, body: { amount: 10 } });
    expect(missing.json().message).toBe('payment_method: please choose a payment method');
    const known = await server.call('POST', '/api/user/pay', { as: user, body: { amount: 10, top_up_code: '', payment_method: 'zfb' } });
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual({ success: false, message: 'online payment provider is not available yet', code: 'bad_request' });
  });
});
