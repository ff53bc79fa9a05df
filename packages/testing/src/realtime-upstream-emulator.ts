// An OpenAI Realtime upstream over a real WebSocket, following the documented event protocol: `session.created` on
// connect, `session.update` → `session.updated`, `conversation.item.create` → `conversation.item.created`,
// `input_audio_buffer.append`/`commit` → `input_audio_buffer.committed`, and `response.create` → `response.created`,
// `response.audio.delta` and `response.audio_transcript.delta` frames, then `response.done` with the usage the test
// set. Server VAD turns (`speech_started` … `committed`, then a response) are started by the test (`serverTurn`).
// Faults: a response that waits for the test (or for `response.cancel`), and a socket cut after the first delta.
// Each connection is recorded with its path, query and headers; each client event with its type.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** The usage a `response.done` reports (the Realtime API's `response.usage`). */
export interface RealtimeUsage {
  total_tokens: number;
  input_tokens: number;
  output_tokens: number;
  input_token_details: { text_tokens: number; audio_tokens: number; cached_tokens: number; cached_tokens_details?: { text_tokens: number; audio_tokens: number } };
  output_token_details: { text_tokens: number; audio_tokens: number };
}

/** Builds a usage record from its parts (totals derived). */
export function realtimeUsage(parts: { textIn?: number; audioIn?: number; cached?: number; cachedAudio?: number; textOut?: number; audioOut?: number }): RealtimeUsage {
  const textIn = parts.textIn ?? 0;
  const audioIn = parts.audioIn ?? 0;
  const cached = parts.cached ?? 0;
  const cachedAudio = parts.cachedAudio ?? 0;
  const textOut = parts.textOut ?? 0;
  const audioOut = parts.audioOut ?? 0;
  return {
    total_tokens: textIn + audioIn + textOut + audioOut,
    input_tokens: textIn + audioIn,
    output_tokens: textOut + audioOut,
    input_token_details: { text_tokens: textIn, audio_tokens: audioIn, cached_tokens: cached, cached_tokens_details: { text_tokens: cached - cachedAudio, audio_tokens: cachedAudio } },
    output_token_details: { text_tokens: textOut, audio_tokens: audioOut },
  };
}

/** How the next responses behave. */
export interface RealtimeBehaviour {
  /** Usage of each response, in order; the last one repeats. */
  usages: RealtimeUsage[];
  /** Audio delta frames per response (each carries `audioDeltaBytes` of base64). */
  audioDeltas: number;
  audioDeltaBytes: number;
  /** After the first delta, wait for `release()` or a `response.cancel` before the rest and `response.done`. */
  holdAfterFirstDelta: boolean;
  /** After the first delta, cut the socket (the upstream vanishes mid-response). */
  dropAfterFirstDelta: boolean;
}

/** One connection as it arrived. */
export interface RealtimeConnectionRecord {
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The type of every client event received, in order. */
  events: string[];
  /** The parsed `response.create` events received. */
  responseCreates: Array<Record<string, unknown>>;
  /** The number of base64 characters appended to the input audio buffer. */
  appendedAudio: number;
  closed: boolean;
}

/** A running Realtime upstream. */
export interface RealtimeUpstream {
  /** `http://127.0.0.1:port`: a channel's base URL. */
  url: string;
  connections: RealtimeConnectionRecord[];
  setBehaviour(behaviour: Partial<RealtimeBehaviour>): void;
  /** Lets held responses go on (see `holdAfterFirstDelta`). */
  release(): void;
  /** Runs a server-VAD turn on the newest open connection: speech started/stopped, committed, then a response. */
  serverTurn(): void;
  /** Resolves once `count` connections made since the last reset have closed. */
  closedConnections(count: number): Promise<void>;
  /** Resolves once `count` responses have been started (deltas sent) in all. */
  responsesStarted(count: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

const defaultBehaviour: RealtimeBehaviour = {
  usages: [realtimeUsage({ textIn: 20, audioIn: 30, textOut: 10, audioOut: 40 })],
  audioDeltas: 3,
  audioDeltaBytes: 4096,
  holdAfterFirstDelta: false,
  dropAfterFirstDelta: false,
};

/** A condition awaited by tests, checked whenever the emulator's state changes. */
interface Waiter {
  ready: () => boolean;
  resolve: () => void;
}

/** Starts a Realtime upstream on a free loopback port. */
export async function startRealtimeUpstream(): Promise<RealtimeUpstream> {
  let behaviour: RealtimeBehaviour = { ...defaultBehaviour };
  const connections: RealtimeConnectionRecord[] = [];
  const open = new Map<RealtimeConnectionRecord, WebSocket>();
  let responses = 0;
  let started = 0;
  const turns = new Map<RealtimeConnectionRecord, () => void>();
  let released: Array<() => void> = [];
  let waiters: Waiter[] = [];
  const changed = (): void => {
    waiters = waiters.filter((waiter) => {
      if (!waiter.ready()) return true;
      waiter.resolve();
      return false;
    });
  };
  const waitFor = (ready: () => boolean): Promise<void> =>
    new Promise((resolve) => {
      if (ready()) resolve();
      else waiters.push({ ready, resolve });
    });

  const server = http.createServer((_request, response) => response.writeHead(426).end());
  const sockets = new WebSocketServer({ server });
  let eventSeq = 0;
  const eventId = (): string => `event_${++eventSeq}`;

  sockets.on('connection', (socket, upgrade) => {
    const url = new URL(upgrade.url ?? '/', 'http://upstream');
    const record: RealtimeConnectionRecord = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: upgrade.headers,
      events: [],
      responseCreates: [],
      appendedAudio: 0,
      closed: false,
    };
    connections.push(record);
    open.set(record, socket);
    const session: Record<string, unknown> = { id: `sess_${connections.length}`, object: 'realtime.session', model: record.query.model ?? record.query.deployment ?? '', modalities: ['text', 'audio'], turn_detection: null, max_response_output_tokens: 'inf' };
    const send = (event: Record<string, unknown>): void => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ event_id: eventId(), ...event }));
    };
    let items = 0;
    let cancelled = false;
    let running: Promise<void> | null = null;
    const respond = async (): Promise<void> => {
      const index = responses;
      responses += 1;
      const usage = behaviour.usages[Math.min(index, behaviour.usages.length - 1)];
      const id = `resp_${index + 1}`;
      const itemId = `item_r${index + 1}`;
      cancelled = false;
      send({ type: 'response.created', response: { id, object: 'realtime.response', status: 'in_progress', output: [] } });
      const audio = 'A'.repeat(behaviour.audioDeltaBytes);
      for (let delta = 0; delta < behaviour.audioDeltas; delta += 1) {
        send({ type: 'response.audio.delta', response_id: id, item_id: itemId, output_index: 0, content_index: 0, delta: audio });
        send({ type: 'response.audio_transcript.delta', response_id: id, item_id: itemId, output_index: 0, content_index: 0, delta: `word${delta} ` });
        if (delta === 0) {
          started += 1;
          changed();
          if (behaviour.dropAfterFirstDelta) {
            socket.terminate();
            return;
          }
          if (behaviour.holdAfterFirstDelta) {
            await new Promise<void>((resolve) => released.push(resolve));
            if (cancelled) break;
          }
        }
      }
      send({ type: 'response.done', response: { id, object: 'realtime.response', status: cancelled ? 'cancelled' : 'completed', output: [], usage } });
    };
    const startResponse = (): void => {
      const previous = running ?? Promise.resolve();
      running = previous.then(respond);
    };
    socket.on('message', (data: Buffer) => {
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      } catch {
        send({ type: 'error', error: { type: 'invalid_request_error', code: 'invalid_json', message: 'not JSON' } });
        return;
      }
      const type = String(event.type);
      record.events.push(type);
      switch (type) {
        case 'session.update':
          Object.assign(session, (event.session as Record<string, unknown>) ?? {});
          send({ type: 'session.updated', session });
          break;
        case 'conversation.item.create':
          items += 1;
          send({ type: 'conversation.item.created', previous_item_id: null, item: { id: `item_${items}`, ...((event.item as Record<string, unknown>) ?? {}) } });
          break;
        case 'input_audio_buffer.append':
          record.appendedAudio += String(event.audio ?? '').length;
          break;
        case 'input_audio_buffer.commit':
          items += 1;
          send({ type: 'input_audio_buffer.committed', previous_item_id: null, item_id: `item_${items}` });
          break;
        case 'response.create':
          record.responseCreates.push(event);
          startResponse();
          break;
        case 'response.cancel':
          cancelled = true;
          for (const resolve of released.splice(0)) resolve();
          break;
        default:
          break;
      }
      changed();
    });
    socket.on('close', () => {
      record.closed = true;
      open.delete(record);
      turns.delete(record);
      changed();
    });
    turns.set(record, () => {
      items += 1;
      send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: `item_${items}` });
      send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 800, item_id: `item_${items}` });
      send({ type: 'input_audio_buffer.committed', previous_item_id: null, item_id: `item_${items}` });
      startResponse();
    });
    send({ type: 'session.created', session });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    setBehaviour(next) {
      behaviour = { ...behaviour, ...next };
    },
    release() {
      for (const resolve of released.splice(0)) resolve();
    },
    serverTurn() {
      const record = [...open.keys()].at(-1);
      if (record) turns.get(record)?.();
    },
    // Only connections since the last reset count: a socket of an earlier test closing late must not satisfy the wait.
    closedConnections: (count) => waitFor(() => connections.filter((connection) => connection.closed).length >= count),
    responsesStarted: (count) => waitFor(() => started >= count),
    reset() {
      behaviour = { ...defaultBehaviour };
      connections.length = 0;
      responses = 0;
      started = 0;
      released = [];
      waiters = [];
    },
    async close() {
      for (const socket of open.values()) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
