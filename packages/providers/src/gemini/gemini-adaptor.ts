// Channel type 24, Google Gemini: generateContent / streamGenerateContent?alt=sse with `x-goog-api-key`.
// @see https://ai.google.dev/api/generate-content
// @see https://ai.google.dev/gemini-api/docs/api-versions
import { json } from '../openai-compatible/openai-compatible-readers';
import { classifyGoogleFailure } from './gemini-failure';
import type { AdaptorChannel, AdaptorInput, ModelListReader, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { geminiDescriptor } from './gemini-descriptor';
import { embeddingsPath, geminiEmbeddingsTranslation } from './gemini-embeddings';
import { geminiImagesTranslation, imageGenerationsPath } from './gemini-images';

/** The API version used when neither the call nor the channel names one. */
export const defaultGeminiVersion = 'v1beta';

function baseOf(channel: AdaptorChannel): string {
  return (channel.baseUrl || geminiDescriptor.defaultBaseUrl).replace(/\/+$/, '');
}

/** The model action a call names: embeddings, the SSE stream, or a whole answer (chat, and image generation). */
function actionOf(input: AdaptorInput): string {
  if (input.path === embeddingsPath) return 'batchEmbedContents';
  return input.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
}

/** Builds `{base}/{version}/models/{model}:generateContent` (or the SSE stream variant, or `:batchEmbedContents` for embeddings). */
export const geminiAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const version = input.apiVersion || input.channel.other.trim() || defaultGeminiVersion;
    const action = actionOf(input);
    return {
      url: `${baseOf(input.channel)}/${version}/models/${encodeURIComponent(input.model)}:${action}`,
      method: 'POST',
      headers: { ...(input.headers ?? {}), 'x-goog-api-key': input.channel.key, 'content-type': 'application/json', accept: input.stream ? 'text/event-stream' : 'application/json' },
      body: input.body,
    };
  },
  classifyFailure: classifyGoogleFailure,
  translatedPaths: new Map([
    [embeddingsPath, geminiEmbeddingsTranslation],
    [imageGenerationsPath, geminiImagesTranslation],
  ]),
};

/** `GET /v1beta/models?pageSize=1000` → model ids without the `models/` prefix. */
export const geminiModelListReader: ModelListReader = {
  request: (channel) => ({
    url: `${baseOf(channel)}/${channel.other.trim() || defaultGeminiVersion}/models?pageSize=1000`,
    method: 'GET',
    headers: { 'x-goog-api-key': channel.key, accept: 'application/json' },
    body: null,
  }),
  read(answer) {
    const models = json.record(answer).models;
    if (!Array.isArray(models)) return [];
    return models
      .map((item) => json.record(item).name)
      .filter((name): name is string => typeof name === 'string')
      .map((name) => name.replace(/^models\//, ''))
      .sort();
  },
};
