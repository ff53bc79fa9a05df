// The drawing log (`/api/mj/`) and task log (`/api/task/`): item shapes, query schemas and the spec's status words.
import { z } from 'zod';

/** Drawing actions the console names (spec 001 §4); any other shows as unknown. */
export const DrawingActions = ['IMAGINE', 'UPSCALE', 'VARIATION', 'HIGH_VARIATION', 'LOW_VARIATION', 'PAN', 'DESCRIBE', 'BLEND', 'UPLOAD', 'SHORTEN', 'REROLL', 'INPAINT', 'ZOOM', 'CUSTOM_ZOOM', 'MODAL', 'SWAP_FACE'] as const;
/** Drawing task statuses (spec 001 §4). */
export const DrawingStatuses = ['NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'SUCCESS', 'FAILURE', 'MODAL'] as const;
/** Submit result codes: 1 submitted, 21 waiting, 22 duplicate submission, 0 not submitted. */
export const DrawingSubmitCodes = [1, 21, 22, 0] as const;
/** Creative task statuses (spec 001 §4); '' is shown as submitting. */
export const CreativeTaskStatuses = ['SUCCESS', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'QUEUED', 'UNKNOWN', ''] as const;
/** Creative task actions and platforms. */
export const CreativeTaskActions = ['MUSIC', 'LYRICS'] as const;
/** Above this many seconds a drawing or task's time spent shows red (spec 001 §9). */
export const TaskSlowSeconds = 60;

/** One drawing log item (spec 001 §3); times in milliseconds. Channel, code and status are 0/'' in the self list. */
export interface DrawingLogItem {
  id: number;
  user_id: number;
  created_at: number;
  submit_time: number;
  start_time: number;
  finish_time: number;
  channel_id: number;
  action: string;
  mj_id: string;
  code: number;
  status: string;
  /** Percent text, e.g. `45%`. */
  progress: string;
  image_url: string;
  prompt: string;
  prompt_en: string;
  description: string;
  fail_reason: string;
  quota: number;
}

/** One task log item (spec 001 §3); times in seconds. Channel is 0 in the self list. */
export interface TaskLogItem {
  id: number;
  user_id: number;
  created_at: number;
  updated_at: number;
  submit_time: number;
  start_time: number;
  finish_time: number;
  channel_id: number;
  platform: string;
  action: string;
  task_id: string;
  status: string;
  progress: string;
  fail_reason: string;
  quota: number;
  /** The result as JSON text. */
  data: string;
}

const optionalNumber = z.preprocess((value) => (value === '' || value === undefined ? undefined : value), z.coerce.number().int().nonnegative().optional()).catch(undefined);
const optionalText = z.string().trim().max(191).optional().catch(undefined);

/** `GET /api/mj/` and `/api/mj/self/` query: page, channel (admin only), task id and times in milliseconds. */
export const drawingLogQuerySchema = z.object({
  p: optionalNumber,
  page_size: optionalNumber,
  channel_id: optionalNumber,
  mj_id: optionalText,
  start_timestamp: optionalNumber,
  end_timestamp: optionalNumber,
});

/** `GET /api/task/` and `/api/task/self` query: page, channel (admin only), task id and times in seconds. */
export const taskLogQuerySchema = z.object({
  p: optionalNumber,
  page_size: optionalNumber,
  channel_id: optionalNumber,
  task_id: optionalText,
  start_timestamp: optionalNumber,
  end_timestamp: optionalNumber,
});

export type DrawingLogQuery = z.infer<typeof drawingLogQuerySchema>;
export type TaskLogQuery = z.infer<typeof taskLogQuerySchema>;

/** Name prefixes of the video models whose price is per second of video (Sora, Veo, Kling; issue 28). */
export const videoModelPrefixes: readonly string[] = ['sora-', 'veo-', 'kling-'];

/** True when `model` is priced per second of video (its per-call price is charged once per generated second). */
export function isVideoModelName(model: string): boolean {
  return videoModelPrefixes.some((prefix) => model.startsWith(prefix));
}
