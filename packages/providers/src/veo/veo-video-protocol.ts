// Google Veo as a long-running operation, on Gemini channels (type 24: `POST /v1beta/models/{model}:predictLongRunning`
// with `x-goog-api-key`, polled with `GET /v1beta/{operation}`) and Vertex AI (type 41: the publisher model's
// `:predictLongRunning`, polled with `:fetchPredictOperation`, bearer token from the service account).
// @see https://ai.google.dev/gemini-api/docs/video
// @see https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/veo-video-generation
import { asObject, textField } from '../task-protocol';
import { apiBase as vertexApiBase } from '../vertex/vertex-adaptor';
import { vertexRegion } from '../vertex/vertex-region';
import { parseVertexServiceAccount } from '../vertex/vertex-service-account';
import { baseOf, videoUpdate, type VideoContentSource, type VideoPollUpdate, type VideoProtocol, type VideoRequest, type VideoTarget, type VideoUpstreamRequest } from '../video/video-protocol';

/** Channel type of Vertex AI. */
const vertexType = 41;
const geminiDefaultBase = 'https://generativelanguage.googleapis.com';

const segment = (value: string): string => encodeURIComponent(value).replace(/%40/g, '@');

/** The Vertex publisher model root: `…/projects/{p}/locations/{r}/publishers/google/models/{model}`. */
function vertexModelUrl(target: VideoTarget, model: string): string {
  const account = parseVertexServiceAccount(target.channel.key);
  const region = vertexRegion(target.channel.other, model);
  return `${vertexApiBase(target.channel, region)}/projects/${segment(account.projectId)}/locations/${region}/publishers/google/models/${segment(model)}`;
}

function vertexHeaders(target: VideoTarget): Record<string, string> {
  if (!target.accessToken) throw new Error('Vertex AI: no access token; the service-account token exchange must run first');
  return { authorization: `Bearer ${target.accessToken}`, 'content-type': 'application/json', accept: 'application/json' };
}

function geminiHeaders(target: VideoTarget): Record<string, string> {
  return { 'x-goog-api-key': target.channel.key, 'content-type': 'application/json', accept: 'application/json' };
}

/** Veo's parameters from an OpenAI-style request: the length, and aspect ratio and resolution from `WIDTHxHEIGHT`. */
function parameters(request: VideoRequest, seconds: number): Record<string, unknown> {
  const result: Record<string, unknown> = { durationSeconds: seconds };
  const match = /^(\d+)x(\d+)$/.exec(request.size);
  if (match) {
    const [width, height] = [Number(match[1]), Number(match[2])];
    result.aspectRatio = width >= height ? '16:9' : '9:16';
    result.resolution = Math.max(width, height) >= 1920 ? '1080p' : '720p';
  }
  for (const key of ['negativePrompt', 'personGeneration', 'sampleCount', 'seed', 'generateAudio']) if (request.extra[key] !== undefined) result[key] = request.extra[key];
  return result;
}

/** The model named inside an operation name (`…/models/{model}/operations/{id}`). */
function operationModel(name: string): string {
  return /\/models\/([^/]+)\/operations\//.exec(name)?.[1] ?? '';
}

/** A sample of the finished operation: its URI (Gemini, or Vertex with a storage bucket) or its inline bytes. */
function firstSample(response: Record<string, unknown> | null): { uri: string; inline: boolean } | null {
  if (!response) return null;
  const generated = asObject(response.generateVideoResponse);
  const samples = generated && Array.isArray(generated.generatedSamples) ? generated.generatedSamples : Array.isArray(response.videos) ? response.videos : [];
  const sample = asObject(samples[0]);
  if (!sample) return null;
  const video = asObject(sample.video) ?? sample;
  const uri = textField(video, 'uri') || textField(video, 'gcsUri');
  if (uri) return { uri, inline: false };
  return textField(video, 'bytesBase64Encoded') ? { uri: '', inline: true } : null;
}

/** Why a finished operation has no video (its error, or the safety filter's reasons). */
function failureOf(answer: Record<string, unknown>): string {
  const error = asObject(answer.error);
  if (error) return textField(error, 'message') || 'the operation failed';
  const response = asObject(answer.response);
  const generated = response ? asObject(response.generateVideoResponse) : null;
  const reasons = generated?.raiMediaFilteredReasons ?? response?.raiMediaFilteredReasons;
  if (Array.isArray(reasons) && reasons.length > 0) return reasons.map(String).join('; ');
  return 'the operation finished without a video';
}

/** Inline bytes of Vertex's finished operation. */
function inlineVideo(body: unknown): { data: Uint8Array; mimeType: string } | null {
  const response = asObject(asObject(body)?.response);
  const videos = response && Array.isArray(response.videos) ? response.videos : [];
  const video = asObject(videos[0]);
  const encoded = video ? textField(video, 'bytesBase64Encoded') : '';
  return video && encoded ? { data: Buffer.from(encoded, 'base64'), mimeType: textField(video, 'mimeType') || 'video/mp4' } : null;
}

function pollOf(target: VideoTarget, upstreamId: string, model: string): VideoUpstreamRequest {
  if (target.channel.type === vertexType) {
    return { url: `${vertexModelUrl(target, operationModel(upstreamId) || model)}:fetchPredictOperation`, method: 'POST', headers: vertexHeaders(target), body: JSON.stringify({ operationName: upstreamId }) };
  }
  return { url: `${baseOf(target.channel, geminiDefaultBase)}/v1beta/${upstreamId.split('/').map(segment).join('/')}`, method: 'GET', headers: geminiHeaders(target), body: null };
}

/** The Veo protocol (Gemini API and Vertex AI). */
export const veoVideoProtocol: VideoProtocol = {
  platform: 'veo',
  defaultSeconds: 8,
  billingUnits: (_request, seconds) => seconds,
  submitRequest(target, request) {
    if (request.action === 'remixGenerate') throw new Error('Veo cannot remix a video');
    const instance: Record<string, unknown> = { prompt: request.prompt };
    const { reference } = request;
    if (reference?.kind === 'bytes') instance.image = { bytesBase64Encoded: Buffer.from(reference.data).toString('base64'), mimeType: reference.mimeType };
    else if (reference?.kind === 'url') {
      const data = /^data:([^;,]+);base64,(.*)$/s.exec(reference.url);
      if (!data) throw new Error('Veo takes the reference image as an upload or a data URL');
      instance.image = { bytesBase64Encoded: data[2], mimeType: data[1] };
    }
    const body = JSON.stringify({ instances: [instance], parameters: parameters(request, request.seconds || 8) });
    if (target.channel.type === vertexType) return { url: `${vertexModelUrl(target, request.model)}:predictLongRunning`, method: 'POST', headers: vertexHeaders(target), body };
    return { url: `${baseOf(target.channel, geminiDefaultBase)}/v1beta/models/${segment(request.model)}:predictLongRunning`, method: 'POST', headers: geminiHeaders(target), body };
  },
  readSubmit(status, body, request) {
    const answer = asObject(body);
    const name = answer ? textField(answer, 'name') : '';
    if (status < 200 || status >= 300 || !answer || !name) {
      const error = answer ? asObject(answer.error) : null;
      return { accepted: false, upstreamId: '', seconds: 0, message: (error && textField(error, 'message')) || `upstream answered ${status}` };
    }
    return { accepted: true, upstreamId: name, seconds: request.seconds || 8, message: '' };
  },
  pollRequest: (target, task) => pollOf(target, task.upstreamId, task.model),
  readPoll(body, upstreamId): VideoPollUpdate {
    const answer = asObject(body);
    if (!answer || (!textField(answer, 'name') && answer.done === undefined)) throw new Error('the operation answer is not an operation');
    if (answer.done !== true) return videoUpdate(upstreamId, { status: 'IN_PROGRESS', progress: '50%' });
    const sample = firstSample(asObject(answer.response));
    if (answer.error || !sample) return videoUpdate(upstreamId, { status: 'FAILURE', progress: '100%', failReason: failureOf(answer) });
    return videoUpdate(upstreamId, { status: 'SUCCESS', progress: '100%', imageUrl: sample.uri });
  },
  content(target, task, resultUrl): VideoContentSource {
    if (!resultUrl) return { request: pollOf(target, task.upstreamId, task.model), inline: inlineVideo };
    if (target.channel.type === vertexType) {
      const gcs = /^gs:\/\/([^/]+)\/(.+)$/.exec(resultUrl);
      const url = gcs ? `https://storage.googleapis.com/${gcs[1]}/${gcs[2].split('/').map(segment).join('/')}` : resultUrl;
      return { request: { url, method: 'GET', headers: { authorization: vertexHeaders(target).authorization }, body: null } };
    }
    return { request: { url: resultUrl, method: 'GET', headers: { 'x-goog-api-key': target.channel.key }, body: null } };
  },
};
