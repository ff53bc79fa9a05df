// A real HTTP mock of upstream model APIs, listening on 127.0.0.1 with an ephemeral port: the one upstream emulator of
// the tests. It records every request, answers deterministically (exact usage for billing assertions) and injects
// faults globally, per API key, or for the next requests. Dialects add routes to `mockRoutes` (Anthropic /v1/messages
// and Gemini generateContent come as their own files); a test emulating a provider's own API sets a custom `answer`
// instead, over HTTPS when it needs to (`tls`), and WebSocket sessions are served on the same port (`answerSocket`).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { defaultMockBehaviour, mockErrorBody, type MockBehaviour } from './mock-behaviour';
import { createMockExchange, type MockRoute, type RecordedRequest } from './mock-exchange';
import { readRawBody, recordRequest } from './mock-recording';
import { serveMockSockets, type MockSocketAnswer } from './mock-sockets';
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
  /** Serve HTTPS with this key and certificate (PEM; see `selfSignedCertificate`) instead of HTTP. */
  tls?: { key: string; cert: string };
  /**
   * How long an idle keep-alive connection stays open (Node's default is 5 s). A client that reuses a connection the
   * server is closing at that moment sees ECONNRESET; tests with long pauses between calls set it above their pauses.
   */
  keepAliveTimeoutMs?: number;
}

/** A custom answer: writes the whole answer to `response` itself (see `sendJson`, `sendPieces`). */
export type MockAnswer = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/** A running mock upstream. */
export interface MockUpstream {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234` (`https://` with `tls`). */
  readonly url: string;
  /** The same port for WebSocket sessions, e.g. `ws://127.0.0.1:41234`. */
  readonly socketUrl: string;
  /** Every request received, oldest first (a live array; `reset` empties it). */
  readonly requests: RecordedRequest[];
  /** Replaces the global behaviour (merged over the defaults); `setBehaviour({})` restores them. */
  setBehaviour(behaviour: Partial<MockBehaviour>): void;
  /** Sets (or, with undefined, clears) the behaviour for requests carrying `apiKey`; it overrides the global one. */
  setKeyBehaviour(apiKey: string, behaviour: Partial<MockBehaviour> | undefined): void;
  /** Applies `behaviour` to the next `times` requests only (first in, first used); it overrides key and global ones. */
  queueBehaviour(behaviour: Partial<MockBehaviour>, times?: number): void;
  /** Answers the following requests with `handler` instead of the routes (injected faults still apply first); undefined returns to the routes. */
  answer(handler: MockAnswer | undefined): void;
  /** Sets how the following WebSocket sessions are answered (undefined: closed without a frame). */
  answerSocket(handler: MockSocketAnswer | undefined): void;
  /** Forgets recorded requests, every configured behaviour and custom answer, and restarts answer ids at 1. */
  reset(): void;
  /** Stops listening and cuts open connections, including hung ones. */
  close(): Promise<void>;
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
  let customAnswer: MockAnswer | undefined;

  function resolveBehaviour(apiKey: string | undefined): MockBehaviour {
    const keyed = apiKey === undefined ? undefined : keyBehaviours.get(apiKey);
    return { ...defaultMockBehaviour, ...globalBehaviour, ...keyed, ...queued.shift() };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const recorded = recordRequest(request, await readRawBody(request));
    requests.push(recorded);
    sequence += 1;
    const behaviour = resolveBehaviour(recorded.apiKey);
    const exchange = createMockExchange(recorded, behaviour, response, sequence);
    const fault = behaviour.fault;
    if (fault?.type === 'hang') return;
    if (customAnswer && fault?.type !== 'status') return customAnswer(recorded, response);
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

  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `mock upstream failure: ${String(error)}`, type: 'server_error', param: null, code: null } }));
    });
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, onRequest) : createServer(onRequest);
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  const sockets = serveMockSockets(server, requests);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    socketUrl: `${options.tls ? 'wss' : 'ws'}://127.0.0.1:${port}`,
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
    answer(handler) {
      customAnswer = handler;
    },
    answerSocket(handler) {
      sockets.answer(handler);
    },
    reset() {
      customAnswer = undefined;
      sockets.answer(undefined);
      requests.length = 0;
      globalBehaviour = {};
      keyBehaviours.clear();
      queued.length = 0;
      sequence = 0;
    },
    async close() {
      await sockets.close();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
