// Sends upstream requests with undici's keep-alive pools (no fetch, no WHATWG streams on the hot path).
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';

/** A request to an upstream provider, as a provider adaptor builds it. */
export interface UpstreamRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body: string | Buffer | null;
}

/** The upstream's answer: status, headers and the body as a Node stream. */
export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** Times out a call whose first byte does not arrive, and one that stalls mid-body. */
export interface UpstreamTimeouts {
  headersMs: number;
  bodyMs: number;
}

const defaultTimeouts: UpstreamTimeouts = { headersMs: 300_000, bodyMs: 300_000 };

/** One keep-alive agent for every upstream origin. */
export class UpstreamClient {
  // No cap on connections per origin: every channel on one provider shares its origin, and a cap there queues
  // calls (a stream holds its connection for its whole length) before they ever reach the upstream.
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: null, pipelining: 1 });

  /** Sends the request; rejects on connection errors, timeouts and aborts. */
  async send(upstream: UpstreamRequest, signal: AbortSignal, timeouts: UpstreamTimeouts = defaultTimeouts): Promise<UpstreamResponse> {
    const response = await request(upstream.url, {
      method: upstream.method,
      headers: upstream.headers,
      body: upstream.body ?? undefined,
      signal,
      dispatcher: this.agent,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  /** Closes every pooled connection. */
  close(): Promise<void> {
    return this.agent.close();
  }
}

/** Reads a whole body into one Buffer. */
export async function readBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}
