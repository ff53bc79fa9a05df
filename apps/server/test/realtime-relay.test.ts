// The Realtime relay end to end: the official `openai` SDK's realtime client (OpenAIRealtimeWS) and a browser-style
// WebSocket as callers, the Realtime upstream emulation over a real WebSocket as the channel, and balances asserted to
// the unit: every response billed once from its `response.done` usage at the text, audio, audio-completion and cache
// ratios; a balance that runs out ends the session with an `error` event and close code 4402, never below zero.
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startRealtimeUpstream, realtimeUsage, type RealtimeUpstream } from '@turnpike/testing';
import OpenAI, { AzureOpenAI } from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const model = 'gpt-realtime-test';
const ratios = { model: 1, completion: 4, audio: 8, audioCompletion: 2, cache: 0.5 };
/** The emulator's default usage: 20 text + 30 audio in, 10 text + 40 audio out = 20 + 240 + 40 + 640. */
const defaultCost = 20 * 1 + 30 * 8 + 10 * 4 + 40 * 8 * 2;

/** What a usage costs at `ratios`: text in, uncached audio in, cached, text out, audio out. */
function costOf(parts: { textIn: number; audioIn: number; cached: number; cachedAudio: number; textOut: number; audioOut: number }): number {
  const textIn = parts.textIn - (parts.cached - parts.cachedAudio);
  const audioIn = parts.audioIn - parts.cachedAudio;
  return Math.round(textIn * ratios.model + audioIn * ratios.model * ratios.audio + parts.cached * ratios.model * ratios.cache + parts.textOut * ratios.completion + parts.audioOut * ratios.audio * ratios.audioCompletion);
}

describe('Realtime relay', () => {
  let server: TestServer;
  let upstream: RealtimeUpstream;
  let base: string;
  let port: number;
  let channelId: number;

  beforeAll(async () => {
    upstream = await startRealtimeUpstream();
    server = await startTestServer();
    const { options } = server.context;
    await options.set('ModelRatio', { [model]: ratios.model });
    await options.set('CompletionRatio', { [model]: ratios.completion });
    await options.set('AudioRatio', { [model]: ratios.audio });
    await options.set('AudioCompletionRatio', { [model]: ratios.audioCompletion });
    await options.set('CacheRatio', { [model]: ratios.cache });
    base = await server.listen();
    port = Number(new URL(base).port);
    channelId = await addChannel(server, { baseUrl: upstream.url, models: model, key: 'openai-channel-key', modelMapping: JSON.stringify({ [model]: 'gpt-4o-realtime-preview' }) });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  /** The SDK forces wss://; the connection it opens is a plain TCP one to the test server. */
  const plainConnection = (): net.Socket => net.connect(port, '127.0.0.1');

  async function userWith(quota: number, name: string): Promise<{ actor: Actor; key: string }> {
    const actor = await server.createUser({ username: name, quota });
    return { actor, key: (await addApiKey(server, actor)).key };
  }

  async function balance(actor: Actor): Promise<number> {
    await server.settle();
    return (await server.context.db.selectFrom('users').select('quota').where('id', '=', actor.user.id).executeTakeFirstOrThrow()).quota;
  }

  async function consumeRows(actor: Actor): Promise<Array<{ quota: number; other: Record<string, unknown> }>> {
    await server.settle();
    const rows = await server.context.db.selectFrom('logs').select(['quota', 'other']).where('user_id', '=', actor.user.id).where('type', '=', 2).orderBy('id').execute();
    return rows.map((row) => ({ quota: row.quota, other: JSON.parse(row.other) as Record<string, unknown> }));
  }

  /** An SDK session, open, with its events collected and its close awaited. */
  async function sdkSession(key: string): Promise<{ rt: OpenAIRealtimeWS; events: Array<Record<string, unknown>>; closed: Promise<{ code: number; reason: string }>; next: (type: string) => Promise<Record<string, unknown>> }> {
    const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1` });
    const rt = new OpenAIRealtimeWS({ model, options: { createConnection: plainConnection } }, client);
    return collect(rt);
  }

  function collect(rt: OpenAIRealtimeWS): Promise<{ rt: OpenAIRealtimeWS; events: Array<Record<string, unknown>>; closed: Promise<{ code: number; reason: string }>; next: (type: string) => Promise<Record<string, unknown>> }> {
    const events: Array<Record<string, unknown>> = [];
    const waiters: Array<{ type: string; seen: number; resolve: (event: Record<string, unknown>) => void }> = [];
    rt.socket.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      events.push(event);
      for (const waiter of [...waiters]) {
        if (event.type === waiter.type && events.filter((seen) => seen.type === waiter.type).length > waiter.seen) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
    // The SDK reports error events on 'error'; the test reads them from `events`.
    rt.on('error', () => undefined);
    const closed = new Promise<{ code: number; reason: string }>((resolve) => rt.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    const next = (type: string): Promise<Record<string, unknown>> => new Promise((resolve) => waiters.push({ type, seen: events.filter((event) => event.type === type).length, resolve }));
    return new Promise((resolve, reject) => {
      rt.socket.once('open', () => resolve({ rt, events, closed, next }));
      rt.socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    });
  }

  function ask(rt: OpenAIRealtimeWS, text: string): void {
    rt.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
    rt.send({ type: 'response.create' });
  }

  it('bills every response of a session once, at the text, audio, audio-completion and cache ratios', async () => {
    const { actor, key } = await userWith(10_000_000, 'talker');
    const usages = [
      { textIn: 20, audioIn: 30, cached: 0, cachedAudio: 0, textOut: 10, audioOut: 40 },
      { textIn: 120, audioIn: 300, cached: 64, cachedAudio: 32, textOut: 15, audioOut: 333 },
      { textIn: 7, audioIn: 0, cached: 0, cachedAudio: 0, textOut: 3, audioOut: 0 },
    ];
    upstream.setBehaviour({ usages: usages.map((parts) => realtimeUsage(parts)) });
    const session = await sdkSession(key);
    await session.next('session.created');
    session.rt.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(4800).toString('base64') });
    for (const [index] of usages.entries()) {
      const done = session.next('response.done');
      ask(session.rt, `turn ${index}`);
      await done;
    }
    session.rt.close({ code: 1000, reason: 'bye' });
    await upstream.closedConnections(1);
    const costs = usages.map(costOf);
    expect(costs).toEqual([defaultCost, costOf(usages[1]), 7 + 12]);
    expect(await balance(actor)).toBe(10_000_000 - costs.reduce((sum, cost) => sum + cost, 0));
    const rows = await consumeRows(actor);
    expect(rows.map((row) => row.quota)).toEqual(costs);
    expect(rows[1].other).toMatchObject({ ws: true, text_input: 120, audio_input: 300, text_output: 15, audio_output: 333, audio_ratio: 8, audio_completion_ratio: 2, upstream_model_name: 'gpt-4o-realtime-preview' });
    // The audio the client appended and every event reached the upstream untouched, with the mapped model and the channel's key.
    const connection = upstream.connections[0];
    expect(connection.query.model).toBe('gpt-4o-realtime-preview');
    expect(connection.headers.authorization).toBe('Bearer openai-channel-key');
    expect(connection.appendedAudio).toBe(6400);
    expect(connection.events.filter((type) => type === 'response.create')).toHaveLength(3);
    // Each response.create went as it was sent: the balance covered its worst case, so no output limit was added.
    expect(connection.responseCreates.every((event) => event.response === undefined)).toBe(true);
    // The audio deltas reached the client.
    expect(session.events.filter((event) => event.type === 'response.audio.delta')).toHaveLength(9);
  });

  it('ends a session whose balance cannot cover another response with an error event and 4402, never below zero', async () => {
    const { actor, key } = await userWith(2_500, 'short');
    const session = await sdkSession(key);
    await session.next('session.created');
    const first = session.next('response.done');
    ask(session.rt, 'one');
    await first;
    const second = session.next('response.done');
    ask(session.rt, 'two');
    await second;
    const closed = await session.closed;
    expect(closed).toEqual({ code: 4402, reason: 'insufficient_quota' });
    const error = session.events.find((event) => event.type === 'error') as { error: { type: string; code: string } };
    expect(error.error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(await balance(actor)).toBe(2_500 - 2 * defaultCost);
    expect((await consumeRows(actor)).reduce((sum, row) => sum + row.quota, 0)).toBe(2 * defaultCost);
    // The balance could not cover a whole answer: each response.create went upstream with the output it affords.
    const creates = upstream.connections[0].responseCreates as Array<{ response: { max_output_tokens: number } }>;
    expect(creates).toHaveLength(2);
    for (const create of creates) expect(create.response.max_output_tokens).toBeGreaterThanOrEqual(16);
    expect(creates[0].response.max_output_tokens).toBeLessThan(2_500 / 16);
  });

  it('bills a response the client walked away from once the upstream reports it cancelled', async () => {
    const { actor, key } = await userWith(1_000_000, 'leaver');
    upstream.setBehaviour({ holdAfterFirstDelta: true });
    const session = await sdkSession(key);
    await session.next('session.created');
    const delta = session.next('response.audio.delta');
    ask(session.rt, 'long story');
    await delta;
    session.rt.socket.terminate();
    await upstream.closedConnections(1);
    expect(upstream.connections[0].events).toContain('response.cancel');
    expect(await balance(actor)).toBe(1_000_000 - defaultCost);
    const rows = await consumeRows(actor);
    expect(rows.map((row) => [row.quota, row.other.realtime_response_status])).toEqual([[defaultCost, 'cancelled']]);
  });

  it('returns the hold of a response whose upstream vanished, and tells the client', async () => {
    const { actor, key } = await userWith(1_000_000, 'stranded');
    upstream.setBehaviour({ dropAfterFirstDelta: true });
    const session = await sdkSession(key);
    await session.next('session.created');
    ask(session.rt, 'hello?');
    expect(await session.closed).toEqual({ code: 1011, reason: 'upstream_closed' });
    expect(session.events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'upstream_closed' } });
    expect(await balance(actor)).toBe(1_000_000);
    const errors = await server.context.db.selectFrom('logs').select(['content', 'quota']).where('user_id', '=', actor.user.id).where('type', '=', 5).execute();
    expect(errors).toHaveLength(1);
    expect(errors[0].quota).toBe(0);
  });

  it('lets two sessions of one user share a small balance without overdrawing it', async () => {
    const { actor, key } = await userWith(1_500, 'twins');
    const sessions = await Promise.all([sdkSession(key), sdkSession(key)]);
    // One session holds the balance; the other is refused at once.
    const outcome = await Promise.race(sessions.map((session, index) => session.closed.then((closed) => ({ index, closed }))));
    expect(outcome.closed).toEqual({ code: 4402, reason: 'insufficient_quota' });
    const survivor = sessions[1 - outcome.index];
    await (survivor.events.some((event) => event.type === 'session.created') ? Promise.resolve() : survivor.next('session.created'));
    ask(survivor.rt, 'only me');
    expect(await survivor.closed).toEqual({ code: 4402, reason: 'insufficient_quota' });
    expect(survivor.events.filter((event) => event.type === 'response.done')).toHaveLength(1);
    expect(await balance(actor)).toBe(1_500 - defaultCost);
    expect((await consumeRows(actor)).map((row) => row.quota)).toEqual([defaultCost]);
  });

  it('bills a response the upstream started itself (server VAD) against the hold', async () => {
    const { actor, key } = await userWith(1_000_000, 'speaker');
    const session = await sdkSession(key);
    await session.next('session.created');
    const done = session.next('response.done');
    upstream.serverTurn();
    await done;
    expect(session.events.map((event) => event.type)).toContain('input_audio_buffer.speech_stopped');
    session.rt.close({ code: 1000, reason: 'bye' });
    await upstream.closedConnections(1);
    expect(await balance(actor)).toBe(1_000_000 - defaultCost);
    expect((await consumeRows(actor)).map((row) => row.quota)).toEqual([defaultCost]);
  });

  it('applies the session limits: sessions per token, the largest frame and the idle deadline', async () => {
    const { options } = server.context;
    const { actor, key } = await userWith(1_000_000, 'limited');
    await options.set('RealtimeMaxSessionsPerToken', 1);
    await options.set('RealtimeMaxFrameBytes', 2048);
    try {
      const first = await sdkSession(key);
      await first.next('session.created');
      const second = await sdkSession(key);
      expect(await second.closed).toEqual({ code: 4429, reason: 'realtime_sessions_exceeded' });
      first.rt.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(3000).toString('base64') });
      expect((await first.closed).code).toBe(1009);
      await upstream.closedConnections(1);
      expect(upstream.connections[0].events).not.toContain('input_audio_buffer.append');
      await options.set('RealtimeIdleTimeoutSeconds', 1);
      const idle = await sdkSession(key);
      expect(await idle.closed).toEqual({ code: 4408, reason: 'idle_timeout' });
      expect(idle.events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'idle_timeout' } });
      // The holds of the sessions that never answered went back.
      expect(await balance(actor)).toBe(1_000_000);
    } finally {
      await options.set('RealtimeMaxSessionsPerToken', 0);
      await options.set('RealtimeMaxFrameBytes', 16 * 1024 * 1024);
      await options.set('RealtimeIdleTimeoutSeconds', 300);
    }
  });

  it('opens Azure deployments with their URL and api-key header', async () => {
    const azureModel = 'gpt-azure-realtime';
    await server.context.options.set('ModelRatio', { [model]: ratios.model, [azureModel]: 1 });
    await addChannel(server, { type: 3, baseUrl: upstream.url, models: azureModel, key: 'azure-channel-key', modelMapping: JSON.stringify({ [azureModel]: 'my.deployment' }) });
    const { actor, key } = await userWith(1_000_000, 'azure-user');
    const client = new AzureOpenAI({ apiKey: key, endpoint: base, apiVersion: '2025-04-01-preview' });
    const session = await collect(await OpenAIRealtimeWS.azure(client, { deploymentName: azureModel, options: { createConnection: plainConnection } }));
    await session.next('session.created');
    const done = session.next('response.done');
    ask(session.rt, 'hi azure');
    await done;
    session.rt.close({ code: 1000, reason: 'bye' });
    await upstream.closedConnections(1);
    const connection = upstream.connections[0];
    expect(connection.path).toBe('/openai/realtime');
    expect(connection.query).toEqual({ 'api-version': '2025-04-01-preview', deployment: 'mydeployment' });
    expect(connection.headers['api-key']).toBe('azure-channel-key');
    expect(connection.headers.authorization).toBeUndefined();
    // Ratio 1 everywhere else but the default audio ratios (1): 20 + 30 + 10 + 40.
    expect(await balance(actor)).toBe(1_000_000 - 100);
  });

  it('answers a browser-style handshake: the key in a subprotocol item, `realtime` answered', async () => {
    const { key } = await userWith(1_000_000, 'browser');
    const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/realtime?model=${model}`, ['realtime', `openai-insecure-api-key.${key}`, 'openai-beta.realtime-v1']);
    const first = await new Promise<Record<string, unknown>>((resolve, reject) => {
      socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')) as Record<string, unknown>));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    });
    expect(socket.protocol).toBe('realtime');
    expect(first.type).toBe('session.created');
    socket.close(1000);
    await upstream.closedConnections(1);
    expect(upstream.connections[0].headers['openai-beta']).toBe('realtime=v1');
    expect(upstream.connections[0].headers.authorization).toBe('Bearer openai-channel-key');
  });

  it('refuses unknown and disabled keys, and a channel pin by an ordinary user, before upgrading', async () => {
    const { actor, key } = await userWith(1_000_000, 'refused');
    const statusOf = (bearer: string): Promise<number> =>
      new Promise((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/realtime?model=${model}`, { headers: { authorization: `Bearer ${bearer}` } });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
      });
    expect(await statusOf('sk-not-a-key')).toBe(401);
    expect(await statusOf(`${key}-${channelId}`)).toBe(403);
    const disabled = await server.call('PUT', '/api/token/?status_only=true', { as: actor, body: { id: (await server.context.db.selectFrom('tokens').select('id').where('user_id', '=', actor.user.id).executeTakeFirstOrThrow()).id, status: 2 } });
    expect(disabled.json().success).toBe(true);
    expect(await statusOf(key)).toBe(401);
    expect(upstream.connections).toHaveLength(0);
  });
});

describe('Realtime sessions at shutdown', () => {
  it('waits for the running response, bills it and closes with 1001', async () => {
    const upstream = await startRealtimeUpstream();
    const server = await startTestServer({ METRICS_ENABLED: 'true' });
    try {
      await server.context.options.set('ModelRatio', { [model]: ratios.model });
      await server.context.options.set('CompletionRatio', { [model]: ratios.completion });
      await server.context.options.set('AudioRatio', { [model]: ratios.audio });
      await server.context.options.set('AudioCompletionRatio', { [model]: ratios.audioCompletion });
      const base = await server.listen();
      await addChannel(server, { baseUrl: upstream.url, models: model, key: 'openai-channel-key' });
      const actor = await server.createUser({ username: 'late', quota: 1_000_000 });
      const { key } = await addApiKey(server, actor);
      upstream.setBehaviour({ holdAfterFirstDelta: true });
      const socket = new WebSocket(`${base.replace('http', 'ws')}/v1/realtime?model=${model}`, { headers: { authorization: `Bearer ${key}` } });
      const events: Array<Record<string, unknown>> = [];
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      const waiters: Array<{ type: string; resolve: () => void }> = [];
      const until = (type: string): Promise<void> => new Promise((resolve) => (events.some((event) => event.type === type) ? resolve() : waiters.push({ type, resolve })));
      socket.on('message', (data: Buffer) => {
        const event = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
        events.push(event);
        if (event.type === 'session.created') socket.send(JSON.stringify({ type: 'response.create' }));
        for (const waiter of waiters.filter((candidate) => candidate.type === event.type)) waiter.resolve();
      });
      await until('response.audio.delta');
      const metrics = server.context.metrics;
      expect((await metrics?.registry.getSingleMetric('turnpike_realtime_sessions')?.get())?.values[0]?.value).toBe(1);
      const stopping = server.close();
      await until('error');
      expect(events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'server_shutting_down' } });
      expect(events.some((event) => event.type === 'response.done')).toBe(false);
      upstream.release();
      expect(await closed).toBe(1001);
      await stopping;
      expect((await metrics?.registry.getSingleMetric('turnpike_realtime_sessions')?.get())?.values[0]?.value).toBe(0);
      expect((await metrics?.registry.getSingleMetric('turnpike_realtime_sessions_total')?.get())?.values).toEqual([{ value: 1, labels: { reason: 'server_shutting_down' } }]);
      expect(events.filter((event) => event.type === 'response.done')).toHaveLength(1);
      const database = new Database(path.join(server.dataDir, 'turnpike.db'), { readonly: true });
      const row = database.prepare('SELECT quota FROM users WHERE id = ?').get(actor.user.id) as { quota: number };
      database.close();
      expect(row.quota).toBe(1_000_000 - defaultCost);
    } finally {
      await server.stop();
      await upstream.close();
    }
  });
});
