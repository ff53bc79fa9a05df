// An Epay (易支付) gateway emulation on 127.0.0.1 for the online top-up tests, following the documented
// merchant protocol: the browser posts a signed form to `/submit.php` (pid, type, out_trade_no, notify_url,
// return_url, name, money, sign, sign_type); the gateway checks the MD5 signature with the merchant key and shows
// a cashier page; paying calls `notify_url` with signed parameters (trade_status=TRADE_SUCCESS) and repeats the
// call until the merchant answers `success`, then sends the browser to `return_url` with the same parameters.
// Signature: parameters sorted by key, empty values and sign/sign_type left out, `k=v` joined with `&`, the key
// appended, MD5 lowercase hex. Written independently of the server's implementation, so each checks the other.
import crypto from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options of `startEpayGateway`. */
export interface EpayGatewayOptions {
  /** Merchant id (the server's EpayId). */
  pid: string;
  /** Merchant key (the server's EpayKey). */
  key: string;
  /** How many times a notify is sent at most before the gateway gives up (default 5). */
  maxNotifyAttempts?: number;
}

/** An order the gateway accepted from `/submit.php`. */
export interface EpayGatewayOrder {
  /** The gateway's own trade number. */
  tradeNo: string;
  params: Record<string, string>;
  paid: boolean;
}

/** One notify call the gateway made. */
export interface EpayNotifyAttempt {
  outTradeNo: string;
  attempt: number;
  status: number;
  answer: string;
}

/** A running Epay gateway emulation. */
export interface EpayGateway {
  /** Base URL without a trailing slash (the server's PayAddress). */
  readonly url: string;
  /** Accepted orders by merchant trade number. */
  readonly orders: Map<string, EpayGatewayOrder>;
  /** Every notify call made, oldest first. */
  readonly notifications: EpayNotifyAttempt[];
  /** Submissions refused (bad signature, unknown merchant, missing fields), with the reason. */
  readonly refusals: string[];
  /** Pays an accepted order: notifies until the merchant answers `success` (or attempts run out); resolves the last answer. */
  pay(outTradeNo: string): Promise<string>;
  /** The signed notify parameters of an accepted order, with `overrides` applied before signing (for forged-notice tests). */
  notifyParams(outTradeNo: string, overrides?: Record<string, string>): Record<string, string>;
  /** Signs any parameters with a key (the merchant's unless given). */
  sign(params: Record<string, string>, key?: string): string;
  close(): Promise<void>;
}

/** MD5 signature of the Epay protocol. */
function epayMd5(params: Record<string, string>, key: string): string {
  const text = Object.entries(params)
    .filter(([name, value]) => name !== 'sign' && name !== 'sign_type' && value !== '')
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return crypto.createHash('md5').update(text + key).digest('hex');
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const params: Record<string, string> = {};
  const url = new URL(request.url ?? '/', 'http://gateway');
  for (const [name, value] of url.searchParams) params[name] = value;
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params[name] = value;
  return params;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function cashierPage(order: EpayGatewayOrder): string {
  const { params } = order;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Epay test cashier</title></head><body>
<h1>Epay test cashier</h1>
<p>Order <span data-testid="epay-order">${escapeHtml(params.out_trade_no)}</span>: ${escapeHtml(params.name)}</p>
<p>Pay <strong data-testid="epay-money">${escapeHtml(params.money)}</strong> by <span data-testid="epay-type">${escapeHtml(params.type)}</span></p>
<form method="POST" action="/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(params.out_trade_no)}">
<button type="submit" data-testid="epay-pay">Pay</button></form></body></html>`;
}

/** Starts the gateway on an ephemeral port. */
export async function startEpayGateway(options: EpayGatewayOptions): Promise<EpayGateway> {
  const orders = new Map<string, EpayGatewayOrder>();
  const notifications: EpayNotifyAttempt[] = [];
  const refusals: string[] = [];
  const maxAttempts = options.maxNotifyAttempts ?? 5;
  let sequence = 0;

  const notifyParams = (outTradeNo: string, overrides: Record<string, string> = {}): Record<string, string> => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`epay gateway: no order ${outTradeNo}`);
    const params: Record<string, string> = {
      pid: options.pid,
      trade_no: order.tradeNo,
      out_trade_no: outTradeNo,
      type: order.params.type,
      name: order.params.name,
      money: order.params.money,
      trade_status: 'TRADE_SUCCESS',
      ...overrides,
    };
    return { ...params, sign: epayMd5(params, options.key), sign_type: 'MD5' };
  };

  const pay = async (outTradeNo: string): Promise<string> => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`epay gateway: no order ${outTradeNo}`);
    order.paid = true;
    const target = new URL(order.params.notify_url);
    for (const [name, value] of Object.entries(notifyParams(outTradeNo))) target.searchParams.set(name, value);
    let answer = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      let status = 0;
      try {
        const response = await fetch(target);
        status = response.status;
        answer = (await response.text()).trim();
      } catch (error) {
        answer = `network error: ${(error as Error).message}`;
      }
      notifications.push({ outTradeNo, attempt, status, answer });
      if (answer === 'success') break;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
    return answer;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://gateway').pathname;
    const params = await readForm(request);
    if (path === '/submit.php') {
      const missing = ['pid', 'type', 'out_trade_no', 'notify_url', 'name', 'money', 'sign'].filter((name) => !params[name]);
      let reason = '';
      if (missing.length > 0) reason = `missing ${missing.join(', ')}`;
      else if (params.pid !== options.pid) reason = 'unknown merchant';
      else if (params.sign !== epayMd5(params, options.key)) reason = 'bad signature';
      if (reason) {
        refusals.push(reason);
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`epay: ${reason}`);
        return;
      }
      sequence += 1;
      const order: EpayGatewayOrder = { tradeNo: `EP${Date.now()}${sequence}`, params, paid: false };
      orders.set(params.out_trade_no, order);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(cashierPage(order));
      return;
    }
    if (path === '/pay' && request.method === 'POST') {
      const order = orders.get(params.out_trade_no ?? '');
      if (!order) {
        response.writeHead(404).end('epay: no such order');
        return;
      }
      await pay(params.out_trade_no);
      const back = new URL(order.params.return_url || order.params.notify_url);
      for (const [name, value] of Object.entries(notifyParams(params.out_trade_no))) back.searchParams.set(name, value);
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    response.writeHead(404).end('epay: not found');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    notifications,
    refusals,
    pay,
    notifyParams,
    sign: (params, key = options.key) => epayMd5(params, key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
