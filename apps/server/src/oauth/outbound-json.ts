// Calls to third-party sign-in servers: undici with short timeouts, no redirects followed and a bounded answer size.
import { request } from 'undici';

/** Seconds a sign-in server has to answer (headers and body each). */
export const outboundTimeoutSeconds = 10;

const maxAnswerBytes = 256 * 1024;

/** A sign-in server could not be reached or did not answer JSON. */
export class OutboundError extends Error {}

/** One outbound call. */
export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends the request and parses the JSON answer (any status: providers put their errors in the body). */
export async function requestJson(call: OutboundRequest): Promise<{ status: number; body: unknown }> {
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    throw new OutboundError(`invalid address ${call.url}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError(`unsupported address ${call.url}`);
  try {
    const response = await request(url, {
      method: call.method,
      headers: { accept: 'application/json', 'user-agent': 'Turnpike', ...call.headers },
      body: call.body,
      headersTimeout: outboundTimeoutSeconds * 1000,
      bodyTimeout: outboundTimeoutSeconds * 1000,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > maxAnswerBytes) {
        response.body.destroy();
        throw new OutboundError('the answer is too large');
      }
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return { status: response.statusCode, body: text === '' ? null : (JSON.parse(text) as unknown) };
    } catch {
      throw new OutboundError(`the answer of ${url.host} is not JSON (status ${response.statusCode})`);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads a string or number field of a JSON object as text ('' when absent). */
export function textField(value: unknown, key: string): string {
  if (typeof value !== 'object' || value === null) return '';
  const field = (value as Record<string, unknown>)[key];
  if (typeof field === 'string') return field;
  if (typeof field === 'number' && Number.isFinite(field)) return String(field);
  return '';
}
