// What callers and the console see of a task: midjourney-proxy's task shape, Suno's, and the log items (spec 001 §3).
import type { DrawingLogItem, TaskLogItem } from '@turnpike/contract';
import type { TaskRow } from '../db/schema';

function parsed(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The image URL a caller sees: through the gateway's `/mj/image/{id}` when MjForwardUrlEnabled, else the upstream's. */
export function visibleImageUrl(task: TaskRow, forward: boolean, serverAddress: string): string {
  if (!task.image_url || !forward || !task.task_id) return task.image_url;
  return `${serverAddress.replace(/\/+$/, '')}/mj/image/${encodeURIComponent(task.task_id)}`;
}

/** A drawing task as midjourney-proxy answers `/mj/task/{id}/fetch` (times in milliseconds). */
export function midjourneyTaskView(task: TaskRow, imageUrl: string): Record<string, unknown> {
  return {
    id: task.task_id,
    action: task.action,
    prompt: task.prompt,
    promptEn: task.prompt_en,
    description: task.description,
    state: '',
    submitTime: task.submit_time,
    startTime: task.start_time,
    finishTime: task.finish_time,
    imageUrl,
    status: task.status,
    progress: task.progress,
    failReason: task.fail_reason,
    buttons: parsed(task.buttons) ?? [],
    properties: parsed(task.properties) ?? {},
  };
}

/** A Suno task as new-api answers `/suno/fetch` (times in seconds). */
export function sunoTaskView(task: TaskRow): Record<string, unknown> {
  return {
    task_id: task.task_id,
    action: task.action,
    status: task.status,
    fail_reason: task.fail_reason,
    submit_time: Math.floor(task.submit_time / 1000),
    start_time: Math.floor(task.start_time / 1000),
    finish_time: Math.floor(task.finish_time / 1000),
    progress: task.progress,
    data: parsed(task.data),
  };
}

/** A drawing log item (`/api/mj/`): times in milliseconds; channel, code and status are blanked for non-admins by the route. */
export function drawingLogItem(task: TaskRow, imageUrl: string): DrawingLogItem {
  return {
    id: task.id,
    user_id: task.user_id,
    created_at: task.created_at,
    submit_time: task.submit_time,
    start_time: task.start_time,
    finish_time: task.finish_time,
    channel_id: task.channel_id,
    action: task.action,
    mj_id: task.task_id,
    code: task.code,
    status: task.status,
    progress: task.progress,
    image_url: imageUrl,
    prompt: task.prompt,
    prompt_en: task.prompt_en,
    description: task.description,
    fail_reason: task.fail_reason,
    quota: task.quota,
  };
}

/** A task log item (`/api/task/`): times in seconds. */
export function taskLogItem(task: TaskRow): TaskLogItem {
  return {
    id: task.id,
    user_id: task.user_id,
    created_at: Math.floor(task.created_at / 1000),
    updated_at: Math.floor(task.updated_at / 1000),
    submit_time: Math.floor(task.submit_time / 1000),
    start_time: Math.floor(task.start_time / 1000),
    finish_time: Math.floor(task.finish_time / 1000),
    channel_id: task.channel_id,
    platform: task.platform,
    action: task.action,
    task_id: task.task_id,
    status: task.status,
    progress: task.progress,
    fail_reason: task.fail_reason,
    quota: task.quota,
    data: task.data,
  };
}
