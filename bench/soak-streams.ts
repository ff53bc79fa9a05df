// The soak's client: keeps N streams open at once (each one restarted when it ends) and times each stream's
// first body byte; a stream counts only when it answered 200 and ended with `data: [DONE]`.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';

/** What the soak sends and for how long. */
export interface SoakSpec {
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  streams: number;
  /** Stop starting new streams after this long; streams under way are awaited. */
  seconds: number;
  /** Spread the first streams' starts over this long. */
  rampSeconds: number;
}

/** What the soak saw. */
export interface SoakOutcome {
  completed: number;
  errors: number;
  /** Milliseconds from sending a request to its first body byte, one per completed stream. */
  firstByteMs: number[];
  peakOpenStreams: number;
  seconds: number;
  firstError: string | null;
  /** Seconds after the start at which streams failed (the first hundred). */
  errorTimes: number[];
}

/** Runs the soak against one target. */
export async function runSoakStreams(spec: SoakSpec): Promise<SoakOutcome> {
  const pool = new Pool(spec.origin, { connections: spec.streams + 16, pipelining: 1, headersTimeout: 120_000, bodyTimeout: 120_000 });
  const outcome: SoakOutcome = { completed: 0, errors: 0, firstByteMs: [], peakOpenStreams: 0, seconds: 0, firstError: null, errorTimes: [] };
  let open = 0;
  const startedAt = performance.now();
  const stopAt = startedAt + spec.seconds * 1000;

  const failed = (message: string): void => {
    outcome.errors += 1;
    outcome.firstError ??= message;
    if (outcome.errorTimes.length < 100) outcome.errorTimes.push(Math.round(performance.now() - startedAt) / 1000);
  };

  /** Reads one answer with plain events (no async iterator, no string per chunk): the client's CPU is the machine's too. */
  function readAnswer(body: NodeJS.ReadableStream, sentAt: number): Promise<{ firstByte: number; tail: string }> {
    return new Promise((resolve, reject) => {
      let firstByte = -1;
      let last: Buffer = Buffer.alloc(0);
      body.on('data', (chunk: Buffer) => {
        if (firstByte < 0) firstByte = performance.now() - sentAt;
        last = chunk.length >= 32 ? chunk : Buffer.concat([last, chunk]).subarray(-32);
      });
      body.once('end', () => resolve({ firstByte, tail: last.subarray(-32).toString('latin1') }));
      body.once('error', reject);
    });
  }

  async function oneStream(): Promise<void> {
    const sentAt = performance.now();
    open += 1;
    outcome.peakOpenStreams = Math.max(outcome.peakOpenStreams, open);
    try {
      const answer = await pool.request({ path: spec.path, method: 'POST', headers: spec.headers, body: spec.body });
      const { firstByte, tail } = await readAnswer(answer.body, sentAt);
      if (answer.statusCode === 200 && tail.endsWith('data: [DONE]\n\n')) {
        outcome.completed += 1;
        outcome.firstByteMs.push(firstByte);
      } else {
        failed(`status ${answer.statusCode}, ended with ${JSON.stringify(tail)}`);
      }
    } catch (error) {
      failed((error as Error).message);
    } finally {
      open -= 1;
    }
  }

  async function worker(index: number): Promise<void> {
    await sleep((spec.rampSeconds * 1000 * index) / spec.streams);
    do await oneStream();
    while (performance.now() < stopAt);
  }

  await Promise.all(Array.from({ length: spec.streams }, (_, index) => worker(index)));
  outcome.seconds = (performance.now() - startedAt) / 1000;
  await pool.close();
  return outcome;
}
