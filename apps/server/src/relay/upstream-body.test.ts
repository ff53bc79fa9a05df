import { afterAll, describe, expect, it } from 'vitest';
import { useLocalServers } from '@turnpike/testing/vitest';
import { asReadable, readBody } from './upstream-body';
import { UpstreamAbort, UpstreamClient, type UpstreamResponse } from './upstream-client';

const client = new UpstreamClient();
afterAll(() => client.close());
const listen = useLocalServers();

function post(url: string, signal: UpstreamAbort = new UpstreamAbort()): Promise<UpstreamResponse> {
  return client.send({ url: `${url}/v1/chat/completions`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"m"}' }, signal);
}

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('an upstream body fed by a dispatch handler', () => {
  it('keeps what arrived before anyone read it, and hands over the status, the headers and every byte', async () => {
    const url = await listen((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' }).end('{"id":"chatcmpl-1","answer":"all of it"}'));
    });
    const answer = await post(url);
    // The whole answer is here long before the reader starts.
    await tick(50);
    expect(answer.status).toBe(201);
    expect(answer.headers['x-upstream']).toBe('yes');
    expect((await readBody(answer.body)).toString()).toBe('{"id":"chatcmpl-1","answer":"all of it"}');
    expect(answer.body.destroyed).toBe(true);
  });

  it('stops delivering while paused and carries a large body whole once resumed', async () => {
    const piece = Buffer.alloc(64 * 1024, 'x');
    const url = await listen((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      let left = 80;
      const more = (): void => {
        while (left > 0) {
          left -= 1;
          if (!response.write(piece)) return void response.once('drain', more);
        }
        response.end();
      };
      more();
    });
    const answer = await post(url);
    let received = 0;
    let whilePaused = 0;
    let paused = false;
    const ended = new Promise<void>((resolve) => answer.body.once('end', resolve));
    answer.body.on('data', (chunk) => {
      received += chunk.length;
      if (paused) whilePaused += chunk.length;
      if (received > 1024 * 1024 && received - chunk.length <= 1024 * 1024) {
        paused = true;
        answer.body.pause();
        setTimeout(() => {
          paused = false;
          answer.body.resume();
        }, 100);
      }
    });
    await ended;
    expect(received).toBe(80 * piece.length);
    expect(whilePaused).toBe(0);
  });

  it('fails the reader when the upstream breaks off mid-body, even when the break came before the reader', async () => {
    const url = await listen((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"partial":true}\n\n');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const answer = await post(url);
    // The break happens while nothing listens: it must not throw, and must reach the reader that comes later.
    await tick(100);
    await expect(readBody(answer.body)).rejects.toThrow();
  });

  it('cancels: before the head the call rejects, after it the body fails and the upstream sees its connection go', async () => {
    let closedByClient: () => void = () => undefined;
    const upstreamClosed = new Promise<void>((resolve) => (closedByClient = resolve));
    const url = await listen((request, response) => {
      request.resume();
      response.on('close', () => closedByClient());
      if (request.headers['x-slow-head'] === undefined) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: one\n\n');
      }
    });
    const early = new UpstreamAbort();
    const pending = client.send({ url: `${url}/x`, method: 'POST', headers: { 'x-slow-head': '1' }, body: '{}' }, early);
    setTimeout(() => early.abort('client'), 30);
    await expect(pending).rejects.toThrow('aborted');

    const late = new UpstreamAbort();
    const answer = await post(url, late);
    const failed = readBody(answer.body);
    late.abort('client');
    await expect(failed).rejects.toThrow('aborted');
    await upstreamClosed;
  });

  it('closes without an end when the reader destroys it', async () => {
    const url = await listen((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
    });
    const answer = await post(url);
    const events: string[] = [];
    answer.body.on('end', () => events.push('end'));
    answer.body.on('close', () => events.push('close'));
    answer.body.destroy();
    await tick(20);
    expect(events).toEqual(['close']);
  });

  it('becomes a Node Readable for what pipes it', async () => {
    const url = await listen((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(Buffer.from('not really a video, but bytes all the same'));
    });
    const answer = await post(url);
    const chunks: Buffer[] = [];
    for await (const chunk of asReadable(answer.body)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('not really a video, but bytes all the same');
  });
});
