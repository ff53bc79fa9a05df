// The three video families' request mapping, status mapping and result location, without I/O: Sora on OpenAI and
// Azure, Veo on Gemini and Vertex (the Vertex form has no emulation: its URLs and inline bytes are checked here),
// and Kling with its JWT.
import crypto, { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { klingToken } from '../kling/kling-jwt';
import { klingVideoProtocol } from '../kling/kling-video-protocol';
import type { AdaptorChannel } from '../provider-adaptor';
import { soraVideoProtocol } from '../sora/sora-video-protocol';
import { veoVideoProtocol } from '../veo/veo-video-protocol';
import type { VideoRequest, VideoTarget } from './video-protocol';

const request = (overrides: Partial<VideoRequest> = {}): VideoRequest => ({ action: 'textGenerate', model: 'm', prompt: 'a kite', seconds: 8, size: '1280x720', reference: null, remixOf: '', extra: {}, ...overrides });
const target = (channel: Partial<AdaptorChannel>, accessToken?: string): VideoTarget => ({ channel: { type: 1, key: 'k', baseUrl: '', organization: '', other: '', ...channel }, accessToken, nowSeconds: 1_800_000_000 });
const ref = { upstreamId: 'id-1', model: 'm', action: 'textGenerate' };

describe('Sora', () => {
  it('posts JSON to OpenAI and to Azure’s /openai/v1 with its api-key, remixes by upstream id, and prices large sizes higher', () => {
    const openAi = soraVideoProtocol.submitRequest(target({}), request({ model: 'sora-2' }));
    expect(openAi).toMatchObject({ url: 'https://api.openai.com/v1/videos', headers: { authorization: 'Bearer k' } });
    expect(JSON.parse(String(openAi.body))).toEqual({ model: 'sora-2', prompt: 'a kite', seconds: '8', size: '1280x720' });
    const azure = soraVideoProtocol.submitRequest(target({ type: 3, baseUrl: 'https://res.openai.azure.com/', key: 'az' }), request({ reference: { kind: 'bytes', data: Buffer.from('png'), mimeType: 'image/png', fileName: 'f.png' } }));
    expect(azure).toMatchObject({ url: 'https://res.openai.azure.com/openai/v1/videos', headers: { 'api-key': 'az' } });
    expect(Buffer.from(azure.body as Uint8Array).toString()).toContain('name="input_reference"; filename="f.png"');
    expect(soraVideoProtocol.submitRequest(target({}), request({ action: 'remixGenerate', remixOf: 'video_up' })).url).toBe('https://api.openai.com/v1/videos/video_up/remix');
    expect([soraVideoProtocol.billingUnits(request({ size: '1792x1024' }), 8), soraVideoProtocol.billingUnits(request(), 8)]).toEqual([8 * 1.666667, 8]);
  });

  it('reads submits and statuses with the relays’ synonyms', () => {
    expect(soraVideoProtocol.readSubmit(200, { id: 'video_1', seconds: '4' }, request())).toEqual({ accepted: true, upstreamId: 'video_1', seconds: 4, message: '' });
    expect(soraVideoProtocol.readSubmit(400, { error: { message: 'blocked' } }, request())).toMatchObject({ accepted: false, message: 'blocked' });
    expect(soraVideoProtocol.readPoll({ status: 'in_progress', progress: 37 }, 'v')).toEqual({ taskId: 'v', status: 'IN_PROGRESS', progress: '37%', failReason: '', imageUrl: '' });
    expect(soraVideoProtocol.readPoll({ status: 'Succeeded' }, 'v')).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    expect(soraVideoProtocol.readPoll({ status: 'failed', error: { message: 'moderation' } }, 'v')).toMatchObject({ status: 'FAILURE', failReason: 'moderation' });
    expect(() => soraVideoProtocol.readPoll({ object: 'video' }, 'v')).toThrow();
    expect(soraVideoProtocol.content(target({}), ref, '').request.url).toBe('https://api.openai.com/v1/videos/id-1/content');
  });
});

describe('Veo', () => {
  const privateKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const serviceAccount = JSON.stringify({ type: 'service_account', project_id: 'proj-1', private_key_id: 'kid', private_key: privateKeyPem, client_email: 'r@proj-1.iam.gserviceaccount.com', token_uri: 'https://oauth2.googleapis.com/token' });
  const vertex = target({ type: 41, key: serviceAccount, other: 'us-central1' }, 'ya29.token');
  const operation = 'projects/proj-1/locations/us-central1/publishers/google/models/veo-3.0-generate-001/operations/op-9';

  it('sends predictLongRunning to Gemini and to the Vertex publisher model, with aspect ratio and resolution from the size', () => {
    const gemini = veoVideoProtocol.submitRequest(target({ type: 24, key: 'gk' }), request({ model: 'veo-3.0-generate-001', size: '1080x1920', seconds: 6 }));
    expect(gemini).toMatchObject({ url: 'https://generativelanguage.googleapis.com/v1beta/models/veo-3.0-generate-001:predictLongRunning', headers: { 'x-goog-api-key': 'gk' } });
    expect(JSON.parse(String(gemini.body))).toEqual({ instances: [{ prompt: 'a kite' }], parameters: { durationSeconds: 6, aspectRatio: '9:16', resolution: '1080p' } });
    const onVertex = veoVideoProtocol.submitRequest(vertex, request({ model: 'veo-3.0-generate-001', reference: { kind: 'url', url: 'data:image/png;base64,AAAA' } }));
    expect(onVertex).toMatchObject({ url: 'https://us-central1-aiplatform.googleapis.com/v1/projects/proj-1/locations/us-central1/publishers/google/models/veo-3.0-generate-001:predictLongRunning', headers: { authorization: 'Bearer ya29.token' } });
    expect(JSON.parse(String(onVertex.body)).instances[0].image).toEqual({ bytesBase64Encoded: 'AAAA', mimeType: 'image/png' });
    expect(() => veoVideoProtocol.submitRequest(vertex, request({ action: 'remixGenerate' }))).toThrow('Veo cannot remix a video');
  });

  it('polls Vertex with fetchPredictOperation and reads its inline or bucket videos', () => {
    const poll = veoVideoProtocol.pollRequest(vertex, { ...ref, upstreamId: operation });
    expect(poll).toMatchObject({ method: 'POST', url: 'https://us-central1-aiplatform.googleapis.com/v1/projects/proj-1/locations/us-central1/publishers/google/models/veo-3.0-generate-001:fetchPredictOperation' });
    expect(JSON.parse(String(poll.body))).toEqual({ operationName: operation });
    expect(veoVideoProtocol.readPoll({ name: operation, done: false }, operation)).toMatchObject({ status: 'IN_PROGRESS' });
    const inline = { name: operation, done: true, response: { videos: [{ bytesBase64Encoded: Buffer.from('mp4!').toString('base64'), mimeType: 'video/mp4' }] } };
    expect(veoVideoProtocol.readPoll(inline, operation)).toEqual({ taskId: operation, status: 'SUCCESS', progress: '100%', failReason: '', imageUrl: '' });
    const source = veoVideoProtocol.content(vertex, { ...ref, upstreamId: operation }, '');
    expect(source.request.url).toBe(poll.url);
    expect(Buffer.from(source.inline?.(inline)?.data ?? []).toString()).toBe('mp4!');
    expect(veoVideoProtocol.readPoll({ name: operation, done: true, response: { videos: [{ gcsUri: 'gs://bucket/out/v.mp4' }] } }, operation).imageUrl).toBe('gs://bucket/out/v.mp4');
    expect(veoVideoProtocol.content(vertex, ref, 'gs://bucket/out/v.mp4').request).toMatchObject({ url: 'https://storage.googleapis.com/bucket/out/v.mp4', headers: { authorization: 'Bearer ya29.token' } });
    expect(veoVideoProtocol.readPoll({ name: operation, done: true, response: { raiMediaFilteredReasons: ['unsafe content'] } }, operation)).toMatchObject({ status: 'FAILURE', failReason: 'unsafe content' });
    expect(veoVideoProtocol.readPoll({ name: operation, done: true, error: { code: 3, message: 'bad prompt' } }, operation)).toMatchObject({ status: 'FAILURE', failReason: 'bad prompt' });
  });
});

describe('Kling', () => {
  it('signs an HS256 JWT of the access key valid for 30 minutes from 5 seconds ago', () => {
    const token = klingToken('ak-1|sk-1', 1_800_000_000);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ iss: 'ak-1', exp: 1_800_001_800, nbf: 1_799_999_995 });
    expect(signature).toBe(crypto.createHmac('sha256', 'sk-1').update(`${header}.${payload}`).digest('base64url'));
    expect(klingToken('ready-token', 0)).toBe('ready-token');
  });

  it('maps text and image requests to their endpoints and reads the task result', () => {
    const text = klingVideoProtocol.submitRequest(target({ type: 50, key: 'a|s' }), request({ model: 'kling-v1', seconds: 10, size: '720x1280', extra: { mode: 'pro', ignored: 1 } }));
    expect(text.url).toBe('https://api-singapore.klingai.com/v1/videos/text2video');
    expect(JSON.parse(String(text.body))).toEqual({ model_name: 'kling-v1', prompt: 'a kite', duration: '10', aspect_ratio: '9:16', mode: 'pro' });
    const image = klingVideoProtocol.submitRequest(target({ type: 50, key: 'a|s', baseUrl: 'https://kling.example' }), request({ action: 'generate', reference: { kind: 'url', url: 'data:image/png;base64,QUJD' } }));
    expect(image.url).toBe('https://kling.example/v1/videos/image2video');
    expect(JSON.parse(String(image.body)).image).toBe('QUJD');
    expect(klingVideoProtocol.pollRequest(target({ type: 50, key: 'a|s' }), { ...ref, action: 'generate' }).url).toBe('https://api-singapore.klingai.com/v1/videos/image2video/id-1');
    expect(klingVideoProtocol.readSubmit(200, { code: 1102, message: 'balance not enough' }, request())).toMatchObject({ accepted: false, message: 'balance not enough' });
    expect(klingVideoProtocol.readPoll({ code: 0, data: { task_status: 'succeed', task_result: { videos: [{ url: 'https://cdn.kling/v.mp4' }] } } }, 'k')).toMatchObject({ status: 'SUCCESS', imageUrl: 'https://cdn.kling/v.mp4' });
    expect(klingVideoProtocol.readPoll({ code: 0, data: { task_status: 'failed', task_status_msg: 'risk control' } }, 'k')).toMatchObject({ status: 'FAILURE', failReason: 'risk control' });
  });
});
