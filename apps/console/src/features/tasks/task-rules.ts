// Pure rules of the drawing log (/midjourney) and task log (/task): default windows, time spent and its colour, the
// colours and words of actions, submit codes and statuses, progress text, and when to fetch the next page.
import { CreativeTaskStatuses, DrawingActions, DrawingStatuses, TaskSlowSeconds } from '@turnpike/contract';

const dayMs = 24 * 60 * 60 * 1000;

/** The drawing log's default window: 30 days back to one hour ahead, in seconds (sent as milliseconds). */
export function defaultDrawingWindow(now: Date = new Date()): { start: number; end: number } {
  return { start: Math.floor((now.getTime() - 30 * dayMs) / 1000), end: Math.floor(now.getTime() / 1000) + 3600 };
}

/** The task log's default window: from the start of today (local time) to one hour ahead; in seconds. */
export function defaultTaskWindow(now: Date = new Date()): { start: number; end: number } {
  return { start: Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000), end: Math.floor(now.getTime() / 1000) + 3600 };
}

/** Seconds from submit to finish (both in `unit`), or null while the task has not finished. */
export function timeSpentSeconds(submit: number, finish: number, unit: 'ms' | 's'): number | null {
  if (!(submit > 0) || !(finish > 0) || finish < submit) return null;
  const seconds = unit === 'ms' ? (finish - submit) / 1000 : finish - submit;
  return Math.round(seconds * 10) / 10;
}

/** Green up to 60 s, red above. */
export function timeSpentColor(seconds: number): 'green' | 'red' {
  return seconds > TaskSlowSeconds ? 'red' : 'green';
}

const actionColors: Record<(typeof DrawingActions)[number], string> = {
  IMAGINE: 'blue',
  UPSCALE: 'orange',
  VARIATION: 'purple',
  HIGH_VARIATION: 'purple',
  LOW_VARIATION: 'purple',
  PAN: 'cyan',
  DESCRIBE: 'gold',
  BLEND: 'lime',
  UPLOAD: 'blue',
  SHORTEN: 'magenta',
  REROLL: 'geekblue',
  INPAINT: 'volcano',
  ZOOM: 'cyan',
  CUSTOM_ZOOM: 'cyan',
  MODAL: 'green',
  SWAP_FACE: 'green',
};

/** The translation key and colour of a drawing action; anything else is `unknown`. */
export function drawingActionInfo(action: string): { key: string; color: string } {
  return (DrawingActions as readonly string[]).includes(action) ? { key: action, color: actionColors[action as (typeof DrawingActions)[number]] } : { key: 'unknown', color: 'default' };
}

/** The key and colour of a submit result code: 1 submitted, 21 waiting, 22 duplicate, 0 not submitted, others unknown. */
export function submitCodeInfo(code: number): { key: string; color: string } {
  if (code === 1) return { key: 'submitted', color: 'green' };
  if (code === 21) return { key: 'waiting', color: 'lime' };
  if (code === 22) return { key: 'duplicate', color: 'orange' };
  if (code === 0) return { key: 'notSubmitted', color: 'gold' };
  return { key: 'unknown', color: 'default' };
}

const statusColors: Record<string, string> = { SUCCESS: 'green', NOT_START: 'default', SUBMITTED: 'gold', IN_PROGRESS: 'blue', FAILURE: 'red', MODAL: 'gold', QUEUED: 'orange', UNKNOWN: 'default', '': 'default' };

/** The key and colour of a drawing status; anything else is `unknown`. */
export function drawingStatusInfo(status: string): { key: string; color: string } {
  return (DrawingStatuses as readonly string[]).includes(status) ? { key: status, color: statusColors[status] ?? 'default' } : { key: 'unknown', color: 'default' };
}

/** The key and colour of a creative task status; '' is `submitting`, anything else `unknown`. */
export function taskStatusInfo(status: string): { key: string; color: string } {
  if (status === '') return { key: 'submitting', color: 'default' };
  return (CreativeTaskStatuses as readonly string[]).includes(status) ? { key: status, color: statusColors[status] ?? 'default' } : { key: 'unknown', color: 'default' };
}

/** The percent of a progress text such as `45%` (0 when unreadable, at most 100). */
export function progressPercent(progress: string): number {
  const value = Number.parseFloat(progress.replace('%', ''));
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** True when showing `page` (1-based) of `pageSize` rows needs rows beyond the `loaded` ones, and the server has more. */
export function needsNextPage(page: number, pageSize: number, loaded: number, total: number): boolean {
  return page * pageSize > loaded && loaded < total;
}

/** Rows the table pages over: the loaded ones, plus one more page while the server has more (so it can be reached). */
export function reachableRows(loaded: number, total: number, pageSize: number): number {
  return loaded < total ? Math.min(total, loaded + pageSize) : loaded;
}

const platformColors: Record<string, string> = { suno: 'green', sora: 'geekblue', veo: 'blue', kling: 'purple' };

/** The translation key and colour of a task platform; anything else is `unknown`. */
export function taskPlatformInfo(platform: string): { key: string; color: string } {
  const color = platformColors[platform];
  return color ? { key: platform, color } : { key: 'unknown', color: 'default' };
}

/** The task actions the log names (Suno's and the video actions); anything else is `unknown`. */
const taskActionColors: Record<string, string> = { MUSIC: 'blue', LYRICS: 'purple', textGenerate: 'cyan', generate: 'geekblue', remixGenerate: 'magenta' };

/** The translation key and colour of a task action. */
export function taskActionInfo(action: string): { key: string; color: string } {
  const color = taskActionColors[action];
  return color ? { key: action, color } : { key: 'unknown', color: 'default' };
}

/** The gateway path a finished video of the signed-in owner plays from (its content route), or null. */
export function videoResultPath(task: { platform: string; status: string; task_id: string; user_id: number }, userId: number | undefined): string | null {
  if (!(task.platform in platformColors) || task.platform === 'suno' || task.status !== 'SUCCESS' || task.user_id !== userId || !task.task_id) return null;
  return `/v1/videos/${encodeURIComponent(task.task_id)}/content`;
}
