// `gemini.supported_imagine_models` (spec 001 §3): the Gemini models listed there answer OpenAI
// `/v1/images/generations` through a Gemini channel (generateContent with the IMAGE modality), billed from Gemini's
// token counts; any other Gemini model refuses the endpoint with a 400 that asks no upstream and costs nothing.
import { sendJson, startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

/** A 1×1 PNG, as Gemini returns image parts: base64 in `inlineData`. */
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const imageModel = 'gemini-2.0-flash-exp-image-generation';
const textModel = 'gemini-2.5-flash';

const geminiImageAnswer = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'Here is a red square.' }, { inlineData: { mimeType: 'image/png', data: png } }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 1290, totalTokenCount: 1299 },
  modelVersion: imageModel,
};

describe('image generation on Gemini channels', () => {
  let server: TestServer;
  let api: MockUpstream;
  let user: Actor;
  let key: string;
  let base: string;

  beforeAll(async () => {
    api = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { [imageModel]: 0.5, [textModel]: 0.5 });
    await server.context.options.set('CompletionRatio', { [imageModel]: 2, [textModel]: 2 });
    base = await server.listen();
    user = await server.createUser({ username: 'painter', quota: 10_000_000 });
    await addChannel(server, { type: 24, baseUrl: api.url, models: `${imageModel},${textModel}`, key: 'gemini-key' });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await api.close();
  });
  beforeEach(() => api.reset());

  const client = (): OpenAI => new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
  const quota = async (): Promise<number> => {
    await server.settle();
    return (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
  };

  it('a listed model draws through generateContent: the image reaches the OpenAI SDK and Gemini\'s tokens are billed', async () => {
    api.answer((_call, response) => sendJson(response, geminiImageAnswer));
    const before = await quota();
    const answer = await client().images.generate({ model: imageModel, prompt: 'a red square' });
    expect(answer.data?.map((item) => item.b64_json)).toEqual([png]);
    expect(answer.usage).toMatchObject({ input_tokens: 9, output_tokens: 1290, total_tokens: 1299 });
    const call = api.requests.at(-1)!;
    expect(call.path).toBe(`/v1beta/models/${imageModel}:generateContent`);
    expect(call.headers['x-goog-api-key']).toBe('gemini-key');
    expect(call.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'a red square' }] }], generationConfig: { responseModalities: ['TEXT', 'IMAGE'] } });
    // (9 + 1290 × 2) × 0.5 = 1294.5 → 1295 (rounded as every call is).
    expect(before - (await quota())).toBe(1295);
    const log = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ model_name: imageModel, prompt_tokens: 9, completion_tokens: 1290, quota: 1295 });
  });

  it('a Gemini model not in gemini.supported_imagine_models refuses with a 400, asks no upstream and costs nothing', async () => {
    const before = await quota();
    const error = await client()
      .images.generate({ model: textModel, prompt: 'a red square' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const refused = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(refused.code).toBe('unsupported_endpoint');
    expect(refused.message).toContain('gemini.supported_imagine_models');
    expect(api.requests).toHaveLength(0);
    expect(await quota()).toBe(before);
  });

  it('the operator\'s list decides: a model added to the option draws, a model removed refuses', async () => {
    await server.context.options.set('gemini.supported_imagine_models', [textModel]);
    try {
      api.answer((_call, response) => sendJson(response, { ...geminiImageAnswer, modelVersion: textModel }));
      const drawn = await client().images.generate({ model: textModel, prompt: 'a blue circle', n: 2 });
      expect(drawn.data?.[0]?.b64_json).toBe(png);
      expect(api.requests.at(-1)!.body).toMatchObject({ generationConfig: { responseModalities: ['TEXT', 'IMAGE'], candidateCount: 2 } });
      const refused = await client()
        .images.generate({ model: imageModel, prompt: 'a red square' })
        .catch((caught: unknown) => caught);
      expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    } finally {
      await server.context.options.set('gemini.supported_imagine_models', ['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp']);
    }
  });

  it('an answer without an image fails the call and gives the reservation back', async () => {
    api.answer((_call, response) => sendJson(response, { candidates: [{ content: { role: 'model', parts: [{ text: 'I cannot draw that.' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 6, totalTokenCount: 15 } }));
    const before = await quota();
    const error = await client()
      .images.generate({ model: imageModel, prompt: 'something' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    expect(await quota()).toBe(before);
    expect(server.context.relay.ledger.held).toBe(0);
  });
});
