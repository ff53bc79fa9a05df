// The protocol of an asynchronous task channel type (Midjourney proxies, Suno API): how a submit answer is read and how
// unfinished tasks are polled. Pure: the server sends the requests and stores what these readers return.

/** The statuses a task ends in; every other status is polled again. */
export const finalTaskStatuses: ReadonlySet<string> = new Set(['SUCCESS', 'FAILURE']);

/** An upstream request, built without I/O. */
export interface TaskUpstreamRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
}

/** What the upstream said about a submitted task. */
export interface TaskSubmitReading {
  /** True when the upstream took the task (it is billed); false when it refused it (never billed). */
  accepted: boolean;
  /** The upstream's task id ('' when refused or when the action has none). */
  taskId: string;
  /** The submit code shown in the drawing log (Midjourney's; 1 for an accepted Suno task, 0 refused). */
  code: number;
  description: string;
  /** The task's state right after submit (a Midjourney task that already existed may be finished). */
  update: Partial<TaskUpdate>;
  /** The body answered to the caller (Midjourney's 21/22 codes read as 1, as new-api answers them). */
  answer: unknown;
  /** Billing units the upstream accepted (a video's accepted length); absent: the requested units. */
  units?: number;
}

/** One task's state as the upstream reports it when polled. */
export interface TaskUpdate {
  taskId: string;
  status: string;
  progress: string;
  failReason: string;
  imageUrl: string;
  promptEn: string;
  startTime: number;
  finishTime: number;
  /** The result as JSON text (Suno clips), '' when none. */
  data: string;
  properties: string;
  buttons: string;
}

/** One task channel protocol. */
export interface TaskProtocol {
  /** The platform column of the task table: `midjourney` or `suno`. */
  platform: string;
  /** The headers that authenticate a call with the channel's key. */
  authHeaders(key: string): Record<string, string>;
  /** Reads a submit answer (status and parsed body; `null` body when it was not JSON). */
  readSubmit(status: number, body: unknown): TaskSubmitReading;
  /** The request that asks for the state of `taskIds` on one channel. */
  pollRequest(baseUrl: string, key: string, taskIds: readonly string[]): TaskUpstreamRequest;
  /** Reads a poll answer; throws when the body is not the protocol's shape. */
  readPoll(body: unknown): TaskUpdate[];
}

/** A string field of an upstream object, '' when absent. */
export function textField(value: Record<string, unknown>, name: string): string {
  const field = value[name];
  return typeof field === 'string' ? field : typeof field === 'number' ? String(field) : '';
}

/** A number field of an upstream object, 0 when absent. */
export function numberField(value: Record<string, unknown>, name: string): number {
  const field = value[name];
  return typeof field === 'number' && Number.isFinite(field) ? field : typeof field === 'string' && /^\d+$/.test(field) ? Number(field) : 0;
}

/** The value as a plain object, or null. */
export function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** JSON text of a value that is present, '' otherwise. */
export function jsonText(value: unknown): string {
  return value === undefined || value === null ? '' : JSON.stringify(value);
}
