// Moves an upstream stream to the client with plain events: no async iterator and no promise per chunk, which on
// thousands of long streams is most of what forwarding a chunk costs. The head of the answer goes out with its first
// bytes, and what arrives in one turn of the event loop goes out in one socket write.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { UpstreamBody } from './upstream-body';

/** How long the head of a streamed answer waits for the first bytes of its body before it is sent alone. */
export const headWaitMs = 100;

function sendHead(raw: ServerResponse): void {
  if (!raw.destroyed && !raw.writableEnded) raw.flushHeaders();
}

/**
 * Lets the head of a streamed answer (already given to `writeHead`) go out with the first bytes written, one socket
 * write instead of two; an upstream slow to send its first bytes gets the head sent alone after `headWaitMs`.
 * Clear the returned timer at the first write and when the answer ends.
 */
export function deferHead(raw: ServerResponse): NodeJS.Timeout {
  const timer = setTimeout(sendHead, headWaitMs, raw);
  timer.unref();
  return timer;
}

/**
 * Feeds each chunk of `body` to `forward`, which writes what the client gets and returns false when the client's
 * buffer is full (the body then pauses until `drain`). Resolves once the body has ended (false), or broke off or
 * `forward` threw (true); when the client goes away the body is destroyed and the pump resolves false.
 */
export function pumpStream(body: UpstreamBody, raw: ServerResponse, forward: (chunk: Buffer) => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    let corked: Socket | null = null;
    const uncork = (): void => {
      corked?.uncork();
      corked = null;
    };
    const resume = (): void => {
      body.resume();
    };
    const finish = (broken: boolean): void => {
      if (settled) return;
      settled = true;
      // The error listener stays: a body destroyed later (an abort) must not throw an unhandled 'error'.
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('close', onBroken);
      raw.off('drain', resume);
      raw.off('close', onClientGone);
      resolve(broken);
    };
    const onData = (chunk: Buffer): void => {
      // Chunks that arrive in one turn of the loop go out in one socket write (with the stream's end, when the
      // upstream's end arrives in the same turn): corked here, uncorked once the turn's I/O is done.
      const socket = raw.socket;
      if (corked === null && socket) {
        corked = socket;
        socket.cork();
        setImmediate(uncork);
      }
      let more: boolean;
      try {
        more = forward(chunk);
      } catch {
        body.destroy();
        finish(true);
        return;
      }
      if (!more && !settled) {
        body.pause();
        raw.once('drain', resume);
      }
    };
    const onEnd = (): void => finish(false);
    // An error, or a close that came before the end: the upstream broke off.
    const onBroken = (): void => finish(true);
    const onClientGone = (): void => {
      if (raw.writableFinished) return;
      body.destroy();
      finish(false);
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.on('error', onBroken);
    body.once('close', onBroken);
    raw.once('close', onClientGone);
  });
}
