// Emulations of the three video task APIs on 127.0.0.1, each over one EmulatedTaskBoard (tasks move only when the
// test calls `advance()`, each following its queued outcome: success, failure or stuck):
// - OpenAI Sora (`POST /v1/videos`, `/v1/videos/{id}/remix`, `GET /v1/videos/{id}`, `GET /v1/videos/{id}/content`;
//   Azure's `/openai/v1/...` with `api-key`);
// - Google Veo on the Gemini API (`POST /v1beta/models/{model}:predictLongRunning` → an operation, `GET
//   /v1beta/{operation}`, the file at `/v1beta/files/{id}:download`);
// - Kling (`POST /v1/videos/{text2video,image2video}`, `GET /v1/videos/{kind}/{id}`, checking Kling's HS256 JWT).
// Finished videos are a real 64×64, one-second H.264 MP4 (1.5 KB, recorded from a canvas with Chromium's
// MediaRecorder; `__fixtures__/tiny-video.mp4`).
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { closeEmulatedServer, EmulatedTaskBoard, answerJson, startEmulatedServer, type EmulatedTask } from './emulated-task-board';
import { fixturesBeside } from './fixtures';

/** The bytes of the small real MP4 every emulation serves. */
export function tinyVideo(): Buffer {
  return fixturesBeside(import.meta.url).fixture('tiny-video.mp4');
}

/** A running video API emulation. */
export interface VideoApiEmulator {
  readonly url: string;
  readonly board: EmulatedTaskBoard;
  /** The next submit is refused with this HTTP status and message. */
  refuseNext(status: number, message: string): void;
  /** Downloads of finished files served so far. */
  readonly downloads: () => number;
  close(): Promise<void>;
}

function sendVideo(response: ServerResponse, bytes: Buffer): true {
  response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length });
  response.end(bytes);
  return true;
}

/** Text fields of a multipart body the board recorded as text. */
function multipartFields(body: unknown): Record<string, unknown> {
  if (typeof body !== 'string') return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fields: Record<string, unknown> = {};
  for (const match of body.matchAll(/name="([^"]+)"(; filename="([^"]*)")?[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/g)) {
    if (match[3] !== undefined) fields[match[1]] = { filename: match[3] };
    else fields[match[1]] = body.slice((match.index ?? 0) + match[0].length).split('\r\n')[0];
  }
  return fields;
}

interface Refusal {
  status: number;
  message: string;
}

/** Options of the Sora emulation: the key, Azure's form, and the length it accepts regardless of the request. */
export interface SoraApiOptions {
  key: string;
  azure?: boolean;
  acceptedSeconds?: string;
  now?: () => number;
}

/** Starts an OpenAI Videos API (Sora) emulation. */
export async function startSoraApi(options: SoraApiOptions): Promise<VideoApiEmulator> {
  const board = new EmulatedTaskBoard('video_emu', options.now ?? Date.now);
  const prefix = options.azure ? '/openai/v1' : '/v1';
  let refusal: Refusal | null = null;
  let downloads = 0;
  const statuses: Record<string, string> = { SUBMITTED: 'queued', IN_PROGRESS: 'in_progress', SUCCESS: 'completed', FAILURE: 'failed' };
  const view = (task: EmulatedTask): Record<string, unknown> => ({
    id: task.id,
    object: 'video',
    model: String(task.body.model ?? 'sora-2'),
    status: statuses[task.status] ?? 'queued',
    progress: Number.parseInt(task.progress, 10) || 0,
    created_at: Math.floor(task.submitTime / 1000),
    completed_at: task.finishTime ? Math.floor(task.finishTime / 1000) : null,
    seconds: options.acceptedSeconds ?? String(task.body.seconds ?? '4'),
    size: String(task.body.size ?? '720x1280'),
    remixed_from_video_id: typeof task.body.remix_of === 'string' ? task.body.remix_of : null,
    error: task.status === 'FAILURE' ? { code: 'moderation_blocked', message: task.failReason } : null,
  });
  const started = await startEmulatedServer(board, (request, response) => {
    const authorised = options.azure ? request.headers['api-key'] === options.key : request.headers.authorization === `Bearer ${options.key}`;
    if (!authorised) return answerJson(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    if (!request.path.startsWith(prefix)) return false;
    const path = request.path.slice(prefix.length);
    if (request.method === 'POST' && (path === '/videos' || /^\/videos\/[^/]+\/remix$/.test(path))) {
      if (refusal) {
        const { status, message } = refusal;
        refusal = null;
        return answerJson(response, status, { error: { message, type: 'invalid_request_error', code: 'moderation_blocked' } });
      }
      const remix = /^\/videos\/([^/]+)\/remix$/.exec(path)?.[1];
      const body = multipartFields(request.body);
      // A remix keeps the original's length and size.
      const original = remix ? board.tasks.get(remix) : undefined;
      const task = board.add(remix ? 'remix' : 'generate', remix ? { model: original?.body.model, seconds: original?.body.seconds, size: original?.body.size, ...body, remix_of: remix } : body);
      return answerJson(response, 200, view(task));
    }
    const one = /^\/videos\/([^/]+)(\/content)?$/.exec(path);
    if (request.method === 'GET' && one) {
      const task = board.tasks.get(decodeURIComponent(one[1]));
      if (!task) return answerJson(response, 404, { error: { message: 'video not found', type: 'invalid_request_error' } });
      if (one[2]) {
        if (task.status !== 'SUCCESS') return answerJson(response, 404, { error: { message: 'video is not ready', type: 'invalid_request_error' } });
        downloads += 1;
        return sendVideo(response, tinyVideo());
      }
      const failure = board.takePollFailure();
      if (failure) return answerJson(response, failure, { error: { message: 'upstream fault', type: 'server_error' } });
      return answerJson(response, 200, view(task));
    }
    return false;
  });
  return { url: started.url, board, refuseNext: (status, message) => void (refusal = { status, message }), downloads: () => downloads, close: () => closeEmulatedServer(started.server) };
}

/** Starts a Gemini API Veo emulation that accepts `key` (`x-goog-api-key`). */
export async function startVeoApi(options: { key: string; now?: () => number }): Promise<VideoApiEmulator> {
  const board = new EmulatedTaskBoard('veo', options.now ?? Date.now);
  let refusal: Refusal | null = null;
  let downloads = 0;
  let base = '';
  const operation = (task: EmulatedTask): Record<string, unknown> => {
    const name = `models/${String(task.body.model)}/operations/${task.id}`;
    if (task.status === 'SUCCESS') return { name, done: true, response: { '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse', generateVideoResponse: { generatedSamples: [{ video: { uri: `${base}/v1beta/files/${task.id}:download?alt=media` } }] } } };
    if (task.status === 'FAILURE') return { name, done: true, error: { code: 400, message: task.failReason } };
    return { name, done: false, metadata: {} };
  };
  const started = await startEmulatedServer(board, (request, response) => {
    if (request.headers['x-goog-api-key'] !== options.key) return answerJson(response, 403, { error: { code: 403, message: 'API key not valid', status: 'PERMISSION_DENIED' } });
    const submit = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(request.path);
    if (request.method === 'POST' && submit) {
      if (refusal) {
        const { status, message } = refusal;
        refusal = null;
        return answerJson(response, status, { error: { code: status, message, status: 'INVALID_ARGUMENT' } });
      }
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const task = board.add('generate', { ...body, model: decodeURIComponent(submit[1]) });
      return answerJson(response, 200, { name: `models/${submit[1]}/operations/${task.id}` });
    }
    const poll = /^\/v1beta\/models\/[^/]+\/operations\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && poll) {
      const task = board.tasks.get(poll[1]);
      if (!task) return answerJson(response, 404, { error: { code: 404, message: 'operation not found', status: 'NOT_FOUND' } });
      const failure = board.takePollFailure();
      if (failure) return answerJson(response, failure, { error: { code: failure, message: 'upstream fault', status: 'UNAVAILABLE' } });
      return answerJson(response, 200, operation(task));
    }
    const file = /^\/v1beta\/files\/([^/:]+):download$/.exec(request.path);
    if (request.method === 'GET' && file) {
      const task = board.tasks.get(file[1]);
      if (!task || task.status !== 'SUCCESS') return answerJson(response, 404, { error: { code: 404, message: 'file not found', status: 'NOT_FOUND' } });
      downloads += 1;
      return sendVideo(response, tinyVideo());
    }
    return false;
  });
  base = started.url;
  return { url: started.url, board, refuseNext: (status, message) => void (refusal = { status, message }), downloads: () => downloads, close: () => closeEmulatedServer(started.server) };
}

/** True when `token` is an HS256 JWT of `accessKey` signed with `secretKey` and valid now (Kling's rule). */
export function validKlingToken(token: string, accessKey: string, secretKey: string, nowSeconds: number): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  const expected = crypto.createHmac('sha256', secretKey).update(`${header}.${payload}`).digest('base64url');
  if (expected !== signature) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string; exp?: number; nbf?: number };
  return claims.iss === accessKey && (claims.exp ?? 0) > nowSeconds && (claims.nbf ?? Infinity) <= nowSeconds;
}

/** Starts a Kling API emulation that accepts JWTs signed with `accessKey`/`secretKey`. */
export async function startKlingApi(options: { accessKey: string; secretKey: string; now?: () => number }): Promise<VideoApiEmulator> {
  const now = options.now ?? Date.now;
  const board = new EmulatedTaskBoard('', now);
  let refusal: Refusal | null = null;
  let downloads = 0;
  let base = '';
  const statuses: Record<string, string> = { SUBMITTED: 'submitted', IN_PROGRESS: 'processing', SUCCESS: 'succeed', FAILURE: 'failed' };
  const view = (task: EmulatedTask): Record<string, unknown> => ({
    task_id: task.id,
    task_status: statuses[task.status] ?? 'submitted',
    task_status_msg: task.failReason,
    created_at: task.submitTime,
    updated_at: task.finishTime || task.startTime || task.submitTime,
    task_result: task.status === 'SUCCESS' ? { videos: [{ id: `${task.id}-v`, url: `${base}/files/${task.id}.mp4`, duration: String(task.body.duration ?? '5') }] } : undefined,
  });
  const started = await startEmulatedServer(board, (request, response) => {
    const file = /^\/files\/([^/]+)\.mp4$/.exec(request.path);
    if (request.method === 'GET' && file) {
      const task = board.tasks.get(file[1]);
      if (!task || task.status !== 'SUCCESS') return answerJson(response, 404, { code: 404, message: 'not found' });
      downloads += 1;
      return sendVideo(response, tinyVideo());
    }
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!validKlingToken(token, options.accessKey, options.secretKey, Math.floor(now() / 1000))) return answerJson(response, 401, { code: 1000, message: 'Authorization failed', request_id: 'emulated' });
    const submit = /^\/v1\/videos\/(text2video|image2video)$/.exec(request.path);
    if (request.method === 'POST' && submit) {
      if (refusal) {
        const { status, message } = refusal;
        refusal = null;
        return answerJson(response, status, { code: 1201, message, request_id: 'emulated' });
      }
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const task = board.add(submit[1], body);
      return answerJson(response, 200, { code: 0, message: 'SUCCEED', request_id: 'emulated', data: { task_id: task.id, task_status: 'submitted', created_at: task.submitTime, updated_at: task.submitTime } });
    }
    const poll = /^\/v1\/videos\/(text2video|image2video)\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && poll) {
      const task = board.tasks.get(poll[2]);
      if (!task || task.action !== poll[1]) return answerJson(response, 404, { code: 1203, message: 'task not found', request_id: 'emulated' });
      const failure = board.takePollFailure();
      if (failure) return answerJson(response, failure, { code: 5000, message: 'upstream fault', request_id: 'emulated' });
      return answerJson(response, 200, { code: 0, message: 'SUCCEED', request_id: 'emulated', data: view(task) });
    }
    return false;
  });
  base = started.url;
  return { url: started.url, board, refuseNext: (status, message) => void (refusal = { status, message }), downloads: () => downloads, close: () => closeEmulatedServer(started.server) };
}
