// Answers written straight to a `ServerResponse`, for custom answers (`MockUpstream.answer`) that emulate a
// provider's own API: a JSON body, or raw bytes in pieces with a turn of the event loop between pieces.
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

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
    await nextTurn();
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
