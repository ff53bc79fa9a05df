// The midjourney-proxy protocol (novicezk/midjourney-proxy, trueai-org/midjourney-proxy): submit paths and their
// actions, model names per action, the request clean-up the Mj* options ask for, submit codes and task polling.
// @see https://github.com/novicezk/midjourney-proxy/blob/main/docs/api.md
import { asObject, jsonText, numberField, textField, type TaskProtocol, type TaskSubmitReading, type TaskUpdate } from '../task-protocol';

/** Midjourney's drawing actions (spec 001 §4). */
export const midjourneyActions = ['IMAGINE', 'UPSCALE', 'VARIATION', 'HIGH_VARIATION', 'LOW_VARIATION', 'PAN', 'DESCRIBE', 'BLEND', 'UPLOAD', 'SHORTEN', 'REROLL', 'INPAINT', 'ZOOM', 'CUSTOM_ZOOM', 'MODAL', 'SWAP_FACE', 'VIDEO', 'EDITS'] as const;

/** Submit path (after `/mj/submit/`) → the action it always is, or `from-request` when the body names it. */
export const midjourneySubmitActions: Readonly<Record<string, string>> = {
  imagine: 'IMAGINE',
  describe: 'DESCRIBE',
  blend: 'BLEND',
  shorten: 'SHORTEN',
  modal: 'MODAL',
  'upload-discord-images': 'UPLOAD',
  video: 'VIDEO',
  edits: 'EDITS',
  change: 'from-request',
  'simple-change': 'from-request',
  action: 'from-request',
};

/** Submit codes: 1 submitted, 21 already exists, 22 queued; anything else is a refusal. */
export const acceptedSubmitCodes: ReadonlySet<number> = new Set([1, 21, 22]);

/** The model a Midjourney action is priced and routed as: `mj_<action>`, `swap_face` for face swaps. */
export function midjourneyModelName(action: string): string {
  return action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;
}

/** Actions that only open a window (followed by a MODAL call that is billed): not billed themselves. */
export const unbilledMidjourneyActions: ReadonlySet<string> = new Set(['INPAINT', 'CUSTOM_ZOOM']);

/** An action resolved from a submit call: which action, and the earlier task it acts on (none for imagine, blend, …). */
export type MidjourneyActionResult = { ok: true; action: string; originTaskId: string | null; index: number } | { ok: false; description: string };

/** The action of a `simple-change` content such as `1320098173412546 U2` (upscale 2), `… V1`, `… R`. */
function simpleChange(content: string): MidjourneyActionResult {
  const parts = content.trim().split(' ');
  if (parts.length !== 2 || !parts[1]) return { ok: false, description: 'content_parse_failed' };
  const [taskId, command] = [parts[0], parts[1].toLowerCase()];
  if (command === 'r') return { ok: true, action: 'REROLL', originTaskId: taskId, index: 0 };
  const action = command[0] === 'u' ? 'UPSCALE' : command[0] === 'v' ? 'VARIATION' : null;
  const index = Number(command.slice(1, 2));
  if (!action || !Number.isInteger(index) || index < 1 || index > 4) return { ok: false, description: 'content_parse_failed' };
  return { ok: true, action, originTaskId: taskId, index };
}

/** The action a Plus button's `customId` stands for (`MJ::JOB::upsample::2::<hash>`, `MJ::Outpaint::…`). */
function customIdAction(customId: string): string | null {
  const parts = customId.split('::');
  const name = parts[1] === 'JOB' ? (parts[2] ?? '') : (parts[1] ?? '');
  if (name.includes('upsample')) return 'UPSCALE';
  if (name === 'low_variation') return 'LOW_VARIATION';
  if (name === 'high_variation') return 'HIGH_VARIATION';
  if (name.includes('variation')) return 'VARIATION';
  if (name.includes('pan')) return 'PAN';
  if (name.includes('reroll')) return 'REROLL';
  if (name === 'Outpaint') return 'ZOOM';
  if (name === 'CustomZoom') return 'CUSTOM_ZOOM';
  if (name === 'Inpaint') return 'INPAINT';
  return null;
}

/** Resolves the action of a submit call from its path segment and body. */
export function resolveMidjourneyAction(submitPath: string, body: Record<string, unknown>): MidjourneyActionResult {
  const fixed = midjourneySubmitActions[submitPath];
  if (!fixed) return { ok: false, description: 'unknown_relay_action' };
  const taskId = textField(body, 'taskId');
  if (submitPath === 'imagine' && !textField(body, 'prompt')) return { ok: false, description: 'prompt_is_required' };
  if (submitPath === 'modal') return taskId ? { ok: true, action: 'MODAL', originTaskId: taskId, index: 0 } : { ok: false, description: 'task_id_is_required' };
  if (fixed !== 'from-request') return { ok: true, action: fixed, originTaskId: null, index: 0 };
  if (submitPath === 'simple-change') {
    const content = textField(body, 'content');
    return content ? simpleChange(content) : { ok: false, description: 'content_is_required' };
  }
  if (submitPath === 'action') {
    const customId = textField(body, 'customId');
    if (!customId) return { ok: false, description: 'custom_id_is_required' };
    if (!taskId) return { ok: false, description: 'task_id_is_required' };
    const action = customIdAction(customId);
    return action ? { ok: true, action, originTaskId: taskId, index: 0 } : { ok: false, description: `unknown_action:${customId}` };
  }
  const action = textField(body, 'action').toUpperCase();
  if (!taskId) return { ok: false, description: 'task_id_is_required' };
  if (!action) return { ok: false, description: 'action_is_required' };
  const index = numberField(body, 'index');
  if (action !== 'REROLL' && index === 0) return { ok: false, description: 'index_is_required' };
  return { ok: true, action, originTaskId: taskId, index };
}

/** The options that change what is sent upstream. */
export interface MidjourneyBodyFlags {
  /** MjAccountFilterEnabled: keep the caller's `accountFilter`. */
  accountFilter: boolean;
  /** MjModeClearEnabled: strip `--fast`, `--relax` and `--turbo` from the prompt. */
  modeClear: boolean;
}

/**
 * The body sent upstream: the caller's, without `notifyHook` (the gateway, not the upstream, tells the caller) and,
 * unless allowed, without `accountFilter`; with the speed flags stripped from the prompt when asked.
 */
export function midjourneyUpstreamBody(body: Record<string, unknown>, flags: MidjourneyBodyFlags): Record<string, unknown> {
  const { notifyHook: _notifyHook, ...rest } = body;
  if (!flags.accountFilter) delete rest.accountFilter;
  if (flags.modeClear && typeof rest.prompt === 'string') rest.prompt = rest.prompt.replaceAll('--fast', '').replaceAll('--relax', '').replaceAll('--turbo', '');
  return rest;
}

/** Maps an upstream task (`/mj/task/{id}/fetch`, `list-by-condition`) to a task update; CANCEL ends as FAILURE. */
function readTask(value: unknown): TaskUpdate | null {
  const task = asObject(value);
  if (!task) return null;
  const taskId = textField(task, 'id');
  if (!taskId) return null;
  const upstreamStatus = textField(task, 'status');
  const status = upstreamStatus === 'CANCEL' ? 'FAILURE' : upstreamStatus;
  return {
    taskId,
    status,
    progress: textField(task, 'progress') || (status === 'SUCCESS' || status === 'FAILURE' ? '100%' : '0%'),
    failReason: textField(task, 'failReason'),
    imageUrl: textField(task, 'imageUrl'),
    promptEn: textField(task, 'promptEn'),
    startTime: numberField(task, 'startTime'),
    finishTime: numberField(task, 'finishTime'),
    data: '',
    properties: jsonText(task.properties),
    buttons: jsonText(task.buttons),
  };
}

/** Reads a submit answer: `{code, description, result, properties}`; uploads answer a list of URLs as `result`. */
function readSubmit(status: number, body: unknown): TaskSubmitReading {
  const answer = asObject(body);
  if (status !== 200 || !answer) {
    const description = answer ? textField(answer, 'description') || textField(answer, 'message') : '';
    return { accepted: false, taskId: '', code: answer ? numberField(answer, 'code') : 0, description: description || `upstream answered ${status}`, update: {}, answer: body };
  }
  const code = numberField(answer, 'code');
  const description = textField(answer, 'description');
  if (!acceptedSubmitCodes.has(code)) return { accepted: false, taskId: '', code, description: description || 'submit refused', update: {}, answer };
  const result = answer.result;
  const properties = asObject(answer.properties) ?? {};
  const update: Partial<TaskUpdate> = {};
  if (Array.isArray(result)) {
    // upload-discord-images: the uploaded images' URLs; nothing to poll.
    Object.assign(update, { status: 'SUCCESS', progress: '100%', data: JSON.stringify(result), imageUrl: typeof result[0] === 'string' ? result[0] : '' });
  } else if (code === 21 && textField(properties, 'status') === 'SUCCESS') {
    Object.assign(update, { status: 'SUCCESS', progress: '100%', imageUrl: textField(properties, 'imageUrl') });
  }
  return { accepted: true, taskId: Array.isArray(result) ? '' : textField(answer, 'result'), code: code === 21 || code === 22 ? 1 : code, description, update, answer: { ...answer, code: code === 21 || code === 22 ? 1 : code } };
}

/** The midjourney-proxy protocol (channel types 2 and 5). */
export const midjourneyProtocol: TaskProtocol = {
  platform: 'midjourney',
  authHeaders: (key) => ({ 'mj-api-secret': key }),
  readSubmit,
  pollRequest: (baseUrl, key, taskIds) => ({
    url: `${baseUrl.replace(/\/+$/, '')}/mj/task/list-by-condition`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'mj-api-secret': key },
    body: JSON.stringify({ ids: taskIds }),
  }),
  readPoll(body) {
    if (!Array.isArray(body)) throw new Error('list-by-condition did not answer a list');
    return body.map(readTask).filter((task): task is TaskUpdate => task !== null);
  },
};
