// What callers see of a video task: OpenAI's video object (`/v1/videos`, `/v1/video/generations`) and Kling's task
// shape (`/kling/v1/videos/...`). Results are always the gateway's content URL, never the upstream's.
import { klingKind } from '@turnpike/providers';
import type { TaskRow } from '../db/schema';
import { videoProperties } from './video-submit';

/** OpenAI's video status of a task status. */
export function openAiVideoStatus(status: string): 'queued' | 'in_progress' | 'completed' | 'failed' {
  if (status === 'SUCCESS') return 'completed';
  if (status === 'FAILURE') return 'failed';
  if (status === 'IN_PROGRESS') return 'in_progress';
  return 'queued';
}

function progressNumber(progress: string): number {
  const value = Number.parseInt(progress, 10);
  return Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : 0;
}

/** The gateway URL the finished file is downloaded from. */
export function videoContentUrl(address: string, task: Pick<TaskRow, 'task_id'>): string {
  return `${address.replace(/\/+$/, '')}/v1/videos/${encodeURIComponent(task.task_id)}/content`;
}

/** A task as OpenAI's video object (times in seconds). */
export function openAiVideoView(task: TaskRow): Record<string, unknown> {
  const properties = videoProperties(task);
  const status = openAiVideoStatus(task.status);
  return {
    id: task.task_id,
    object: 'video',
    model: task.model_name,
    status,
    progress: status === 'completed' || status === 'failed' ? 100 : progressNumber(task.progress),
    created_at: Math.floor(task.submit_time / 1000),
    completed_at: status === 'completed' ? Math.floor(task.finish_time / 1000) : null,
    expires_at: null,
    seconds: String(properties.seconds),
    size: properties.size,
    remixed_from_video_id: properties.remixed_from || null,
    error: status === 'failed' ? { code: 'video_generation_failed', message: task.fail_reason || 'task failed' } : null,
  };
}

const klingStatuses: Readonly<Record<string, string>> = { SUCCESS: 'succeed', FAILURE: 'failed', IN_PROGRESS: 'processing' };

/** A task as Kling answers its task query (times in milliseconds). */
export function klingVideoView(task: TaskRow, contentUrl: string): Record<string, unknown> {
  const status = klingStatuses[task.status] ?? 'submitted';
  return {
    code: 0,
    message: 'SUCCEED',
    request_id: task.task_id,
    data: {
      task_id: task.task_id,
      task_status: status,
      task_status_msg: task.status === 'FAILURE' ? task.fail_reason : '',
      created_at: task.submit_time,
      updated_at: task.updated_at,
      task_result: status === 'succeed' ? { videos: [{ id: task.task_id, url: contentUrl, duration: String(videoProperties(task).seconds) }] } : { videos: [] },
    },
  };
}

/** The Kling endpoint kind of a task, for the paths Kling clients poll. */
export function klingPathKind(task: Pick<TaskRow, 'action'>): string {
  return klingKind(task.action);
}
