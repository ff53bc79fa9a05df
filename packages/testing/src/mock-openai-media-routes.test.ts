import { FormData, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { mockAudioPrefix, mockEmbeddingValue, mockPngBase64 } from './mock-openai-media-routes';
import { useMockUpstream } from './mock-test-kit';

const upstream = useMockUpstream();
const { dispatcher } = upstream;

async function postJson(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await request(`${upstream.mock.url}${path}`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-media' },
    body: JSON.stringify(body),
  });
  return { status: response.statusCode, json: (await response.body.json()) as Record<string, unknown> };
}

describe('mock upstream: OpenAI media endpoints', () => {
  it('embeds each input with deterministic vectors and word-count usage', async () => {
    upstream.mock.setBehaviour({ embeddingDimensions: 3 });
    const { status, json } = await postJson('/v1/embeddings', { model: 'text-embedding-3-small', input: ['a b c', 'd'] });
    expect(status).toBe(200);
    expect(json).toEqual({
      object: 'list',
      model: 'text-embedding-3-small',
      data: [0, 1].map((index) => ({ object: 'embedding', index, embedding: [0, 1, 2].map((dimension) => mockEmbeddingValue(index, dimension)) })),
      usage: { prompt_tokens: 4, total_tokens: 4 },
    });
  });

  it('returns base64 float32 embeddings when asked, and counts token arrays by length', async () => {
    upstream.mock.setBehaviour({ embeddingDimensions: 2 });
    const { json } = await postJson('/v1/embeddings', { model: 'e', input: [1, 2, 3, 4, 5], encoding_format: 'base64' });
    const data = json.data as { embedding: string }[];
    const floats = new Float32Array(Uint8Array.from(Buffer.from(data[0]?.embedding ?? '', 'base64')).buffer);
    expect([...floats]).toEqual([Math.fround(mockEmbeddingValue(0, 0)), Math.fround(mockEmbeddingValue(0, 1))]);
    expect(json.usage).toEqual({ prompt_tokens: 5, total_tokens: 5 });
  });

  it('generates n images as URLs or base64, with usage only for gpt-image models', async () => {
    const urls = await postJson('/v1/images/generations', { model: 'dall-e-3', prompt: 'a red fox', n: 2 });
    expect(urls.json).toEqual({
      created: 1_700_000_000,
      data: [
        { url: 'https://mock-upstream.invalid/images/1-0.png', revised_prompt: 'a red fox' },
        { url: 'https://mock-upstream.invalid/images/1-1.png', revised_prompt: 'a red fox' },
      ],
    });
    const gptImage = await postJson('/v1/images/generations', { model: 'gpt-image-1', prompt: 'a red fox' });
    expect(gptImage.json).toMatchObject({
      data: [{ b64_json: mockPngBase64 }],
      usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 },
    });
  });

  it('answers speech with bytes of the requested format', async () => {
    const response = await request(`${upstream.mock.url}/v1/audio/speech`, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: 'Say hi', voice: 'alloy', response_format: 'wav' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(Buffer.from(await response.body.arrayBuffer()).toString()).toBe(`${mockAudioPrefix}Say hi`);
  });

  it('transcribes a multipart upload and records its fields and file', async () => {
    const form = new FormData();
    form.append('model', 'gpt-4o-transcribe');
    form.append('language', 'en');
    form.append('file', new Blob([Buffer.from('RIFF....WAVEfmt ')], { type: 'audio/wav' }), 'clip.wav');
    const response = await request(`${upstream.mock.url}/v1/audio/transcriptions`, { method: 'POST', dispatcher, body: form });
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({
      text: 'mock transcript of clip.wav (16 bytes)',
      usage: { type: 'tokens', input_tokens: 16, output_tokens: 6, total_tokens: 22 },
    });
    const recorded = upstream.mock.requests[0]?.body as { fields: Record<string, string>; files: { field: string; filename: string; contentType: string; bytes: Buffer }[] };
    expect(recorded.fields).toEqual({ model: 'gpt-4o-transcribe', language: 'en' });
    expect(recorded.files.map((file) => ({ ...file, bytes: file.bytes.toString() }))).toEqual([
      { field: 'file', filename: 'clip.wav', contentType: 'audio/wav', bytes: 'RIFF....WAVEfmt ' },
    ]);
  });

  it('answers transcriptions as plain text when asked, and rejects bodies that are not multipart', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('response_format', 'text');
    form.append('file', new Blob([Buffer.alloc(3)]), 'a.mp3');
    const response = await request(`${upstream.mock.url}/v1/audio/translations`, { method: 'POST', dispatcher, body: form });
    expect(await response.body.text()).toBe('mock transcript of a.mp3 (3 bytes)');
    expect((await postJson('/v1/audio/transcriptions', { model: 'whisper-1' })).status).toBe(400);
  });

  it('moderates each input, flagging inputs that contain "flag-me"', async () => {
    const { json } = await postJson('/v1/moderations', { input: ['fine text', 'please flag-me'] });
    const results = json.results as { flagged: boolean; categories: Record<string, boolean> }[];
    expect(json.model).toBe('omni-moderation-latest');
    expect(results.map((result) => result.flagged)).toEqual([false, true]);
    expect(results[1]?.categories.violence).toBe(true);
    expect(results[1]?.categories.hate).toBe(false);
  });

  it('reranks documents by query-word overlap, honouring top_n', async () => {
    const { json } = await postJson('/v1/rerank', {
      model: 'rerank-v1',
      query: 'red fox',
      documents: ['a blue whale', 'the red fox jumps', { text: 'red panda' }],
      top_n: 2,
    });
    expect(json).toEqual({
      id: 'rerank-mock-1',
      model: 'rerank-v1',
      results: [
        { index: 1, relevance_score: 1, document: { text: 'the red fox jumps' } },
        { index: 2, relevance_score: 0.5, document: { text: 'red panda' } },
      ],
      usage: { prompt_tokens: 11, total_tokens: 11 },
    });
  });

  it('lists the configured models', async () => {
    upstream.mock.setBehaviour({ models: ['m1', 'm2'] });
    const response = await request(`${upstream.mock.url}/v1/models`, { dispatcher });
    expect(await response.body.json()).toEqual({
      object: 'list',
      data: [
        { id: 'm1', object: 'model', created: 1_700_000_000, owned_by: 'mock-upstream' },
        { id: 'm2', object: 'model', created: 1_700_000_000, owned_by: 'mock-upstream' },
      ],
    });
  });
});
