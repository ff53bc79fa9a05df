// OpenAI Sora through the Videos API, on OpenAI channels (type 1, `Authorization: Bearer`) and Azure OpenAI (type 3,
// `{endpoint}/openai/v1/videos` with `api-key`): `POST /v1/videos` (JSON, or multipart with an `input_reference`
// upload), `POST /v1/videos/{id}/remix`, `GET /v1/videos/{id}`, `GET /v1/videos/{id}/content`.
// @see https://platform.openai.com/docs/api-reference/videos
import { asObject, textField, numberField } from '../task-protocol';
import { multipartBody } from '../video/video-multipart';
import { baseOf, percent, videoUpdate, type VideoProtocol, type VideoTarget, type VideoUpstreamRequest } from '../video/video-protocol';

/** Channel type of Azure OpenAI (its videos live under `/openai/v1`). */
const azureType = 3;
/** Sizes billed at new-api's 1.666667 ratio (the larger Sora 2 Pro frames). */
const largeSizes = new Set(['1792x1024', '1024x1792']);

function apiBase(target: VideoTarget): string {
  const { channel } = target;
  return channel.type === azureType ? `${baseOf(channel, '')}/openai/v1` : `${baseOf(channel, 'https://api.openai.com')}/v1`;
}

function auth(target: VideoTarget): Record<string, string> {
  return target.channel.type === azureType ? { 'api-key': target.channel.key } : { authorization: `Bearer ${target.channel.key}` };
}

function get(target: VideoTarget, path: string, accept: string): VideoUpstreamRequest {
  return { url: `${apiBase(target)}${path}`, method: 'GET', headers: { ...auth(target), accept }, body: null };
}

/** Sora's statuses, read case-insensitively with the synonyms relays answer (new-api's list). */
const statuses: Readonly<Record<string, string>> = {
  queued: 'QUEUED', pending: 'QUEUED', submitted: 'SUBMITTED', not_start: 'SUBMITTED', preparing: 'QUEUED', unknown: 'SUBMITTED', created: 'SUBMITTED', starting: 'QUEUED',
  processing: 'IN_PROGRESS', in_progress: 'IN_PROGRESS', running: 'IN_PROGRESS', generating: 'IN_PROGRESS',
  completed: 'SUCCESS', complete: 'SUCCESS', success: 'SUCCESS', succeeded: 'SUCCESS', finished: 'SUCCESS',
  failed: 'FAILURE', failure: 'FAILURE', fail: 'FAILURE', error: 'FAILURE', cancelled: 'FAILURE', canceled: 'FAILURE',
};

/** The OpenAI Videos API protocol (Sora). */
export const soraVideoProtocol: VideoProtocol = {
  platform: 'sora',
  defaultSeconds: 4,
  billingUnits: (request, seconds) => seconds * (largeSizes.has(request.size) ? 1.666667 : 1),
  submitRequest(target, request) {
    const base = apiBase(target);
    if (request.action === 'remixGenerate') {
      return { url: `${base}/videos/${encodeURIComponent(request.remixOf)}/remix`, method: 'POST', headers: { ...auth(target), 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ prompt: request.prompt }) };
    }
    const fields: Record<string, string> = { model: request.model, prompt: request.prompt };
    if (request.seconds > 0) fields.seconds = String(request.seconds);
    if (request.size) fields.size = request.size;
    const url = `${base}/videos`;
    if (request.reference?.kind === 'bytes') {
      const { contentType, body } = multipartBody(fields, { name: 'input_reference', fileName: request.reference.fileName, mimeType: request.reference.mimeType, data: request.reference.data });
      return { url, method: 'POST', headers: { ...auth(target), 'content-type': contentType, accept: 'application/json' }, body };
    }
    const json: Record<string, unknown> = { ...fields };
    if (request.reference?.kind === 'url') json.input_reference = { image_url: request.reference.url };
    return { url, method: 'POST', headers: { ...auth(target), 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(json) };
  },
  readSubmit(status, body, request) {
    const answer = asObject(body);
    const id = answer ? textField(answer, 'id') || textField(answer, 'task_id') : '';
    if (status < 200 || status >= 300 || !answer || !id) {
      const error = answer ? asObject(answer.error) : null;
      return { accepted: false, upstreamId: '', seconds: 0, message: (error && textField(error, 'message')) || (answer && textField(answer, 'message')) || `upstream answered ${status}` };
    }
    return { accepted: true, upstreamId: id, seconds: numberField(answer, 'seconds') || request.seconds, message: '' };
  },
  pollRequest: (target, task) => get(target, `/videos/${encodeURIComponent(task.upstreamId)}`, 'application/json'),
  readPoll(body, upstreamId) {
    const answer = asObject(body);
    if (!answer || !textField(answer, 'status')) throw new Error('the video status answer has no status');
    const status = statuses[textField(answer, 'status').trim().toLowerCase()] ?? 'IN_PROGRESS';
    const progress = numberField(answer, 'progress');
    const error = asObject(answer.error);
    return videoUpdate(upstreamId, {
      status,
      progress: status === 'SUCCESS' || status === 'FAILURE' ? '100%' : percent(progress),
      failReason: status === 'FAILURE' ? (error && textField(error, 'message')) || 'task failed' : '',
    });
  },
  content: (target, task) => ({ request: get(target, `/videos/${encodeURIComponent(task.upstreamId)}/content`, 'video/mp4, */*') }),
};
