// `/v1/embeddings` on Gemini (batchEmbedContents) and Vertex AI (predict) channels, with the OpenAI SDK as the client:
// vectors, the upstream request, the bill; and an endpoint a channel cannot serve, answered as a 400 in OpenAI's shape
// without counting against the channel.
import { checkOpenAiSpec, createServiceAccount, providerFixtures, selfSignedCertificate, sendJson, startMockUpstream, type MockUpstream, type ServiceAccount } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateFieldTokens, exactCounter } from '../src/relay/token-counter';
import { addApiKey, addChannel, setChannelOther } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const inputs = ['The quick brown fox', 'jumps over the lazy dog'];
const geminiAnswer = providerFixtures('gemini').fixtureJson<{ embeddings: Array<{ values: number[] }> }>('gemini-batch-embed-contents.json');
const vertexAnswer = providerFixtures('vertex').fixtureJson<{ predictions: Array<{ embeddings: { values: number[] } }> }>('vertex-predict-embeddings.json');

/** Float32 rounding, as the SDK's base64 decoding returns the values. */
const asFloat32 = (values: readonly number[]): number[] => [...new Float32Array(values)];

describe('embeddings on Google channels', () => {
  let server: TestServer;
  let api: MockUpstream;
  let oauth: MockUpstream;
  let account: ServiceAccount;
  let user: Actor;
  let key: string;
  let base: string;
  let tlsSetting: string | undefined;
  let geminiChannel: number;
  let anthropicChannel: number;

  beforeAll(async () => {
    // The service account's token_uri must be https; the emulator's certificate is self-signed.
    tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    oauth = await startMockUpstream({ tls: selfSignedCertificate() });
    account = createServiceAccount(`${oauth.url}/token`);
    oauth.answer((_call, response) => sendJson(response, providerFixtures('vertex').fixtureJson('oauth-token-answer.json')));
    api = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'gemini-embedding-001': 2, 'text-embedding-005': 3, 'claude-embed': 1 });
    base = await server.listen();
    user = await server.createUser({ username: 'embedder', quota: 10_000_000 });
    geminiChannel = await addChannel(server, { type: 24, baseUrl: api.url, models: 'gemini-embedding-001', key: 'gemini-key' });
    const vertex = await addChannel(server, { type: 41, baseUrl: api.url, models: 'text-embedding-005', key: account.key });
    await setChannelOther(server, vertex, JSON.stringify({ default: 'us-central1' }));
    anthropicChannel = await addChannel(server, { type: 14, baseUrl: api.url, models: 'claude-embed', key: 'anthropic-key' });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
    await server.stop();
    await api.close();
    await oauth.close();
  });
  beforeEach(() => api.reset());

  const client = (): OpenAI => new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });

  async function lastLog(): Promise<{ prompt_tokens: number; completion_tokens: number; quota: number; model_name: string; channel_id: number }> {
    await server.settle();
    return server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  }

  it('Gemini: batchEmbedContents, vectors to the SDK (base64 by default), billed as embeddings from the counted prompt', async () => {
    api.answer((_call, response) => sendJson(response, geminiAnswer));
    const answer = await client().embeddings.create({ model: 'gemini-embedding-001', input: inputs, dimensions: 8 });
    expect(answer.data.map((item) => item.embedding)).toEqual(geminiAnswer.embeddings.map((item) => asFloat32(item.values)));
    expect(answer.data.map((item) => item.index)).toEqual([0, 1]);
    const call = api.requests.at(-1)!;
    expect(call.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(call.headers['x-goog-api-key']).toBe('gemini-key');
    expect(call.body).toEqual({
      requests: inputs.map((text) => ({ model: 'models/gemini-embedding-001', content: { parts: [{ text }] }, outputDimensionality: 8 })),
    });
    // Gemini reports no token counts: the prompt is counted from the request, as for any embeddings answer without usage.
    const prompt = estimateFieldTokens({ input: inputs }, ['input'], await exactCounter());
    expect(prompt).toBeGreaterThan(0);
    expect(answer.usage).toEqual({ prompt_tokens: prompt, total_tokens: prompt });
    expect(await lastLog()).toMatchObject({ prompt_tokens: prompt, completion_tokens: 0, quota: prompt * 2, model_name: 'gemini-embedding-001', channel_id: geminiChannel });
  });

  it('Gemini: a float answer validates against the OpenAPI CreateEmbeddingResponse schema', async () => {
    api.answer((_call, response) => sendJson(response, geminiAnswer));
    const response = await fetch(`${base}/v1/embeddings`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gemini-embedding-001', input: 'one' }) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ embedding: number[] }> };
    expect(body.data[0].embedding).toEqual(geminiAnswer.embeddings[0].values);
    expect(checkOpenAiSpec('CreateEmbeddingResponse', body)).toEqual([]);
  });

  it('Gemini: an upstream refusal reaches the caller in OpenAI shape', async () => {
    api.answer((_call, response) => sendJson(response, providerFixtures('gemini').fixtureJson('gemini-embed-error-invalid-argument.json'), 400));
    const error = await client()
      .embeddings.create({ model: 'gemini-embedding-001', input: '' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain('contents.parts must not be empty');
  });

  it('Vertex AI: predict with the service-account token, billed from the token counts Vertex reports', async () => {
    api.answer((_call, response) => sendJson(response, vertexAnswer));
    const answer = await client().embeddings.create({ model: 'text-embedding-005', input: inputs, encoding_format: 'float' });
    expect(answer.data.map((item) => item.embedding)).toEqual(vertexAnswer.predictions.map((item) => item.embeddings.values));
    const call = api.requests.at(-1)!;
    expect(call.path).toBe('/v1/projects/turnpike-test/locations/us-central1/publishers/google/models/text-embedding-005:predict');
    expect(call.headers.authorization).toBe(`Bearer ${providerFixtures('vertex').fixtureJson<{ access_token: string }>('oauth-token-answer.json').access_token}`);
    expect(call.body).toEqual({ instances: inputs.map((content) => ({ content })) });
    expect(answer.usage).toEqual({ prompt_tokens: 10, total_tokens: 10 });
    expect(await lastLog()).toMatchObject({ prompt_tokens: 10, completion_tokens: 0, quota: 30, model_name: 'text-embedding-005' });
  });

  it('an endpoint the channel cannot serve is a 400 in OpenAI shape, no upstream is asked and the channel stays enabled', async () => {
    await server.context.options.set('AutomaticDisableChannelEnabled', true);
    await server.context.options.set('AutomaticDisableKeywords', 'cannot serve');
    const error = await client()
      .embeddings.create({ model: 'claude-embed', input: 'x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const refused = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(refused.status).toBe(400);
    expect(refused.code).toBe('unsupported_endpoint');
    expect(refused.message).toContain('cannot serve /v1/embeddings');
    expect(api.requests).toHaveLength(0);
    const channel = await server.context.db.selectFrom('channels').select('status').where('id', '=', anthropicChannel).executeTakeFirstOrThrow();
    expect(channel.status).toBe(1);
  });

  it('token-id input on a Gemini channel is a 400 naming what the channel accepts', async () => {
    const error = await client()
      .embeddings.create({ model: 'gemini-embedding-001', input: [[1, 2, 3]] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('embeds text only');
    expect(api.requests).toHaveLength(0);
  });
});
