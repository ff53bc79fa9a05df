// Local emulators of native provider APIs for relay tests: recording HTTP(S) and WebSocket servers, provider fixtures,
// and independent checks of what providers verify (AWS SigV4, Tencent TC3, iFlytek signed URLs, RS256 JWT assertions).
import { createHash, createHmac, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTick } from 'node:timers/promises';
import { WebSocketServer } from 'ws';
import type { TestServer } from './test-server';

/** A request as an emulator received it. */
export interface RecordedCall {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  url: string;
  /** The path without the query, still percent-encoded. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** Answers one recorded call. */
export type Answer = (call: RecordedCall, response: ServerResponse) => void | Promise<void>;

/** A running HTTP(S) emulator. */
export interface Emulator {
  /** `http://127.0.0.1:port` (or https), without a trailing slash. */
  readonly url: string;
  /** Every call received, oldest first. */
  readonly calls: RecordedCall[];
  /** Sets how the following calls are answered. */
  answer(handler: Answer): void;
  close(): Promise<void>;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function readRequest(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Starts a recording emulator on 127.0.0.1 (HTTPS when given a key and certificate); unanswered calls get a 404. */
export async function startEmulator(options: { tls?: { key: string; cert: string } } = {}): Promise<Emulator> {
  const calls: RecordedCall[] = [];
  let handler: Answer = (_call, response) => sendJson(response, { error: 'no answer configured' }, 404);
  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    void (async () => {
      const body = await readRequest(request);
      const url = request.url ?? '/';
      const queryAt = url.indexOf('?');
      const call: RecordedCall = {
        method: request.method ?? 'GET',
        url,
        path: queryAt === -1 ? url : url.slice(0, queryAt),
        query: new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)),
        headers: request.headers,
        body,
        json: parseJson(body),
      };
      calls.push(call);
      try {
        await handler(call, response);
      } catch (error) {
        if (!response.headersSent) sendJson(response, { error: (error as Error).message }, 500);
        else response.destroy();
      }
    })();
  };
  const server = options.tls ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, onRequest) : createHttpServer(onRequest);
  const port = await listen(server);
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    calls,
    answer(next) {
      handler = next;
    },
    close: () => closeServer(server),
  };
}

/** Answers with a JSON body. */
export function sendJson(response: ServerResponse, body: unknown, status = 200): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
  response.end(bytes);
}

/** Answers with raw bytes, written piece by piece with a turn of the event loop between pieces. */
export async function sendPieces(response: ServerResponse, contentType: string, pieces: readonly (string | Buffer)[], status = 200): Promise<void> {
  response.writeHead(status, { 'content-type': contentType });
  for (const piece of pieces) {
    response.write(piece);
    await nextTick();
  }
  response.end();
}

/** Cuts bytes into pieces of `size` bytes (splitting frames, lines and UTF-8 characters anywhere). */
export function piecesOf(data: string | Buffer, size: number): Buffer[] {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) pieces.push(bytes.subarray(offset, offset + size));
  return pieces;
}

const providersSource = new URL('../../../../packages/providers/src/', import.meta.url);

/** The bytes of `packages/providers/src/{folder}/__fixtures__/{file}`. */
export function providerFixture(folder: string, file: string): Buffer {
  return fs.readFileSync(new URL(`${folder}/__fixtures__/${file}`, providersSource));
}

/** A provider fixture parsed as JSON. */
export function providerJsonFixture<T>(folder: string, file: string): T {
  return JSON.parse(providerFixture(folder, file).toString('utf8')) as T;
}

/** Sets a channel's `other` value (region, bot id, version) and reloads the routing table. */
export async function setChannelOther(server: TestServer, channelId: number, other: string): Promise<void> {
  await server.context.db.updateTable('channels').set({ other }).where('id', '=', channelId).execute();
  await server.context.relay.routing.reload();
}

// --- A self-signed certificate, DER-encoded by hand (node:crypto makes keys but no certificates). ---

function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const head = length < 0x80 ? [length] : length < 0x100 ? [0x81, length] : [0x82, length >> 8, length & 0xff];
  return Buffer.concat([Buffer.from([tag, ...head]), content]);
}

const derSequence = (...items: Buffer[]): Buffer => der(0x30, Buffer.concat(items));

function derOid(text: string): Buffer {
  const arcs = text.split('.').map(Number);
  const bytes = [40 * arcs[0] + arcs[1]];
  for (const arc of arcs.slice(2)) {
    const encoded = [arc & 0x7f];
    for (let rest = arc >> 7; rest > 0; rest >>= 7) encoded.unshift((rest & 0x7f) | 0x80);
    bytes.push(...encoded);
  }
  return der(0x06, Buffer.from(bytes));
}

const derUtcTime = (date: Date): Buffer => der(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`, 'ascii'));

function pem(label: string, bytes: Buffer): string {
  const lines = bytes.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A self-signed RSA certificate for 127.0.0.1 and localhost, valid for a day, with its private key (PEM). */
export function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sha256WithRsa = derSequence(derOid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const name = derSequence(der(0x31, derSequence(derOid('2.5.4.3'), der(0x0c, Buffer.from('127.0.0.1', 'utf8')))));
  const now = Date.now();
  const altNames = derSequence(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost', 'ascii')));
  const tbs = derSequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from([1])),
    sha256WithRsa,
    name,
    derSequence(derUtcTime(new Date(now - 3_600_000)), derUtcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, derSequence(derSequence(derOid('2.5.29.17'), der(0x04, altNames)))),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = derSequence(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), cert: pem('CERTIFICATE', certificate) };
}

// --- Google service accounts and their JWT assertions. ---

/** A service-account key file (as pasted into a Vertex channel) and the public half to check its assertions with. */
export interface ServiceAccount {
  /** The JSON key file text. */
  key: string;
  projectId: string;
  clientEmail: string;
  publicKey: KeyObject;
}

/** Makes a service-account key file whose `token_uri` is the given URL. */
export function createServiceAccount(tokenUri: string, projectId = 'turnpike-test'): ServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `relay@${projectId}.iam.gserviceaccount.com`;
  const key = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'test-key-id',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    token_uri: tokenUri,
  });
  return { key, projectId, clientEmail, publicKey };
}

/** The header and claims of an RS256 JWT whose signature `publicKey` verifies; undefined for any other token. */
export function verifyJwt(token: string, publicKey: KeyObject): { header: Record<string, unknown>; claims: Record<string, unknown> } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, claims, signature] = parts;
  if (!verify('sha256', Buffer.from(`${header}.${claims}`, 'ascii'), publicKey, Buffer.from(signature, 'base64url'))) return undefined;
  const decode = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  const decodedHeader = decode(header);
  return decodedHeader.alg === 'RS256' ? { header: decodedHeader, claims: decode(claims) } : undefined;
}

// --- Request signatures, checked the way the providers check them. ---

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
const headerText = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/**
 * Checks an AWS Signature Version 4 `authorization` header against the received request: canonical request (path
 * segments encoded once more, as every service but S3 signs them), string to sign, derived key.
 */
export function verifySigV4(call: RecordedCall, secretAccessKey: string): boolean {
  const match = /^AWS4-HMAC-SHA256 Credential=[^/]+\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(headerText(call.headers, 'authorization'));
  if (!match) return false;
  const [, date, region, service, signedHeaders, signature] = match;
  const amzDate = headerText(call.headers, 'x-amz-date');
  if (!amzDate.startsWith(date)) return false;
  const canonicalPath = call.path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names.map((name) => `${name}:${headerText(call.headers, name).trim().replace(/ +/g, ' ')}\n`).join('');
  const canonicalRequest = [call.method, canonicalPath, '', canonicalHeaders, signedHeaders, sha256Hex(call.body)].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') === signature;
}

/** Checks a Tencent Cloud TC3-HMAC-SHA256 `authorization` header; `host` is the host Tencent sees (behind a proxy, its own). */
export function verifyTc3(call: RecordedCall, secretKey: string, host: string): boolean {
  const match = /^TC3-HMAC-SHA256 Credential=[^/]+\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(headerText(call.headers, 'authorization'));
  if (!match) return false;
  const [, date, service, signedHeaders, signature] = match;
  const timestamp = headerText(call.headers, 'x-tc-timestamp');
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const value = (name: string): string => (name === 'host' ? host : headerText(call.headers, name)).trim().toLowerCase();
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${value(name)}\n`)
    .join('');
  const canonicalRequest = [call.method, '/', '', canonicalHeaders, signedHeaders, sha256Hex(call.body)].join('\n');
  const stringToSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') === signature;
}

// --- iFlytek Spark over WebSocket. ---

/** One WebSocket session a Spark emulator served. */
export interface SparkCall {
  path: string;
  query: URLSearchParams;
  /** The request message, parsed. */
  message: unknown;
}

/** A running Spark emulator. */
export interface SparkEmulator {
  /** `ws://127.0.0.1:port`. */
  readonly url: string;
  readonly calls: SparkCall[];
  /** Sets the frames the following sessions answer with (sent one message each, then the socket closes). */
  answer(frames: (call: SparkCall) => readonly string[]): void;
  close(): Promise<void>;
}

/** Starts a WebSocket server that answers each session's one request message with frames, like Spark. */
export async function startSparkEmulator(): Promise<SparkEmulator> {
  const calls: SparkCall[] = [];
  let frames: (call: SparkCall) => readonly string[] = () => [];
  const server = createHttpServer((_request, response) => sendJson(response, { error: 'WebSocket only' }, 426));
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    const url = new URL(request.url ?? '/', 'ws://127.0.0.1');
    socket.once('message', (data: Buffer) => {
      const call: SparkCall = { path: url.pathname, query: url.searchParams, message: parseJson(data) };
      calls.push(call);
      void (async () => {
        for (const frame of frames(call)) {
          socket.send(frame);
          await nextTick();
        }
        socket.close(1000);
      })();
    });
  });
  const port = await listen(server);
  return {
    url: `ws://127.0.0.1:${port}`,
    calls,
    answer(next) {
      frames = next;
    },
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await closeServer(server);
    },
  };
}

/** Checks an iFlytek signed URL: HMAC-SHA256 over host, date and request line with the API secret, within 300 s. */
export function verifySparkUrl(call: SparkCall, apiKey: string, apiSecret: string): boolean {
  const host = call.query.get('host') ?? '';
  const date = call.query.get('date') ?? '';
  if (Math.abs(Date.parse(date) - Date.now()) > 300_000) return false;
  const signature = createHmac('sha256', apiSecret).update(`host: ${host}\ndate: ${date}\nGET ${call.path} HTTP/1.1`, 'utf8').digest('base64');
  const expected = `api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  return Buffer.from(call.query.get('authorization') ?? '', 'base64').toString('utf8') === expected;
}
