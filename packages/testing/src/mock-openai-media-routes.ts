// OpenAI non-chat endpoints of the mock upstream: embeddings, images, audio, moderations, rerank, models.
import { bodyField, sendInvalidRequest, type MockExchange, type MockRoute } from './mock-exchange';
import { mockCreatedAt } from './mock-openai-chat-routes';
import type { MockMultipartBody } from './mock-multipart';
import { countMockInputTokens, countMockTokens, listMockInputs } from './mock-tokens';

/** A 1×1 transparent PNG, the image every b64_json answer carries. */
export const mockPngBase64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Prefix of every speech answer; the rest of the bytes is the input text, so tests can check both. */
export const mockAudioPrefix = 'MOCKAUDIO:';

const audioContentTypes: Record<string, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** Component `dimension` of the embedding of input `inputIndex`: deterministic values in [0, 1). */
export function mockEmbeddingValue(inputIndex: number, dimension: number): number {
  return (((inputIndex + 1) * 31 + (dimension + 1) * 17) % 101) / 101;
}

function promptTokensFor(exchange: MockExchange, input: unknown): number {
  return exchange.behaviour.promptTokens ?? countMockInputTokens(input);
}

async function handleEmbeddings(exchange: MockExchange): Promise<void> {
  const input = bodyField(exchange, 'input');
  const model = bodyField(exchange, 'model');
  if (typeof model !== 'string' || input === undefined) return sendInvalidRequest(exchange, 'model and input are required');
  const base64 = bodyField(exchange, 'encoding_format') === 'base64';
  const data = listMockInputs(input).map((_, index) => {
    const vector = Array.from({ length: exchange.behaviour.embeddingDimensions }, (_unused, dimension) => mockEmbeddingValue(index, dimension));
    const embedding = base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
    return { object: 'embedding', index, embedding };
  });
  const promptTokens = promptTokensFor(exchange, input);
  return exchange.sendJson(200, { object: 'list', data, model, usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } });
}

async function handleImages(exchange: MockExchange): Promise<void> {
  const prompt = bodyField(exchange, 'prompt');
  if (typeof prompt !== 'string') return sendInvalidRequest(exchange, 'prompt is required');
  const count = typeof bodyField(exchange, 'n') === 'number' ? Number(bodyField(exchange, 'n')) : 1;
  const model = typeof bodyField(exchange, 'model') === 'string' ? String(bodyField(exchange, 'model')) : 'dall-e-2';
  const asBase64 = bodyField(exchange, 'response_format') === 'b64_json' || model.startsWith('gpt-image');
  const data = Array.from({ length: count }, (_, index) =>
    asBase64 ? { b64_json: mockPngBase64, revised_prompt: prompt } : { url: `https://mock-upstream.invalid/images/${exchange.sequence}-${index}.png`, revised_prompt: prompt },
  );
  const answer: Record<string, unknown> = { created: mockCreatedAt, data };
  // gpt-image models report token usage; DALL·E models do not.
  if (model.startsWith('gpt-image') && exchange.behaviour.usage !== 'omitted') {
    const inputTokens = promptTokensFor(exchange, prompt);
    answer.usage = { input_tokens: inputTokens, output_tokens: count, total_tokens: inputTokens + count, input_tokens_details: { text_tokens: inputTokens, image_tokens: 0 } };
  }
  return exchange.sendJson(200, answer);
}

async function handleSpeech(exchange: MockExchange): Promise<void> {
  const input = bodyField(exchange, 'input');
  if (typeof input !== 'string') return sendInvalidRequest(exchange, 'input is required');
  const format = typeof bodyField(exchange, 'response_format') === 'string' ? String(bodyField(exchange, 'response_format')) : 'mp3';
  return exchange.sendBytes(200, Buffer.from(`${mockAudioPrefix}${input}`), audioContentTypes[format] ?? 'application/octet-stream');
}

function isMultipart(body: unknown): body is MockMultipartBody {
  return typeof body === 'object' && body !== null && 'fields' in body && 'files' in body;
}

async function handleTranscription(exchange: MockExchange): Promise<void> {
  const body = exchange.request.body;
  if (!isMultipart(body)) return sendInvalidRequest(exchange, 'multipart/form-data body expected');
  const file = body.files.find((candidate) => candidate.field === 'file');
  if (!file || body.fields.model === undefined) return sendInvalidRequest(exchange, 'file and model are required');
  const text = `mock transcript of ${file.filename} (${file.bytes.length} bytes)`;
  const format = body.fields.response_format ?? 'json';
  if (format === 'text' || format === 'srt' || format === 'vtt') return exchange.sendBytes(200, Buffer.from(text), 'text/plain; charset=utf-8');
  if (format === 'verbose_json') {
    return exchange.sendJson(200, { task: 'transcribe', language: body.fields.language ?? 'english', duration: file.bytes.length / 1000, text, segments: [] });
  }
  const answer: Record<string, unknown> = { text };
  // gpt-4o transcription models report token usage; whisper-1 does not.
  if (body.fields.model.startsWith('gpt-4o') && exchange.behaviour.usage !== 'omitted') {
    const inputTokens = exchange.behaviour.promptTokens ?? file.bytes.length;
    const outputTokens = countMockTokens(text);
    answer.usage = { type: 'tokens', input_tokens: inputTokens, output_tokens: outputTokens, total_tokens: inputTokens + outputTokens };
  }
  return exchange.sendJson(200, answer);
}

const moderationCategories = ['harassment', 'hate', 'self-harm', 'sexual', 'violence'];

async function handleModerations(exchange: MockExchange): Promise<void> {
  const input = bodyField(exchange, 'input');
  if (input === undefined) return sendInvalidRequest(exchange, 'input is required');
  const model = typeof bodyField(exchange, 'model') === 'string' ? String(bodyField(exchange, 'model')) : 'omni-moderation-latest';
  const results = listMockInputs(input).map((text) => {
    // Inputs containing "flag-me" are flagged as violence, so tests can exercise both outcomes.
    const flagged = text.includes('flag-me');
    const categories = Object.fromEntries(moderationCategories.map((name) => [name, flagged && name === 'violence']));
    const scores = Object.fromEntries(moderationCategories.map((name) => [name, flagged && name === 'violence' ? 0.99 : 0.001]));
    return { flagged, categories, category_scores: scores };
  });
  return exchange.sendJson(200, { id: `modr-mock-${exchange.sequence}`, model, results });
}

function documentText(document: unknown): string {
  if (typeof document === 'string') return document;
  return typeof document === 'object' && document !== null && 'text' in document && typeof document.text === 'string' ? document.text : '';
}

async function handleRerank(exchange: MockExchange): Promise<void> {
  const query = bodyField(exchange, 'query');
  const documents = bodyField(exchange, 'documents');
  if (typeof query !== 'string' || !Array.isArray(documents)) return sendInvalidRequest(exchange, 'query and documents are required');
  const queryWords = new Set(query.toLowerCase().split(/\s+/).filter(Boolean));
  // Relevance = share of query words the document contains; ties keep document order.
  const scored = documents.map((document: unknown, index) => {
    const words = new Set(documentText(document).toLowerCase().split(/\s+/));
    const hits = [...queryWords].filter((word) => words.has(word)).length;
    return { index, relevance_score: queryWords.size === 0 ? 0 : hits / queryWords.size, text: documentText(document) };
  });
  scored.sort((left, right) => right.relevance_score - left.relevance_score || left.index - right.index);
  const topN = typeof bodyField(exchange, 'top_n') === 'number' ? Number(bodyField(exchange, 'top_n')) : scored.length;
  const returnDocuments = bodyField(exchange, 'return_documents') !== false;
  const results = scored.slice(0, topN).map(({ index, relevance_score, text }) => (returnDocuments ? { index, relevance_score, document: { text } } : { index, relevance_score }));
  const tokens = exchange.behaviour.promptTokens ?? countMockTokens(query) + documents.reduce((sum: number, document: unknown) => sum + countMockTokens(documentText(document)), 0);
  return exchange.sendJson(200, { id: `rerank-mock-${exchange.sequence}`, model: bodyField(exchange, 'model'), results, usage: { prompt_tokens: tokens, total_tokens: tokens } });
}

async function handleModels(exchange: MockExchange): Promise<void> {
  const data = exchange.behaviour.models.map((id) => ({ id, object: 'model', created: mockCreatedAt, owned_by: 'mock-upstream' }));
  return exchange.sendJson(200, { object: 'list', data });
}

/** The OpenAI non-chat routes. */
export const openAiMediaMockRoutes: readonly MockRoute[] = [
  { method: 'POST', path: '/v1/embeddings', handle: handleEmbeddings },
  { method: 'POST', path: '/v1/images/generations', handle: handleImages },
  { method: 'POST', path: '/v1/audio/speech', handle: handleSpeech },
  { method: 'POST', path: '/v1/audio/transcriptions', handle: handleTranscription },
  { method: 'POST', path: '/v1/audio/translations', handle: handleTranscription },
  { method: 'POST', path: '/v1/moderations', handle: handleModerations },
  { method: 'POST', path: '/v1/rerank', handle: handleRerank },
  { method: 'GET', path: '/v1/models', handle: handleModels },
];
