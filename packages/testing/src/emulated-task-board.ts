// The task board shared by the Midjourney-proxy and Suno API emulations: tasks that move only when the test says so
// (`advance`), each following the outcome it was given at submit (success, failure or stuck), so no test waits on time.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a submitted task ends: finished, failed by the upstream, or never leaving IN_PROGRESS. */
export type EmulatedOutcome = 'success' | 'failure' | 'stuck';

/** Task ids are unique across every board of the process, as different upstreams' ids would be. */
let taskSequence = 0;

/** One task on the board. */
export interface EmulatedTask {
  id: string;
  action: string;
  /** The body the upstream received. */
  body: Record<string, unknown>;
  outcome: EmulatedOutcome;
  /** NOT_START → SUBMITTED → IN_PROGRESS → SUCCESS / FAILURE (upstream words, shared by both protocols). */
  status: string;
  progress: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  failReason: string;
}

/** One request an emulation received. */
export interface EmulatedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** Tasks, outcomes and recorded requests of one emulation. */
export class EmulatedTaskBoard {
  readonly tasks = new Map<string, EmulatedTask>();
  readonly requests: EmulatedRequest[] = [];
  private readonly outcomes: EmulatedOutcome[] = [];
  /** Poll answers still to fail with this status (0: none). */
  failingPolls: { status: number; count: number } = { status: 0, count: 0 };

  constructor(
    private readonly prefix: string,
    /** The clock the board stamps tasks with (milliseconds). */
    private readonly now: () => number,
  ) {}

  /** The outcomes of the next submitted tasks, in order (later ones succeed). */
  queueOutcomes(...outcomes: EmulatedOutcome[]): void {
    this.outcomes.push(...outcomes);
  }

  /** Adds a task in SUBMITTED. */
  add(action: string, body: Record<string, unknown>): EmulatedTask {
    taskSequence += 1;
    const id = `${this.prefix}${String(1_700_000_000_000 + taskSequence)}`;
    const task: EmulatedTask = { id, action, body, outcome: this.outcomes.shift() ?? 'success', status: 'SUBMITTED', progress: '0%', submitTime: this.now(), startTime: 0, finishTime: 0, failReason: '' };
    this.tasks.set(id, task);
    return task;
  }

  /** Moves every unfinished task one step along its outcome: SUBMITTED → IN_PROGRESS 50% → SUCCESS or FAILURE. */
  advance(): void {
    for (const task of this.tasks.values()) this.step(task);
  }

  /** Moves one task one step. */
  step(task: EmulatedTask): void {
    if (task.status === 'SUBMITTED') {
      Object.assign(task, { status: 'IN_PROGRESS', progress: '50%', startTime: this.now() });
    } else if (task.status === 'IN_PROGRESS' && task.outcome === 'success') {
      Object.assign(task, { status: 'SUCCESS', progress: '100%', finishTime: this.now() });
    } else if (task.status === 'IN_PROGRESS' && task.outcome === 'failure') {
      Object.assign(task, { status: 'FAILURE', progress: '100%', finishTime: this.now(), failReason: 'the job was refused by the moderator' });
    }
  }

  /** True (and counted down) when the next poll should fail. */
  takePollFailure(): number {
    if (this.failingPolls.count <= 0) return 0;
    this.failingPolls.count -= 1;
    return this.failingPolls.status;
  }
}

/** A request handler of an emulation: answers, or returns false for a 404. */
export type EmulatedHandler = (request: EmulatedRequest, response: ServerResponse) => boolean | Promise<boolean>;

/** Starts a loopback HTTP server whose JSON bodies are parsed and recorded on `board`. */
export async function startEmulatedServer(board: EmulatedTaskBoard, handle: EmulatedHandler): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        body = text;
      }
      const recorded: EmulatedRequest = { method: request.method ?? 'GET', path: (request.url ?? '/').split('?')[0], headers: request.headers, body };
      board.requests.push(recorded);
      Promise.resolve(handle(recorded, response))
        .then((answered) => {
          if (!answered) answerJson(response, 404, { error: 'not found' });
        })
        .catch((error: unknown) => answerJson(response, 500, { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Writes a JSON answer. */
export function answerJson(response: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
  return true;
}

/** Closes an emulation's server and its keep-alive connections. */
export function closeEmulatedServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
