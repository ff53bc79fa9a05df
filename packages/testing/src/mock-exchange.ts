// One request/answer exchange of the mock upstream: the recorded request, the resolved behaviour,
// and answer helpers that apply timing and connection-drop faults in one place.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MockBehaviour, MockFault } from './mock-behaviour';

/** A request as the mock received it. */
export interface RecordedRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  url: string;
  /** The path without the query string, still percent-encoded (as signatures such as AWS SigV4 cover it). */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The caller's key from `Authorization: Bearer`, `x-api-key`, `x-goog-api-key` or `?key=`. */
  apiKey: string | undefined;
  /** Parsed JSON, a multipart body ({fields, files}), or undefined for other bodies; a WebSocket session's first message, parsed. */
  body: unknown;
  /** The body bytes (a WebSocket session's first message). */
  rawBody: Buffer;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  /** The system prompt a dialect route found where its dialect carries it (Anthropic top-level `system`); unset when none. */
  systemPrompt?: string;
}

/** The context a route handler answers with. */
export interface MockExchange {
  readonly request: RecordedRequest;
  readonly behaviour: MockBehaviour;
  /** A per-server counter, for deterministic ids. */
  readonly sequence: number;
  sendJson(status: number, body: unknown, headers?: Record<string, string>): Promise<void>;
  sendBytes(status: number, bytes: Buffer, contentType: string): Promise<void>;
  /** Streams SSE frames (complete `data: …\n\n` texts) with the behaviour's delays and drop fault. */
  sendSse(frames: readonly string[]): Promise<void>;
  /** Streams text pieces of another content type (Gemini's JSON array) with the same delays and drop fault. */
  sendStream(frames: readonly string[], contentType: string): Promise<void>;
}

function dropFaultAfter(behaviour: MockBehaviour): number | undefined {
  return behaviour.fault?.type === 'drop' ? behaviour.fault.afterChunks : undefined;
}

/** Builds the exchange for one request. */
export function createMockExchange(request: RecordedRequest, behaviour: MockBehaviour, response: ServerResponse, sequence: number): MockExchange {
  const gone = (): boolean => response.destroyed || response.writableEnded;
  const cut = (): void => {
    response.socket?.destroy();
  };

  async function beforeFirstByte(): Promise<boolean> {
    if (behaviour.firstByteDelayMs > 0) await sleep(behaviour.firstByteDelayMs);
    return !gone();
  }

  async function sendBody(status: number, body: Buffer, headers: Record<string, string>): Promise<void> {
    if (!(await beforeFirstByte())) return;
    if (dropFaultAfter(behaviour) !== undefined) {
      cut();
      return;
    }
    response.writeHead(status, { ...headers, 'content-length': String(body.length) });
    response.end(body);
  }

  async function sendFrames(frames: readonly string[], headers: Record<string, string>): Promise<void> {
    if (!(await beforeFirstByte())) return;
    const dropAfter = dropFaultAfter(behaviour);
    if (dropAfter === 0) {
      cut();
      return;
    }
    response.writeHead(200, headers);
    response.flushHeaders();
    for (let index = 0; index < frames.length; index += 1) {
      if (index > 0 && behaviour.chunkDelayMs > 0) await sleep(behaviour.chunkDelayMs);
      if (gone()) return;
      response.write(frames[index]);
      if (dropAfter !== undefined && index + 1 >= dropAfter) {
        // Give the socket a moment to flush the frames already written before cutting it.
        await sleep(5);
        cut();
        return;
      }
    }
    response.end();
  }

  return {
    request,
    behaviour,
    sequence,
    sendJson: (status, body, headers = {}) => sendBody(status, Buffer.from(JSON.stringify(body)), { 'content-type': 'application/json', ...headers }),
    sendBytes: (status, bytes, contentType) => sendBody(status, bytes, { 'content-type': contentType }),
    sendSse: (frames) => sendFrames(frames, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' }),
    sendStream: (frames, contentType) => sendFrames(frames, { 'content-type': contentType }),
  };
}

/** One endpoint of the mock upstream; a dialect contributes a list of these. */
export interface MockRoute {
  method: 'GET' | 'POST';
  /** The exact path, or a pattern for paths with parameters (Gemini's `/models/{model}:generateContent`). */
  path: string | RegExp;
  handle(exchange: MockExchange): Promise<void>;
  /** The error body of this dialect for an injected status fault; OpenAI's shape when absent. */
  renderError?(fault: Extract<MockFault, { type: 'status' }>): unknown;
}

/** Answers 400 with an OpenAI-style error body. */
export function sendInvalidRequest(exchange: MockExchange, message: string): Promise<void> {
  return exchange.sendJson(400, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

/** Reads a field of a JSON object body; undefined when the body is not an object. */
export function bodyField(exchange: MockExchange, key: string): unknown {
  const body = exchange.request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[key] : undefined;
}
