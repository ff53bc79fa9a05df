import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccessLog, type AccessLogWatch } from './access-log';
import { createRequestIdAssigner } from './request-id';

interface Line {
  fields: { reqId: string; req: { method: string; url: string }; res: { statusCode: number }; outcome: string; responseTime: number };
  message: string;
}

describe('access log', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** A server whose /stream answer never ends by itself, /fail answers 500 and anything else 200. */
  async function serve(watch: AccessLogWatch): Promise<string> {
    const assign = createRequestIdAssigner([]);
    const server = http.createServer((req, res) => {
      assign(req, res);
      watch(req, res);
      if (req.url?.startsWith('/stream')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: 1\n\n');
        return;
      }
      res.writeHead(req.url?.startsWith('/fail') ? 500 : 200).end('ok');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('writes one line per request, also for a stream the client cut, without the query string', async () => {
    const lines: Line[] = [];
    const base = await serve(createAccessLog({ info: (fields, message) => lines.push({ fields: fields as Line['fields'], message }) }, 'info', 1)!);
    const whole = await fetch(`${base}/v1beta/models/m:generateContent?key=sk-secret`, { method: 'POST' });
    await whole.text();
    const controller = new AbortController();
    const stream = await fetch(`${base}/stream?key=sk-secret`, { signal: controller.signal });
    const reader = stream.body!.getReader();
    await reader.read();
    controller.abort();
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[0]).toMatchObject({ message: 'request completed', fields: { reqId: whole.headers.get('x-request-id'), req: { method: 'POST', url: '/v1beta/models/m:generateContent' }, res: { statusCode: 200 }, outcome: 'completed' } });
    expect(lines[1]).toMatchObject({ message: 'request closed by the client', fields: { reqId: stream.headers.get('x-request-id'), req: { method: 'GET', url: '/stream' }, outcome: 'client_closed' } });
    expect(JSON.stringify(lines)).not.toContain('sk-secret');
  });

  it('samples successful requests at the rate but keeps every failure', async () => {
    const lines: Line[] = [];
    const draws = [0.05, 0.5, 0.95, 0.2];
    const watch = createAccessLog({ info: (fields, message) => lines.push({ fields: fields as Line['fields'], message }) }, 'info', 0.25, () => draws.shift() ?? 0.99)!;
    const base = await serve(watch);
    for (const path of ['/a', '/b', '/fail', '/c', '/d']) await (await fetch(`${base}${path}`)).text();
    await expect.poll(() => lines.length).toBe(3);
    // Draws below 0.25 keep /a and /d; /fail is written without a draw.
    expect(lines.map((line) => line.fields.req.url).sort()).toEqual(['/a', '/d', '/fail']);
  });

  it('writes nothing above the info level', () => {
    expect(createAccessLog({ info: () => undefined }, 'warn', 1)).toBeNull();
  });
});
