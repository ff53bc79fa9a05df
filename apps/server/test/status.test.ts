import { optionDefinitions } from '@turnpike/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import manifest from '../package.json';
import { startTestServer, type TestServer } from './helpers/test-server';

/** Every field of spec 001 §3's status object plus the fields the console keeps locally. */
const statusFields = [
  'server_address', 'top_up_link', 'min_topup', 'enable_online_topup', 'default_use_auto_group', 'setup', 'self_use_mode_enabled',
  'demo_site_enabled', 'docs_link', 'price', 'usd_exchange_rate', 'system_name', 'logo', 'footer_html', 'quota_per_unit',
  'display_in_currency', 'display_token_stat', 'enable_drawing', 'enable_task', 'enable_data_export', 'data_export_default_time',
  'default_collapse_sidebar', 'mj_notify_enabled', 'chats', 'pay_methods', 'email_verification', 'register_enabled',
  'password_register_enabled', 'password_login_enabled', 'turnstile_check', 'turnstile_site_key', 'github_oauth', 'github_client_id',
  'oidc_enabled', 'oidc_client_id', 'oidc_authorization_endpoint', 'linuxdo_oauth', 'linuxdo_client_id', 'wechat_login',
  'wechat_qrcode', 'telegram_oauth', 'telegram_bot_name', 'version', 'start_time', 'node_name',
];

describe('GET /api/status', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ NODE_NAME: 'status-node' });
  });
  afterEach(async () => {
    await server.stop();
  });

  it('answers every status field with the spec defaults on a fresh install', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await server.call('GET', '/api/status');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const status = body.data;
    for (const field of statusFields) expect(status, field).toHaveProperty(field);
    expect(status).toMatchObject({
      setup: false,
      system_name: 'Turnpike',
      logo: '/logo.png',
      quota_per_unit: 500000,
      usd_exchange_rate: 7.3,
      price: 7.3,
      min_topup: 1,
      enable_online_topup: false,
      self_use_mode_enabled: false,
      demo_site_enabled: false,
      default_use_auto_group: false,
      docs_link: '',
      top_up_link: '',
      data_export_default_time: 'hour',
      register_enabled: true,
      password_login_enabled: true,
      password_register_enabled: true,
      email_verification: false,
      enable_task: true,
      version: manifest.version,
      node_name: 'status-node',
    });
    expect(status.start_time).toBeGreaterThan(before - 60);
    expect(status.start_time).toBeLessThanOrEqual(before + 1);
    expect(Array.isArray(status.chats) && status.chats.length).toBeGreaterThan(0);
    expect(status.pay_methods[0]).toMatchObject({ name: 'Alipay', type: 'zfb' });
    // With no ServerAddress option the address the browser used stands in.
    expect(status.server_address).toBe('http://localhost:80');
  });

  it('reflects option values and derives enable_online_topup from the epay settings', async () => {
    const { options } = server.context;
    await options.set('ServerAddress', 'https://gateway.example.com');
    await options.set('SystemName', 'My Gateway');
    await options.set('general_setting.docs_link', 'https://docs.example.com');
    await options.set('DrawingEnabled', 'true');
    await options.set('USDExchangeRate', '7.1');
    await options.set('PayAddress', 'https://pay.example.com');
    await options.set('EpayId', '1001');
    let status = (await server.call('GET', '/api/status')).json().data;
    expect(status.enable_online_topup).toBe(false);
    await options.set('EpayKey', 'epay-secret');
    status = (await server.call('GET', '/api/status')).json().data;
    expect(status).toMatchObject({
      server_address: 'https://gateway.example.com',
      system_name: 'My Gateway',
      docs_link: 'https://docs.example.com',
      enable_drawing: true,
      usd_exchange_rate: 7.1,
      enable_online_topup: true,
    });
  });

  it('answers the health checks: up, ready with the database, not ready while draining', async () => {
    const health = await server.call('GET', '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await server.call('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured', draining: false });
    server.context.front.shuttingDown = true;
    try {
      const draining = await server.call('GET', '/readyz');
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'not ready', database: 'ok', redis: 'not configured', draining: true });
    } finally {
      server.context.front.shuttingDown = false;
    }
  });

  it('never carries a secret option', async () => {
    const secrets = [...optionDefinitions.values()].filter((definition) => definition.secret);
    expect(secrets.length).toBeGreaterThan(5);
    for (const definition of secrets) await server.context.options.set(definition.key, `leak-${definition.key}-0123456789`);
    const text = (await server.call('GET', '/api/status')).body;
    expect(text).toContain('"success":true');
    for (const definition of secrets) expect(text).not.toContain(`leak-${definition.key}`);
  });

  it('reports setup as done once a setups row exists', async () => {
    expect((await server.call('GET', '/api/status')).json().data.setup).toBe(false);
    await server.context.db.insertInto('setups').values({ version: 'test', initialized_at: 1 }).execute();
    expect((await server.call('GET', '/api/status')).json().data.setup).toBe(true);
  });
});

describe('public option pages', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.stop();
  });

  it.each([
    ['/api/notice', 'Notice', '**Maintenance** tonight'],
    ['/api/about', 'About', '<h1>About us</h1>'],
    ['/api/home_page_content', 'HomePageContent', 'https://home.example.com'],
  ])('%s answers the %s option text', async (url, key, value) => {
    const empty = await server.call('GET', url);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, message: '', data: '' });
    await server.context.options.set(key, value);
    expect((await server.call('GET', url)).json()).toEqual({ success: true, message: '', data: value });
  });
});
