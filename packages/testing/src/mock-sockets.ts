// WebSocket sessions on the mock upstream's port (iFlytek Spark's API): each session's first message is recorded as
// a request, answered with frames (one message each, a turn of the event loop apart), then the socket closes.
import type { Server } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { WebSocketServer } from 'ws';
import type { RecordedRequest } from './mock-exchange';
import { recordRequest } from './mock-recording';

/** The frames a WebSocket session is answered with, given its recorded first message. */
export type MockSocketAnswer = (request: RecordedRequest) => readonly string[];

/** The WebSocket side of a mock upstream. */
export interface MockSockets {
  /** Sets (or, with undefined, clears: sessions then close without a frame) how the following sessions are answered. */
  answer(handler: MockSocketAnswer | undefined): void;
  /** Cuts open sessions and stops accepting new ones. */
  close(): Promise<void>;
}

/** Serves WebSocket sessions on `server`, recording each session's first message into `requests`. */
export function serveMockSockets(server: Server, requests: RecordedRequest[]): MockSockets {
  let handler: MockSocketAnswer | undefined;
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, upgrade) => {
    socket.once('message', (data: Buffer) => {
      const recorded = recordRequest(upgrade, Buffer.from(data));
      requests.push(recorded);
      const frames = handler?.(recorded) ?? [];
      void (async () => {
        for (const frame of frames) {
          socket.send(frame);
          await nextTurn();
        }
        socket.close(1000);
      })();
    });
  });
  return {
    answer(next) {
      handler = next;
    },
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
