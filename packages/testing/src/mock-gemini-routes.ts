// Gemini endpoints of the mock upstream: POST /v1beta/models/{model}:generateContent and
// :streamGenerateContent (SSE with `alt=sse`, one streamed JSON array without it), GET /v1beta/models
// and GET /v1beta/models/{model}. Faults are answered in Google's `{error: {code, message, status}}` shape.
// @see https://ai.google.dev/api/generate-content
import { limitMockAnswer, mockReplyPieces, mockToolCallCompletionTokens, type MockBehaviour, type MockFault } from './mock-behaviour';
import type { MockExchange, MockRoute } from './mock-exchange';
import { isObject, listOf, type JsonObject } from './mock-json';
import { countMockTokens } from './mock-tokens';

/** Google status names of the HTTP statuses the mock answers with. @see https://ai.google.dev/gemini-api/docs/troubleshooting */
const geminiStatusDefaults: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: { status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: { status: 'INTERNAL', message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting' },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
  504: { status: 'DEADLINE_EXCEEDED', message: 'Deadline expired before operation could complete.' },
};

/** The Google error body for a status; `status` names the canonical code (`RESOURCE_EXHAUSTED`). */
export function mockGeminiErrorBody(httpStatus: number, message?: string, status?: string): { error: { code: number; message: string; status: string } } {
  const defaults = geminiStatusDefaults[httpStatus] ?? { status: httpStatus >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT', message: `mock error ${httpStatus}` };
  return { error: { code: httpStatus, message: message ?? defaults.message, status: status ?? defaults.status } };
}

function renderGeminiFault(fault: Extract<MockFault, { type: 'status' }>): unknown {
  return mockGeminiErrorBody(fault.status, fault.message, fault.errorType);
}

function partTokens(part: unknown): number {
  if (!isObject(part) || part.thought === true) return 0;
  if (typeof part.text === 'string') return countMockTokens(part.text);
  const functionResponse = part.functionResponse;
  if (!isObject(functionResponse)) return 0;
  // A result travels as {output: text} or as a JSON object: count the text, or the object's JSON, as the chat mock counts a tool message.
  const response = isObject(functionResponse.response) ? functionResponse.response : {};
  const keys = Object.keys(response);
  return countMockTokens(keys.length === 1 && typeof response.output === 'string' ? response.output : JSON.stringify(response));
}

/** Prompt tokens of a Gemini body: the words of the system instruction, the text parts and the function results (thoughts and calls are free). */
export function countMockGeminiPromptTokens(body: unknown): number {
  if (!isObject(body)) return 0;
  const contents = [isObject(body.systemInstruction) ? body.systemInstruction : {}, ...listOf(body.contents)];
  return contents.reduce((total: number, content) => total + listOf(isObject(content) ? content.parts : undefined).reduce((sum: number, part) => sum + partTokens(part), 0), 0);
}

/** The call the answer makes, when the behaviour asks for one, the body declares functions and does not end with their results. */
function chooseToolCall(body: JsonObject, behaviour: MockBehaviour): { name: string; args: JsonObject } | undefined {
  const reply = behaviour.replyToolCall;
  if (!reply) return undefined;
  const declared = listOf(body.tools).flatMap((tool) => listOf(isObject(tool) ? tool.functionDeclarations : undefined));
  const firstName = declared.map((declaration) => (isObject(declaration) ? declaration.name : undefined)).find((name) => typeof name === 'string');
  if (typeof firstName !== 'string') return undefined;
  const lastContent = listOf(body.contents).at(-1);
  const endsWithResults = listOf(isObject(lastContent) ? lastContent.parts : undefined).some((part) => isObject(part) && part.functionResponse !== undefined);
  if (endsWithResults) return undefined;
  return { name: reply.name ?? firstName, args: reply.arguments ?? {} };
}

function usageMetadata(behaviour: MockBehaviour, promptTokens: number, candidatesTokens: number): JsonObject {
  const usage: JsonObject = {
    promptTokenCount: promptTokens,
    candidatesTokenCount: candidatesTokens,
    totalTokenCount: promptTokens + candidatesTokens + behaviour.reasoningTokens,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
  };
  if (behaviour.cachedTokens > 0) usage.cachedContentTokenCount = behaviour.cachedTokens;
  if (behaviour.reasoningTokens > 0) usage.thoughtsTokenCount = behaviour.reasoningTokens;
  return usage;
}

interface Answer {
  model: string;
  responseId: string;
  promptTokens: number;
  /** Part lists, one per stream chunk; a JSON answer joins them. */
  chunks: JsonObject[][];
  /** Candidate tokens after each chunk. */
  candidatesTokensAfter: number[];
  /** The behaviour after `maxOutputTokens` (see `limitMockAnswer`). */
  behaviour: MockBehaviour;
  /** The last chunk's finish reason: `MAX_TOKENS` when `maxOutputTokens` cut the answer. */
  finishReason: 'STOP' | 'MAX_TOKENS';
}

function candidateChunk(parts: JsonObject[], finishReason: string | undefined): JsonObject {
  const candidate: JsonObject = { content: { parts, role: 'model' }, index: 0 };
  if (finishReason !== undefined) candidate.finishReason = finishReason;
  return { candidates: [candidate] };
}

/** `generationConfig.maxOutputTokens`, in either spelling the REST API accepts. */
function maxOutputTokensOf(body: JsonObject): unknown {
  const config = isObject(body.generationConfig) ? body.generationConfig : isObject(body.generation_config) ? body.generation_config : {};
  return config.maxOutputTokens ?? config.max_output_tokens;
}

function buildAnswer(exchange: MockExchange, model: string, body: JsonObject): Answer {
  const promptTokens = exchange.behaviour.promptTokens ?? countMockGeminiPromptTokens(body);
  const responseId = `gemini-mock-${exchange.sequence}`;
  const call = chooseToolCall(body, exchange.behaviour);
  if (call) {
    const behaviour = exchange.behaviour;
    const candidatesTokensAfter = [mockToolCallCompletionTokens(behaviour) - behaviour.reasoningTokens];
    const signature = behaviour.replyToolCall?.signature;
    const part: JsonObject = signature === undefined ? { functionCall: { name: call.name, args: call.args } } : { functionCall: { name: call.name, args: call.args }, thoughtSignature: signature };
    return { model, responseId, promptTokens, chunks: [[part]], candidatesTokensAfter, behaviour, finishReason: 'STOP' };
  }
  // A text answer is cut to maxOutputTokens when the behaviour honours it.
  const { behaviour, truncated } = limitMockAnswer(exchange.behaviour, maxOutputTokensOf(body));
  const finishReason = truncated ? 'MAX_TOKENS' : 'STOP';
  const pieces = mockReplyPieces(behaviour);
  if (pieces.length === 0) return { model, responseId, promptTokens, chunks: [[{ text: '' }]], candidatesTokensAfter: [0], behaviour, finishReason };
  return { model, responseId, promptTokens, chunks: pieces.map((text) => [{ text }]), candidatesTokensAfter: pieces.map((_, index) => index + 1), behaviour, finishReason };
}

function withIdentity(answer: Answer, chunk: JsonObject): JsonObject {
  return { ...chunk, modelVersion: answer.model, responseId: answer.responseId };
}

function sendJsonAnswer(exchange: MockExchange, answer: Answer): Promise<void> {
  const body = candidateChunk(mergeText(answer.chunks.flat()), answer.finishReason);
  if (answer.behaviour.usage !== 'omitted') body.usageMetadata = usageMetadata(answer.behaviour, answer.promptTokens, answer.candidatesTokensAfter.at(-1) ?? 0);
  return exchange.sendJson(200, withIdentity(answer, body));
}

/** Joins consecutive text parts the way a non-stream answer carries them. */
function mergeText(parts: JsonObject[]): JsonObject[] {
  const result: JsonObject[] = [];
  for (const part of parts) {
    const previous = result.at(-1);
    if (previous && typeof previous.text === 'string' && typeof part.text === 'string') previous.text += part.text;
    else result.push({ ...part });
  }
  return result;
}

function streamChunks(answer: Answer): JsonObject[] {
  const behaviour = answer.behaviour;
  return answer.chunks.map((parts, index) => {
    const last = index === answer.chunks.length - 1;
    const chunk = candidateChunk(parts, last ? answer.finishReason : undefined);
    if (behaviour.usage === 'every-chunk' || (behaviour.usage === 'last' && last)) {
      chunk.usageMetadata = usageMetadata(behaviour, answer.promptTokens, answer.candidatesTokensAfter[index] ?? 0);
    }
    return withIdentity(answer, chunk);
  });
}

const generatePath = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

async function handleGenerate(exchange: MockExchange): Promise<void> {
  const match = generatePath.exec(exchange.request.path);
  const body = exchange.request.body;
  if (!match || !isObject(body) || !Array.isArray(body.contents) || body.contents.length === 0) {
    return exchange.sendJson(400, mockGeminiErrorBody(400, '* GenerateContentRequest.contents: contents is not specified'));
  }
  const model = decodeURIComponent(match[1] ?? '');
  const answer = buildAnswer(exchange, model, body);
  if (match[2] === 'generateContent') return sendJsonAnswer(exchange, answer);
  const chunks = streamChunks(answer);
  if (exchange.request.query.alt === 'sse') return exchange.sendSse(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`));
  // Without alt=sse Gemini streams one pretty-printed JSON array, its elements separated by ",\r\n".
  const frames = chunks.map((chunk, index) => `${index === 0 ? '[' : '\n,\r\n'}${JSON.stringify(chunk, null, 2)}`);
  frames[frames.length - 1] += '\n]';
  return exchange.sendStream(frames, 'application/json; charset=UTF-8');
}

function describeModel(id: string): JsonObject {
  return {
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: `Mock model ${id}`,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
  };
}

async function handleListModels(exchange: MockExchange): Promise<void> {
  return exchange.sendJson(200, { models: exchange.behaviour.models.map(describeModel) });
}

const modelPath = /^\/v1beta\/models\/([^/:]+)$/;

async function handleGetModel(exchange: MockExchange): Promise<void> {
  const id = decodeURIComponent(modelPath.exec(exchange.request.path)?.[1] ?? '');
  if (!exchange.behaviour.models.includes(id)) return exchange.sendJson(404, mockGeminiErrorBody(404, `models/${id} is not found for API version v1beta`));
  return exchange.sendJson(200, describeModel(id));
}

/** The Gemini routes. */
export const geminiMockRoutes: readonly MockRoute[] = [
  { method: 'POST', path: generatePath, handle: handleGenerate, renderError: renderGeminiFault },
  { method: 'GET', path: '/v1beta/models', handle: handleListModels, renderError: renderGeminiFault },
  { method: 'GET', path: modelPath, handle: handleGetModel, renderError: renderGeminiFault },
];
