// Turning what the mock upstream receives into a `RecordedRequest`: target, path and query as sent, the caller's key,
// and the body both raw and parsed.
import type { IncomingMessage } from 'node:http';
import type { RecordedRequest } from './mock-exchange';
import { parseMultipartBody, readMultipartBoundary } from './mock-multipart';

/** Reads the caller's key the way each dialect sends it. */
export function readMockApiKey(request: IncomingMessage, query: URLSearchParams): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim();
  const header = request.headers['x-api-key'] ?? request.headers['x-goog-api-key'];
  if (typeof header === 'string') return header;
  return query.get('key') ?? undefined;
}

/** A multipart body as {fields, files}; anything else parsed as JSON when it is JSON (whatever its content type), else undefined. */
function parseBody(contentType: string | undefined, rawBody: Buffer): unknown {
  if (rawBody.length === 0) return undefined;
  if ((contentType ?? '').toLowerCase().includes('multipart/form-data')) {
    const boundary = readMultipartBoundary(contentType);
    return boundary ? parseMultipartBody(rawBody, boundary) : undefined;
  }
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads a request's whole body. */
export function readRawBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Records a request (or a WebSocket session's upgrade request and first message) with its body bytes. */
export function recordRequest(request: IncomingMessage, rawBody: Buffer): RecordedRequest {
  const url = request.url ?? '/';
  const queryAt = url.indexOf('?');
  const searchParams = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
  return {
    method: request.method ?? 'GET',
    url,
    path: queryAt === -1 ? url : url.slice(0, queryAt),
    query: Object.fromEntries(searchParams),
    headers: request.headers,
    apiKey: readMockApiKey(request, searchParams),
    body: parseBody(request.headers['content-type'], rawBody),
    rawBody,
    receivedAt: Date.now(),
  };
}
