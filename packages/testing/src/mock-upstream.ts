// A real HTTP mock of upstream model APIs, listening on 127.0.0.1 with an ephemeral port.
// It records every request, answers deterministically (exact usage for billing assertions) and
// injects faults globally, per API key, or for the next requests. Dialects add routes to
// `mockRoutes` (Anthropic /v1/messages and Gemini generateContent come as their own files).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultMockBehaviour, mockErrorBody, type MockBehaviour } from './mock-behaviour';
import { createMockExchange, type MockRoute, type RecordedRequest } from './mock-exchange';
import { parseMultipartBody, readMultipartBoundary } from './mock-multipart';
import { anthropicMockRoutes } from './mock-anthropic-routes';
import { geminiMockRoutes } from './mock-gemini-routes';
import { openAiChatMockRoutes } from './mock-openai-chat-routes';
import { openAiMediaMockRoutes } from './mock-openai-media-routes';
import { openAiResponsesMockRoutes } from './mock-openai-responses-routes';

/** Every route the mock serves, dialect by dialect. */
export const mockRoutes: readonly MockRoute[] = [...openAiChatMockRoutes, ...openAiMediaMockRoutes, ...geminiMockRoutes, ...anthropicMockRoutes, ...openAiResponsesMockRoutes];

/** Options of `startMockUpstream`. */
export interface MockUpstreamOptions {
  /** The global behaviour to start with (over the defaults). */
  behaviour?: Partial<MockBehaviour>;
  /** Routes to serve instead of `mockRoutes`. */
  routes?: readonly MockRoute[];
}

/** A running mock upstream. */
export interface MockUpstream {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Every request received, oldest first (a live array; `reset` empties it). */
  readonly requests: RecordedRequest[];
  /** Replaces the global behaviour (merged over the defaults); `setBehaviour({})` restores them. */
  setBehaviour(behaviour: Partial<MockBehaviour>): void;
  /** Sets (or, with undefined, clears) the behaviour for requests carrying `apiKey`; it overrides the global one. */
  setKeyBehaviour(apiKey: string, behaviour: Partial<MockBehaviour> | undefined): void;
  /** Applies `behaviour` to the next `times` requests only (first in, first used); it overrides key and global ones. */
  queueBehaviour(behaviour: Partial<MockBehaviour>, times?: number): void;
  /** Forgets recorded requests and every configured behaviour, and restarts answer ids at 1. */
  reset(): void;
  /** Stops listening and cuts open connections, including hung ones. */
  close(): Promise<void>;
}

/** Reads the caller's key the way each dialect sends it. */
export function readMockApiKey(request: IncomingMessage, query: URLSearchParams): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim();
  const header = request.headers['x-api-key'] ?? request.headers['x-goog-api-key'];
  if (typeof header === 'string') return header;
  return query.get('key') ?? undefined;
}

function parseBody(contentType: string | undefined, rawBody: Buffer): unknown {
  if (rawBody.length === 0) return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('multipart/form-data')) {
    const boundary = readMultipartBoundary(contentType);
    return boundary ? parseMultipartBody(rawBody, boundary) : undefined;
  }
  if (type.includes('json') || type === '') {
    try {
      return JSON.parse(rawBody.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function readRawBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function routeMatches(route: MockRoute, method: string, path: string): boolean {
  if (route.method !== method) return false;
  return typeof route.path === 'string' ? route.path === path : route.path.test(path);
}

/** Starts a mock upstream on 127.0.0.1 and an ephemeral port. */
export async function startMockUpstream(options: MockUpstreamOptions = {}): Promise<MockUpstream> {
  const routes = options.routes ?? mockRoutes;
  const requests: RecordedRequest[] = [];
  let globalBehaviour: Partial<MockBehaviour> = options.behaviour ?? {};
  const keyBehaviours = new Map<string, Partial<MockBehaviour>>();
  const queued: Partial<MockBehaviour>[] = [];
  let sequence = 0;

  function resolveBehaviour(apiKey: string | undefined): MockBehaviour {
    const keyed = apiKey === undefined ? undefined : keyBehaviours.get(apiKey);
    return { ...defaultMockBehaviour, ...globalBehaviour, ...keyed, ...queued.shift() };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const rawBody = await readRawBody(request);
    const apiKey = readMockApiKey(request, url.searchParams);
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      apiKey,
      body: parseBody(request.headers['content-type'], rawBody),
      rawBody,
      receivedAt: Date.now(),
    };
    requests.push(recorded);
    sequence += 1;
    const behaviour = resolveBehaviour(apiKey);
    const exchange = createMockExchange(recorded, behaviour, response, sequence);
    const fault = behaviour.fault;
    if (fault?.type === 'hang') return;
    const route = routes.find((candidate) => routeMatches(candidate, recorded.method, recorded.path));
    if (fault?.type === 'status') {
      return exchange.sendJson(fault.status, route?.renderError?.(fault) ?? mockErrorBody(fault), fault.headers);
    }
    if (!route) {
      return exchange.sendJson(404, {
        error: { message: `Invalid URL (${recorded.method} ${recorded.path})`, type: 'invalid_request_error', param: null, code: null },
      });
    }
    return route.handle(exchange);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `mock upstream failure: ${String(error)}`, type: 'server_error', param: null, code: null } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setBehaviour(behaviour) {
      globalBehaviour = behaviour;
    },
    setKeyBehaviour(apiKey, behaviour) {
      if (behaviour === undefined) keyBehaviours.delete(apiKey);
      else keyBehaviours.set(apiKey, behaviour);
    },
    queueBehaviour(behaviour, times = 1) {
      for (let count = 0; count < times; count += 1) queued.push(behaviour);
    },
    reset() {
      requests.length = 0;
      globalBehaviour = {};
      keyBehaviours.clear();
      queued.length = 0;
      sequence = 0;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
