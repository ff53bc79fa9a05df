// A Suno API emulation on 127.0.0.1 (Suno-API/Suno-API, as new-api's suno task adaptor calls it): `POST
// /suno/submit/{music,lyrics}` with `Authorization: Bearer <key>` answers `{code: "success", message, data: taskId}`;
// `POST /suno/fetch {ids, action}` answers `{code: "success", data: [task]}` and `GET /suno/fetch/{id}` one task,
// each `{task_id, action, status, fail_reason, submit_time, start_time, finish_time, progress, data}` (times in
// seconds; `data` the song clips or the lyrics). Tasks advance only when the test calls `advance()`.
import { closeEmulatedServer, EmulatedTaskBoard, answerJson, startEmulatedServer, type EmulatedTask } from './emulated-task-board';

/** A running Suno API emulation. */
export interface SunoApiEmulator {
  readonly url: string;
  readonly board: EmulatedTaskBoard;
  /** The next submit is refused with this message (`{code: "error"}`, HTTP 200, as the Suno API answers). */
  refuseNext(message: string): void;
  close(): Promise<void>;
}

/** Starts a Suno API emulation that accepts `key`. */
export async function startSunoApi(options: { key: string; now?: () => number }): Promise<SunoApiEmulator> {
  const board = new EmulatedTaskBoard('suno-', options.now ?? Date.now);
  let refusal: string | null = null;
  const view = (task: EmulatedTask): Record<string, unknown> => ({
    task_id: task.id,
    action: task.action,
    status: task.status,
    fail_reason: task.failReason,
    submit_time: Math.floor(task.submitTime / 1000),
    start_time: Math.floor(task.startTime / 1000),
    finish_time: Math.floor(task.finishTime / 1000),
    progress: task.progress,
    data:
      task.status !== 'SUCCESS'
        ? null
        : task.action === 'LYRICS'
          ? { text: `[Verse]\n${String(task.body.prompt ?? '')}`, title: 'Emulated lyrics', status: 'complete' }
          : [{ id: `${task.id}-clip`, audio_url: `https://cdn.example.test/${task.id}.mp3`, title: String(task.body.title ?? ''), status: 'complete' }],
  });
  const started = await startEmulatedServer(board, (request, response) => {
    if (request.headers.authorization !== `Bearer ${options.key}`) return answerJson(response, 401, { code: 'unauthorized', message: 'invalid key' });
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const submit = /^\/suno\/submit\/(music|lyrics)$/.exec(request.path);
    if (request.method === 'POST' && submit) {
      if (refusal) {
        const message = refusal;
        refusal = null;
        return answerJson(response, 200, { code: 'error', message, data: null });
      }
      const task = board.add(submit[1].toUpperCase(), body);
      return answerJson(response, 200, { code: 'success', message: '', data: task.id });
    }
    if (request.method === 'POST' && request.path === '/suno/fetch') {
      const failure = board.takePollFailure();
      if (failure) return answerJson(response, failure, { code: 'error', message: 'upstream fault' });
      const ids = Array.isArray(body.ids) ? (body.ids as unknown[]) : [];
      return answerJson(response, 200, { code: 'success', message: '', data: ids.map((id) => board.tasks.get(String(id))).filter((task): task is EmulatedTask => task !== undefined).map(view) });
    }
    const one = /^\/suno\/fetch\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && one) {
      const task = board.tasks.get(one[1]);
      return answerJson(response, 200, { code: 'success', message: '', data: task ? view(task) : null });
    }
    return false;
  });
  return { url: started.url, board, refuseNext: (message) => void (refusal = message), close: () => closeEmulatedServer(started.server) };
}
