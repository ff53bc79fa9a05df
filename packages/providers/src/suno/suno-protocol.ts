// The Suno API protocol (Suno-API/Suno-API, as new-api's suno task adaptor calls it): `POST /suno/submit/{music,lyrics}`
// answers `{code: "success", data: "<task id>"}`; `POST /suno/fetch {ids}` answers `{code: "success", data: [task]}`.
// @see https://github.com/Suno-API/Suno-API
import { asObject, jsonText, numberField, textField, type TaskProtocol, type TaskSubmitReading, type TaskUpdate } from '../task-protocol';

/** Suno's task actions (spec 001 §4) by submit path. */
export const sunoSubmitActions: Readonly<Record<string, string>> = { music: 'MUSIC', lyrics: 'LYRICS' };

/** The model a Suno action is priced and routed as: `suno_music`, `suno_lyrics`. */
export function sunoModelName(action: string): string {
  return `suno_${action.toLowerCase()}`;
}

/** Checks a submit body for its action (lyrics need a prompt); fills new-api's default model version for music. */
export function prepareSunoBody(action: string, body: Record<string, unknown>): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } {
  if (action === 'LYRICS' && !textField(body, 'prompt')) return { ok: false, message: 'prompt_empty' };
  if (action === 'MUSIC' && !textField(body, 'mv')) return { ok: true, body: { ...body, mv: 'chirp-v3-0' } };
  return { ok: true, body };
}

/** Times in Suno's answers are seconds or milliseconds; stored as milliseconds. */
function milliseconds(value: number): number {
  return value > 0 && value < 10_000_000_000 ? value * 1000 : value;
}

function readTask(value: unknown): TaskUpdate | null {
  const task = asObject(value);
  if (!task) return null;
  const taskId = textField(task, 'task_id') || textField(task, 'id');
  if (!taskId) return null;
  const status = textField(task, 'status');
  return {
    taskId,
    status,
    progress: textField(task, 'progress') || (status === 'SUCCESS' || status === 'FAILURE' ? '100%' : '0%'),
    failReason: textField(task, 'fail_reason'),
    imageUrl: '',
    promptEn: '',
    startTime: milliseconds(numberField(task, 'start_time')),
    finishTime: milliseconds(numberField(task, 'finish_time')),
    data: jsonText(task.data),
    properties: '',
    buttons: '',
  };
}

function readSubmit(status: number, body: unknown): TaskSubmitReading {
  const answer = asObject(body);
  const accepted = status >= 200 && status < 300 && answer !== null && textField(answer, 'code') === 'success' && textField(answer, 'data') !== '';
  if (!accepted) {
    const message = answer ? textField(answer, 'message') || textField(answer, 'code') : '';
    return { accepted: false, taskId: '', code: 0, description: message || `upstream answered ${status}`, update: {}, answer: body };
  }
  return { accepted: true, taskId: textField(answer, 'data'), code: 1, description: textField(answer, 'message'), update: { status: 'SUBMITTED' }, answer };
}

/** The Suno API protocol (channel type 36). */
export const sunoProtocol: TaskProtocol = {
  platform: 'suno',
  authHeaders: (key) => ({ authorization: `Bearer ${key}` }),
  readSubmit,
  pollRequest: (baseUrl, key, taskIds) => ({
    url: `${baseUrl.replace(/\/+$/, '')}/suno/fetch`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ ids: taskIds, action: '' }),
  }),
  readPoll(body) {
    const answer = asObject(body);
    if (!answer || textField(answer, 'code') !== 'success' || !Array.isArray(answer.data)) throw new Error('suno fetch did not answer success with a list');
    return answer.data.map(readTask).filter((task): task is TaskUpdate => task !== null);
  },
};
