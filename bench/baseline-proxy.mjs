// The benchmark's floor: a bare Node.js pass-through proxy (node:http server, undici keep-alive Pool, body piped
// both ways, no auth and no logic). Usage: node bench/baseline-proxy.mjs <upstream origin>; prints {"url": …}.
import http from 'node:http';
import { pipeline } from 'node:stream';
import { Pool } from 'undici';

const upstream = process.argv[2];
if (!upstream) {
  console.error('usage: node bench/baseline-proxy.mjs <upstream origin>');
  process.exit(2);
}

const pool = new Pool(upstream, { connections: null, pipelining: 1, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });
/** Hop-by-hop headers are the connection's own and never forwarded (RFC 9110 §7.6.1). */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'host']);

/** @param {import('node:http').IncomingHttpHeaders} headers @returns {Record<string, string | string[]>} */
function forwardable(headers) {
  /** @type {Record<string, string | string[]>} */
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(name)) out[name] = value;
  }
  return out;
}

const server = http.createServer((request, response) => {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  pool
    .request({ path: request.url ?? '/', method: /** @type {import('undici').Dispatcher.HttpMethod} */ (request.method ?? 'GET'), headers: forwardable(request.headers), body: hasBody ? request : undefined })
    .then((answer) => {
      response.writeHead(answer.statusCode, forwardable(answer.headers));
      pipeline(answer.body, response, () => undefined);
    })
    .catch(() => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"upstream request failed"}}');
    });
});
server.keepAliveTimeout = 65_000;

server.listen(0, '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${address.port}` }) + '\n');
});

const stop = () => {
  server.close();
  server.closeAllConnections();
  void pool.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
