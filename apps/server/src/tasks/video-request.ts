// The caller's video request, read once from the inbound body: OpenAI's `/v1/videos` (JSON or multipart),
// new-api's older `/v1/video/generations` (`duration`, `image`), and Kling's native fields.
import type { VideoAction, VideoReference } from '@turnpike/providers';
import { readMultipart } from './video-multipart';

/** What the gateway needs of a video request before it knows the channel. */
export interface InboundVideo {
  model: string;
  prompt: string;
  /** Requested seconds, 0 when not given. */
  seconds: number;
  size: string;
  reference: VideoReference | null;
  extra: Record<string, unknown>;
}

/** Fields read into InboundVideo (the rest pass to the family as `extra`). */
const ownFields = new Set(['model', 'model_name', 'prompt', 'seconds', 'duration', 'size', 'input_reference', 'image', 'images']);

function secondsOf(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : 0;
  return Number.isFinite(number) && number > 0 ? Math.ceil(number) : 0;
}

function referenceOf(value: unknown): VideoReference | null {
  if (typeof value === 'string' && value.trim()) return { kind: 'url', url: value.trim() };
  if (Array.isArray(value)) return referenceOf(value[0]);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return referenceOf(object.image_url ?? object.url);
  }
  return null;
}

/** Reads a request body (parsed JSON object, or the raw multipart bytes); a string is the reason it cannot be read. */
export function readInboundVideo(body: unknown, contentType: string | undefined, defaultModel: string): InboundVideo | string {
  let fields: Record<string, unknown>;
  let reference: VideoReference | null = null;
  if (Buffer.isBuffer(body)) {
    const multipart = readMultipart(contentType, body);
    if (!multipart) return 'the multipart body has no boundary';
    fields = multipart.fields;
    const file = multipart.files.input_reference ?? multipart.files.image;
    if (file) reference = { kind: 'bytes', data: file.data, mimeType: file.mimeType, fileName: file.fileName || 'reference' };
  } else if (body && typeof body === 'object' && !Array.isArray(body)) {
    fields = body as Record<string, unknown>;
  } else {
    return 'the request body must be a JSON object or multipart form';
  }
  const prompt = typeof fields.prompt === 'string' ? fields.prompt.trim() : '';
  if (!prompt) return 'field prompt is required';
  reference ??= referenceOf(fields.input_reference ?? fields.image ?? fields.images);
  const model = typeof fields.model === 'string' && fields.model.trim() ? fields.model.trim() : typeof fields.model_name === 'string' && fields.model_name.trim() ? fields.model_name.trim() : defaultModel;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (!ownFields.has(key)) extra[key] = value;
  return { model, prompt, seconds: secondsOf(fields.seconds ?? fields.duration), size: typeof fields.size === 'string' ? fields.size.trim() : '', reference, extra };
}

/** The action of a new video: with a reference image it is `generate`, else `textGenerate` (new-api's names). */
export function generateAction(video: InboundVideo): VideoAction {
  return video.reference ? 'generate' : 'textGenerate';
}
