import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { useLocalServers } from '@turnpike/testing/vitest';
import { Readable } from 'node:stream';
import { deferHead, pumpStream } from './stream-pump';

/** A socket's flushes: each `_write` or `_writev` call is one write to the kernel. */
function countFlushes(socket: unknown): () => number {
  const target = socket as { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };
  let flushes = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) => {
      flushes += 1;
      original(...args);
    };
  }
  return () => flushes;
}

const listen = useLocalServers();

function get(url: string, onHead?: () => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        onHead?.();
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (piece: string) => (body += piece));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('deferHead', () => {
  it('sends the head of a stream with its first bytes, in one write', async () => {
    let flushesBeforeEnd = -1;
    const url = await listen((_request, response) => {
      const flushes = countFlushes(response.socket);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const head = deferHead(response);
      setImmediate(() => {
        clearTimeout(head);
        response.write('data: first\n\n');
        process.nextTick(() => {
          flushesBeforeEnd = flushes();
          response.end();
        });
      });
    });
    expect(await get(url)).toEqual({ status: 200, body: 'data: first\n\n' });
    expect(flushesBeforeEnd).toBe(1);
  });

  it('sends the head alone when the first bytes are slow to come', async () => {
    let headArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (headArrived = resolve));
    const url = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const head = deferHead(response);
      // The body is written only once the client has the head: without the head sent alone this would never finish.
      void arrived.then(() => {
        clearTimeout(head);
        response.end('data: late\n\n');
      });
    });
    expect(await get(url, headArrived)).toEqual({ status: 200, body: 'data: late\n\n' });
  });
});

describe('pumpStream', () => {
  it('sends the chunks and the end that arrive in one turn of the loop in one write, and later chunks in their own', async () => {
    let flushes: () => number = () => 0;
    let afterBurst = -1;
    const url = await listen((_request, response) => {
      flushes = countFlushes(response.socket);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const head = deferHead(response);
      const body = new Readable({ read() {} });
      // A burst: three events in one turn; a fourth in a later turn, with the end of the stream.
      body.push('data: 1\n\n');
      body.push('data: 2\n\n');
      body.push('data: 3\n\n');
      setTimeout(() => {
        afterBurst = flushes();
        body.push('data: 4\n\n');
        body.push(null);
      }, 20);
      void pumpStream(body, response, (chunk) => {
        clearTimeout(head);
        return response.write(chunk);
      }).then(() => response.end());
    });
    expect(await get(url)).toEqual({ status: 200, body: 'data: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\n' });
    // The head and the burst went out together; the last event with the stream's end.
    expect(afterBurst).toBe(1);
    expect(flushes()).toBe(2);
  });
});
