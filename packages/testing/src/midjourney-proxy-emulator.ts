// A midjourney-proxy emulation on 127.0.0.1 following its documented API (novicezk/midjourney-proxy docs/api.md):
// `POST /mj/submit/{imagine,change,simple-change,action,blend,describe,modal,shorten,upload-discord-images}` answers
// `{code: 1, description, result: taskId, properties}` (or a refusal code such as 24, banned prompt);
// `GET /mj/task/{id}/fetch`, `POST /mj/task/list-by-condition {ids}` and `GET /mj/task/{id}/image-seed` answer the
// task; every call needs the `mj-api-secret` header. Result images are served at `/images/{id}.png`.
// Tasks advance only when the test calls `advance()` (see EmulatedTaskBoard).
import { closeEmulatedServer, EmulatedTaskBoard, answerJson, startEmulatedServer, type EmulatedTask } from './emulated-task-board';

/** A 1×1 PNG: the emulated result image. */
export const emulatedImagePng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** A running midjourney-proxy emulation. */
export interface MidjourneyProxyEmulator {
  readonly url: string;
  readonly board: EmulatedTaskBoard;
  /** The next submit is refused with this code and description (midjourney-proxy: 24 banned prompt, 23 queue full, …). */
  refuseNext(code: number, description: string): void;
  /** The next `count` submits answer this HTTP status (a channel fault: the relay fails over). */
  failNextSubmits(status: number, count: number): void;
  /** The task as the proxy answers it. */
  taskView(task: EmulatedTask): Record<string, unknown>;
  close(): Promise<void>;
}

const submitActions: Record<string, string> = { imagine: 'IMAGINE', blend: 'BLEND', describe: 'DESCRIBE', shorten: 'SHORTEN', modal: 'MODAL', 'upload-discord-images': 'UPLOAD' };

/** Starts a midjourney-proxy emulation that accepts `secret` as its mj-api-secret. */
export async function startMidjourneyProxy(options: { secret: string; now?: () => number }): Promise<MidjourneyProxyEmulator> {
  const board = new EmulatedTaskBoard('', options.now ?? Date.now);
  let refusal: { code: number; description: string } | null = null;
  const failing = { status: 0, count: 0 };
  let url = '';
  const taskView = (task: EmulatedTask): Record<string, unknown> => ({
    id: task.id,
    action: task.action,
    prompt: String(task.body.prompt ?? ''),
    promptEn: String(task.body.prompt ?? ''),
    description: '/imagine',
    state: '',
    submitTime: task.submitTime,
    startTime: task.startTime,
    finishTime: task.finishTime,
    imageUrl: task.status === 'SUCCESS' ? `${url}/images/${task.id}.png` : '',
    status: task.status,
    progress: task.progress,
    failReason: task.failReason,
    properties: { finalPrompt: String(task.body.prompt ?? '') },
    buttons: task.status === 'SUCCESS' ? [{ customId: `MJ::JOB::upsample::1::${task.id}`, emoji: '', label: 'U1', type: 2, style: 2 }] : [],
  });
  const started = await startEmulatedServer(board, (request, response) => {
    if (request.method === 'GET' && request.path.startsWith('/images/')) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': emulatedImagePng.length });
      response.end(emulatedImagePng);
      return true;
    }
    if (request.headers['mj-api-secret'] !== options.secret) return answerJson(response, 401, { code: 401, description: 'unauthorized' });
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const submit = /^\/mj\/submit\/([a-z-]+)$/.exec(request.path);
    if (request.method === 'POST' && submit) {
      if (failing.count > 0) {
        failing.count -= 1;
        return answerJson(response, failing.status, { code: 5, description: 'upstream fault' });
      }
      if (refusal) {
        const refused = refusal;
        refusal = null;
        return answerJson(response, 200, { code: refused.code, description: refused.description, result: '', properties: {} });
      }
      const path = submit[1];
      if (path === 'upload-discord-images') return answerJson(response, 200, { code: 1, description: 'success', result: [`${url}/images/upload.png`] });
      if (path === 'imagine' && !body.prompt) return answerJson(response, 200, { code: 4, description: 'prompt is required', result: '' });
      const action = submitActions[path] ?? String(body.action ?? 'UPSCALE');
      const task = board.add(action, body);
      return answerJson(response, 200, { code: 1, description: 'Submit success', result: task.id, properties: { discordInstanceId: '1118138338562560102' } });
    }
    const fetchOne = /^\/mj\/task\/([^/]+)\/fetch$/.exec(request.path);
    if (request.method === 'GET' && fetchOne) {
      const task = board.tasks.get(fetchOne[1]);
      return task ? answerJson(response, 200, taskView(task)) : answerJson(response, 404, { code: 4, description: 'task not found' });
    }
    const seed = /^\/mj\/task\/([^/]+)\/image-seed$/.exec(request.path);
    if (request.method === 'GET' && seed) return answerJson(response, 200, { code: 1, description: 'success', result: `seed-${seed[1]}` });
    if (request.method === 'POST' && request.path === '/mj/task/list-by-condition') {
      const failure = board.takePollFailure();
      if (failure) return answerJson(response, failure, { code: 5, description: 'upstream fault' });
      const ids = Array.isArray(body.ids) ? (body.ids as unknown[]) : [];
      return answerJson(response, 200, ids.map((id) => board.tasks.get(String(id))).filter((task): task is EmulatedTask => task !== undefined).map(taskView));
    }
    return false;
  });
  url = started.url;
  return {
    url,
    board,
    taskView,
    refuseNext: (code, description) => void (refusal = { code, description }),
    failNextSubmits: (status, count) => Object.assign(failing, { status, count }),
    close: () => closeEmulatedServer(started.server),
  };
}
