// How the poll job asks one channel about tasks of one platform: the registry entry per platform. Midjourney and
// Suno ask for up to 100 tasks in one request through their channel type's task protocol; every video family asks
// for one task at a time through the video protocol of the channel's type.
import { findTaskProtocol, findVideoProtocol, type TaskUpdate } from '@turnpike/providers';
import type { TaskRow } from '../db/schema';
import type { CredentialCache } from '../relay/credential-cache';
import type { ChannelRoute } from '../relay/routing-table';
import { videoTarget } from './video-target';

/** What a poll says of one task: its state, and whichever other columns the platform reports. */
export type PolledUpdate = Pick<TaskUpdate, 'taskId' | 'status' | 'progress' | 'failReason'> & Partial<TaskUpdate>;

/** One poll request. */
export interface PollRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** How tasks of one platform on one channel are polled. */
export interface PollPlan {
  /** Tasks asked in one request. */
  batchSize: number;
  request(tasks: readonly TaskRow[]): Promise<PollRequest>;
  /** The updates in an answer; throws when the answer is not the platform's shape. */
  read(body: unknown, tasks: readonly TaskRow[]): PolledUpdate[];
}

/** The id the upstream knows a task by. */
export function upstreamIdOf(task: Pick<TaskRow, 'task_id' | 'upstream_task_id'>): string {
  return task.upstream_task_id || task.task_id;
}

/** The video platforms (tasks answered with the gateway's own id). */
export const videoPlatforms: ReadonlySet<string> = new Set(['sora', 'veo', 'kling']);

/** The poll plan of a platform on a channel, or undefined when the channel's type cannot poll it. */
export function pollPlanFor(platform: string, channel: ChannelRoute, credentials: CredentialCache): PollPlan | undefined {
  if (videoPlatforms.has(platform)) {
    const video = findVideoProtocol(channel.type);
    if (!video || video.platform !== platform) return undefined;
    return {
      batchSize: 1,
      request: async ([task]) => video.pollRequest(await videoTarget(credentials, channel), { upstreamId: upstreamIdOf(task), model: task.model_name, action: task.action }),
      read: (body, [task]) => [video.readPoll(body, upstreamIdOf(task))],
    };
  }
  const protocol = findTaskProtocol(channel.type);
  if (!protocol || protocol.platform !== platform) return undefined;
  return {
    batchSize: 100,
    request: async (tasks) => protocol.pollRequest(channel.baseUrl, channel.key, tasks.map(upstreamIdOf)),
    read: (body) => protocol.readPoll(body),
  };
}
