import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';

/** A controllable slow route plus a shutdown task, both writing to one event list. */
function slowModule(events: string[]) {
  let release: () => void = () => undefined;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const module = (app: FastifyInstance, context: AppContext): void => {
    app.get('/api/slow', async () => {
      events.push('request-started');
      markStarted();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      events.push('request-finished');
      return { success: true, message: '', data: 'slow answer' };
    });
    app.addHook('onResponse', async (request) => {
      if (request.url === '/api/slow') events.push('response-sent');
    });
    context.shutdownTasks.push(async () => {
      events.push('shutdown-task');
    });
  };
  return { module, started, release: () => release() };
}

describe('graceful shutdown', () => {
  let dataDir = '';
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the in-flight request, then runs the shutdown tasks, and refuses new connections', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-shutdown-'));
    const config = loadConfig({ SQLITE_PATH: path.join(dataDir, 'turnpike.db'), LOG_LEVEL: 'silent', SESSION_SECRET: 'shutdown-test-secret-0123' });
    const events: string[] = [];
    const slow = slowModule(events);
    server = await buildServer(config, [slow.module]);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
    await slow.started;
    const closing = server.close().then(() => events.push('closed'));
    events.push('close-called');
    // Give close() time to stop the listener while the request is still being handled.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual(['request-started', 'close-called']);
    await expect(fetch(`http://127.0.0.1:${port}/api/slow`)).rejects.toThrow();

    slow.release();
    const answer = await inFlight;
    await closing;
    expect(answer).toEqual({ status: 200, body: { success: true, message: '', data: 'slow answer' } });
    expect(events).toEqual(['request-started', 'close-called', 'request-finished', 'response-sent', 'shutdown-task', 'closed']);
  });

  it('lets a stream that started before close() finish, then closes its keep-alive connection at once', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-shutdown-'));
    const config = loadConfig({ SQLITE_PATH: path.join(dataDir, 'turnpike.db'), LOG_LEVEL: 'silent', SESSION_SECRET: 'shutdown-test-secret-0123' });
    const stream = new PassThrough();
    const streamModule = (app: FastifyInstance): void => {
      app.get('/api/stream', async (_request, reply) => reply.header('content-type', 'text/event-stream').send(stream));
    };
    server = await buildServer(config, [streamModule]);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    // Node sends the headers with the first chunk, so the stream has begun before fetch() resolves.
    stream.write('data: first\n\n');
    const response = await fetch(`http://127.0.0.1:${port}/api/stream`);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    let closedAt = 0;
    const closing = server.close().then(() => {
      closedAt = Date.now();
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedAt).toBe(0);
    stream.end('data: [DONE]\n\n');
    const endedAt = Date.now();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('data: [DONE]\n\n');
    await closing;
    // Without closing the now idle keep-alive connection, close() would wait for Fastify's 72 s keep-alive timeout.
    expect(closedAt - endedAt).toBeLessThan(2000);
  });
});
