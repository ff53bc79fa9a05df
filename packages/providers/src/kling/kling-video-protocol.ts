// Kling's native video API: `POST /v1/videos/{text2video,image2video}` answers `{code: 0, data: {task_id}}`;
// `GET /v1/videos/{kind}/{task_id}` answers the task with `task_status` (submitted, processing, succeed, failed)
// and, once it succeeded, `task_result.videos[].url`.
// @see https://app.klingai.com/global/dev/document-api/apiReference/model/textToVideo
import { asObject, textField } from '../task-protocol';
import { baseOf, videoUpdate, type VideoPollUpdate, type VideoProtocol, type VideoRequest, type VideoTarget } from '../video/video-protocol';
import { klingDescriptor } from './kling-descriptor';
import { klingToken } from './kling-jwt';

/** Kling's endpoint of an action: image2video when a reference image is given, else text2video. */
export function klingKind(action: string): 'image2video' | 'text2video' {
  return action === 'generate' ? 'image2video' : 'text2video';
}

/** The fields of Kling's request that pass through from the caller. */
const passThrough = ['negative_prompt', 'cfg_scale', 'mode', 'camera_control', 'image_tail', 'static_mask', 'dynamic_masks', 'callback_url', 'external_task_id'];

function headers(target: VideoTarget, json: boolean): Record<string, string> {
  return { authorization: `Bearer ${klingToken(target.channel.key, target.nowSeconds)}`, accept: 'application/json', ...(json ? { 'content-type': 'application/json' } : {}) };
}

/** Kling's aspect ratio from `WIDTHxHEIGHT` (or the caller's own `aspect_ratio`). */
function aspectRatio(request: VideoRequest): string | undefined {
  if (typeof request.extra.aspect_ratio === 'string') return request.extra.aspect_ratio;
  const match = /^(\d+)x(\d+)$/.exec(request.size);
  if (!match) return undefined;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return width === height ? '1:1' : width > height ? '16:9' : '9:16';
}

const statuses: Readonly<Record<string, string>> = { submitted: 'SUBMITTED', processing: 'IN_PROGRESS', succeed: 'SUCCESS', failed: 'FAILURE' };

/** The Kling protocol (channel type 50). */
export const klingVideoProtocol: VideoProtocol = {
  platform: 'kling',
  defaultSeconds: 5,
  billingUnits: (_request, seconds) => seconds,
  submitRequest(target, request) {
    if (request.action === 'remixGenerate') throw new Error('Kling cannot remix a video');
    const body: Record<string, unknown> = { model_name: request.model, prompt: request.prompt, duration: String(request.seconds || 5) };
    const ratio = aspectRatio(request);
    if (ratio) body.aspect_ratio = ratio;
    for (const key of passThrough) if (request.extra[key] !== undefined) body[key] = request.extra[key];
    const { reference } = request;
    // Kling takes the image as a URL or as bare base64 (no data: prefix).
    if (reference?.kind === 'bytes') body.image = Buffer.from(reference.data).toString('base64');
    else if (reference?.kind === 'url') body.image = reference.url.replace(/^data:[^;,]+;base64,/, '');
    const url = `${baseOf(target.channel, klingDescriptor.defaultBaseUrl)}/v1/videos/${klingKind(request.action)}`;
    return { url, method: 'POST', headers: headers(target, true), body: JSON.stringify(body) };
  },
  readSubmit(status, body, request) {
    const answer = asObject(body);
    const data = answer ? asObject(answer.data) : null;
    const taskId = data ? textField(data, 'task_id') : '';
    if (status < 200 || status >= 300 || !answer || answer.code !== 0 || !taskId) {
      return { accepted: false, upstreamId: '', seconds: 0, message: (answer && textField(answer, 'message')) || `upstream answered ${status}` };
    }
    return { accepted: true, upstreamId: taskId, seconds: request.seconds || 5, message: '' };
  },
  pollRequest: (target, task) => ({
    url: `${baseOf(target.channel, klingDescriptor.defaultBaseUrl)}/v1/videos/${klingKind(task.action)}/${encodeURIComponent(task.upstreamId)}`,
    method: 'GET',
    headers: headers(target, false),
    body: null,
  }),
  readPoll(body, upstreamId): VideoPollUpdate {
    const answer = asObject(body);
    const data = answer ? asObject(answer.data) : null;
    if (!answer || !data || answer.code !== 0) throw new Error(`Kling answered ${answer ? textField(answer, 'message') || 'an error' : 'no JSON object'}`);
    const status = statuses[textField(data, 'task_status')] ?? 'IN_PROGRESS';
    if (status === 'FAILURE') return videoUpdate(upstreamId, { status, progress: '100%', failReason: textField(data, 'task_status_msg') || 'task failed' });
    if (status !== 'SUCCESS') return videoUpdate(upstreamId, { status, progress: status === 'IN_PROGRESS' ? '50%' : '0%' });
    const result = asObject(data.task_result);
    const video = result && Array.isArray(result.videos) ? asObject(result.videos[0]) : null;
    const url = video ? textField(video, 'url') : '';
    if (!url) return videoUpdate(upstreamId, { status: 'FAILURE', progress: '100%', failReason: 'Kling finished the task without a video' });
    return videoUpdate(upstreamId, { status, progress: '100%', imageUrl: url });
  },
  content: (_target, _task, resultUrl) => ({ request: { url: resultUrl, method: 'GET', headers: { accept: 'video/mp4, */*' }, body: null } }),
};
