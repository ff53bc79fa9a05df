// OpenAI `/v1/embeddings` served through Google's embedding APIs: Gemini `batchEmbedContents` here, Vertex AI
// `predict` in the vertex folder; both share the reading of the OpenAI request and the writing of the OpenAI answer.
// @see https://ai.google.dev/api/embeddings#method:-models.batchembedcontents
// @see https://platform.openai.com/docs/api-reference/embeddings/create
import type { EndpointTranslation, TranslatedAnswerContext } from '../provider-adaptor';

/** The OpenAI path these translations serve. */
export const embeddingsPath = '/v1/embeddings';

/** A request the upstream cannot express (token-id inputs): the channel cannot serve it, the caller gets a 400. */
export class UnservableRequestError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The texts of an OpenAI embeddings `input` (a string or a list of strings); token-id inputs are refused. */
export function embeddingTexts(body: Readonly<Record<string, unknown>>): string[] {
  const input = body.input;
  if (typeof input === 'string') return [input];
  if (Array.isArray(input) && input.every((item) => typeof item === 'string')) return input;
  throw new UnservableRequestError('this channel embeds text only: `input` must be a string or a list of strings (token ids are not accepted)');
}

/** The requested vector length (`dimensions`), when the caller set one. */
export function embeddingDimensions(body: Readonly<Record<string, unknown>>): number | undefined {
  return typeof body.dimensions === 'number' && body.dimensions > 0 ? Math.trunc(body.dimensions) : undefined;
}

/** One vector as OpenAI writes it: numbers, or with `encoding_format: "base64"` the little-endian float32 bytes in base64. */
function encodeVector(values: readonly number[], base64: boolean): number[] | string {
  if (!base64) return [...values];
  return Buffer.from(new Float32Array(values).buffer).toString('base64');
}

/** The OpenAI embeddings answer for `vectors`, with usage (`promptTokens` as reported or counted). */
export function openAiEmbeddingList(vectors: readonly (readonly number[])[], model: string, promptTokens: number, base64: boolean): Record<string, unknown> {
  return {
    object: 'list',
    data: vectors.map((values, index) => ({ object: 'embedding', index, embedding: encodeVector(values, base64) })),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}

/** The vector values of a Google `ContentEmbedding` (`{ values: [...] }`); empty when absent. */
export function contentEmbeddingValues(embedding: unknown): number[] {
  const values = isRecord(embedding) ? embedding.values : undefined;
  return Array.isArray(values) ? values.filter((value): value is number => typeof value === 'number') : [];
}

/** Builds an embeddings translation from how the body is encoded and how the vectors and token counts are read. */
export function embeddingsTranslation(spec: {
  encode(texts: string[], model: string, dimensions: number | undefined): Record<string, unknown>;
  read(answer: unknown): { vectors: number[][]; promptTokens: number | undefined };
}): EndpointTranslation {
  return {
    encodeRequest: (body, model) => spec.encode(embeddingTexts(body), model, embeddingDimensions(body)),
    decodeAnswer(answer: unknown, context: TranslatedAnswerContext) {
      const { vectors, promptTokens } = spec.read(answer);
      const base64 = context.request.encoding_format === 'base64';
      return { answer: openAiEmbeddingList(vectors, context.model, promptTokens ?? context.promptTokens, base64), usageReported: promptTokens !== undefined };
    },
  };
}

/** Gemini `batchEmbedContents`: one request per text, each naming the model; the answer carries no token counts. */
export const geminiEmbeddingsTranslation = embeddingsTranslation({
  encode: (texts, model, dimensions) => ({
    requests: texts.map((text) => ({ model: `models/${model}`, content: { parts: [{ text }] }, ...(dimensions ? { outputDimensionality: dimensions } : {}) })),
  }),
  read: (answer) => ({ vectors: (isRecord(answer) && Array.isArray(answer.embeddings) ? answer.embeddings : []).map(contentEmbeddingValues), promptTokens: undefined }),
});

/** Vertex AI `predict` on an embedding model: one instance per text; each prediction reports its token count. */
export const vertexEmbeddingsTranslation = embeddingsTranslation({
  encode: (texts, _model, dimensions) => ({ instances: texts.map((content) => ({ content })), ...(dimensions ? { parameters: { outputDimensionality: dimensions } } : {}) }),
  read(answer) {
    const predictions = isRecord(answer) && Array.isArray(answer.predictions) ? answer.predictions : [];
    let tokens = 0;
    const vectors = predictions.map((prediction) => {
      const embeddings = isRecord(prediction) ? prediction.embeddings : undefined;
      const statistics = isRecord(embeddings) && isRecord(embeddings.statistics) ? embeddings.statistics : undefined;
      if (typeof statistics?.token_count === 'number') tokens += statistics.token_count;
      return contentEmbeddingValues(embeddings);
    });
    return { vectors, promptTokens: tokens > 0 ? tokens : undefined };
  },
});
