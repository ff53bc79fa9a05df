// Submits a video through the task lifecycle: the family of the model's channels decides the default length and the
// billing units (reserved at submit for the requested length, settled on the accepted one); each channel gets the
// request in its own family's shape; the task is stored under a gateway id (`video_…`).
import crypto from 'node:crypto';
import { findVideoProtocol, type TaskSubmitReading, type VideoAction, type VideoProtocol, type VideoRequest } from '@turnpike/providers';
import { resolveMappedModel } from '@turnpike/relay';
import type { TaskRow } from '../db/schema';
import type { RelayCaller } from '../relay/relay-caller';
import { RelayError } from '../relay/relay-error';
import type { RelayServices } from '../relay/relay-services';
import type { ChannelRoute } from '../relay/routing-table';
import type { TaskStore } from './task-store';
import { candidatesFor, submitTask, SubmitRefusal, type SubmitOutcome } from './task-submit';
import type { InboundVideo } from './video-request';
import { videoTarget } from './video-target';

/** What a video task keeps in its `properties`. */
export interface VideoProperties {
  seconds: number;
  size: string;
  remixed_from: string;
}

/** The stored properties of a video task. */
export function videoProperties(task: Pick<TaskRow, 'properties'>): VideoProperties {
  try {
    const value = JSON.parse(task.properties) as Partial<VideoProperties>;
    return { seconds: Number(value.seconds) || 0, size: typeof value.size === 'string' ? value.size : '', remixed_from: typeof value.remixed_from === 'string' ? value.remixed_from : '' };
  } catch {
    return { seconds: 0, size: '', remixed_from: '' };
  }
}

/** A new gateway id of a video. */
export function newVideoId(): string {
  return `video_${crypto.randomBytes(12).toString('hex')}`;
}

/** One video to submit. */
export interface VideoSubmission {
  caller: RelayCaller;
  video: InboundVideo;
  action: VideoAction;
  /** The task a remix starts from (its channel is used), or null. */
  origin: TaskRow | null;
  requestId: string;
  ip: string;
}

/** The family of the first channel that can take the model, or a RelayError. */
function familyOf(services: RelayServices, submission: VideoSubmission, channel: ChannelRoute | null): VideoProtocol {
  for (const candidate of candidatesFor(services, { caller: submission.caller, model: submission.video.model, channel })) {
    const protocol = findVideoProtocol(candidate.type);
    if (protocol) return protocol;
  }
  throw new RelayError(503, `no available channel for model ${submission.video.model} under group ${submission.caller.usingGroup}`, 'server_error', 'model_not_found');
}

/** Submits the video; the outcome's reading carries the stored task's public id in `taskId`. */
export async function submitVideo(services: RelayServices, store: TaskStore, submission: VideoSubmission): Promise<SubmitOutcome & { publicId: string; seconds: number }> {
  const { video, origin } = submission;
  const channel = origin ? (services.routing.channel(origin.channel_id) ?? null) : null;
  if (origin && !channel) throw new RelayError(400, 'the channel of the original video is gone', 'invalid_request_error', 'origin_channel_gone');
  const family = familyOf(services, submission, channel);
  const seconds = origin ? videoProperties(origin).seconds || family.defaultSeconds : video.seconds || family.defaultSeconds;
  const size = origin ? videoProperties(origin).size : video.size;
  const publicId = newVideoId();
  const base: Omit<VideoRequest, 'model'> = { action: submission.action, prompt: video.prompt, seconds, size, reference: video.reference, remixOf: origin ? origin.upstream_task_id || origin.task_id : '', extra: video.extra };
  const outcome = await submitTask(services, store, {
    upstream: {
      platform: family.platform,
      async build(target: ChannelRoute) {
        const protocol = findVideoProtocol(target.type);
        if (!protocol || protocol.platform !== family.platform) throw new SubmitRefusal(`channel #${target.id} does not generate ${family.platform} videos`);
        const mapped = target.modelMapping ? resolveMappedModel(video.model, target.modelMapping) : null;
        const model = mapped && mapped.ok ? mapped.upstreamModel : video.model;
        try {
          return protocol.submitRequest(await videoTarget(services.credentials, target), { ...base, model });
        } catch (error) {
          throw new SubmitRefusal((error as Error).message);
        }
      },
      read(status: number, body: unknown): TaskSubmitReading {
        const reading = family.readSubmit(status, body, { ...base, model: video.model });
        const accepted = reading.accepted ? reading.seconds || seconds : 0;
        return {
          accepted: reading.accepted,
          taskId: reading.upstreamId,
          code: reading.accepted ? 1 : 0,
          description: reading.message,
          update: { status: 'SUBMITTED', properties: JSON.stringify({ seconds: accepted, size, remixed_from: origin?.task_id ?? '' } satisfies VideoProperties) },
          answer: body,
          units: reading.accepted ? family.billingUnits({ ...base, model: video.model }, accepted) : undefined,
        };
      },
    },
    caller: submission.caller,
    model: video.model,
    action: submission.action,
    prompt: video.prompt,
    channel,
    billed: true,
    notifyHook: '',
    requestId: submission.requestId,
    ip: submission.ip,
    units: family.billingUnits({ ...base, model: video.model }, seconds),
    publicId,
    properties: JSON.stringify({ seconds, size, remixed_from: origin?.task_id ?? '' } satisfies VideoProperties),
  });
  return { ...outcome, publicId, seconds };
}
