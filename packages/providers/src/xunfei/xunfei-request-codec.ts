// Canonical request -> the iFlytek Spark WebSocket request message, and its completion with what only the channel
// knows (APPID, the version's `domain` and whether the version takes system messages and functions).
// @see https://www.xfyun.cn/doc/spark/Web.html (1.3 接口请求, 2 Function Call说明)
import { addRequestWarning, type CanonicalMessage, type CanonicalRequest } from '@turnpike/formats';
import { flattenToText } from '../native-dialect/message-text';
import type { SparkVersion } from './xunfei-versions';

/** One `payload.message.text` entry. */
export interface SparkMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One `payload.functions.text` entry. */
export interface SparkFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The request message; `header.app_id` and `parameter.chat.domain` are filled by {@link completeSparkRequest}. */
export interface SparkRequest {
  header: { app_id?: string; uid?: string };
  parameter: { chat: { domain?: string; temperature?: number; max_tokens?: number; top_k?: number } };
  payload: { message: { text: SparkMessage[] }; functions?: { text: SparkFunction[] } };
}

/** `header.uid` is at most 32 characters long. */
const maxUidLength = 32;

function textOf(message: CanonicalMessage, request: CanonicalRequest): string {
  return flattenToText(message.parts, {
    separator: '',
    onOtherPart: (part) => {
      if (part.type === 'image' || part.type === 'file') addRequestWarning(request, `Spark is text-only: ${part.type === 'image' ? 'an image' : 'a file'} part was dropped`);
      else if (part.type === 'tool-call') addRequestWarning(request, `Spark cannot replay the assistant's call of "${part.name}": it was dropped`);
    },
  });
}

function encodeMessages(request: CanonicalRequest): SparkMessage[] {
  const system: string[] = [];
  const turns: SparkMessage[] = [];
  for (const message of request.messages) {
    const content = textOf(message, request);
    if (message.role === 'system') system.push(content);
    else if (message.role === 'assistant') turns.push({ role: 'assistant', content });
    else {
      if (message.role === 'tool') addRequestWarning(request, 'Spark has no tool messages: a tool result was sent as user text');
      turns.push({ role: 'user', content });
    }
  }
  // The API wants at most one system message, and first (「如果传入system参数，需要保证第一条是system」).
  return system.length > 0 ? [{ role: 'system', content: system.join('\n') }, ...turns] : turns;
}

function clamp(request: CanonicalRequest, name: string, value: number, min: number, max: number): number {
  const clamped = Math.min(max, Math.max(min, value));
  if (clamped !== value) addRequestWarning(request, `Spark takes ${name} in [${min}, ${max}]: ${value} was sent as ${clamped}`);
  return clamped;
}

function warnUnsupported(request: CanonicalRequest): void {
  const unsupported: Array<[string, unknown]> = [
    ['top_p', request.topP],
    ['stop', request.stop],
    ['seed', request.seed],
    ['presence_penalty', request.presencePenalty],
    ['frequency_penalty', request.frequencyPenalty],
    ['response_format', request.responseFormat],
    ['reasoning', request.reasoning ?? request.reasoningEffort],
  ];
  for (const [name, value] of unsupported) if (value !== undefined) addRequestWarning(request, `Spark has no ${name}: it was dropped`);
  if (request.toolChoice !== undefined && request.toolChoice !== 'auto') addRequestWarning(request, 'Spark has no tool_choice: the model decides whether to call a function');
}

/** Encodes what the canonical request can say in Spark terms; dropped or approximated fields go to `request.warnings`. */
export function encodeSparkRequest(request: CanonicalRequest): SparkRequest {
  const text = encodeMessages(request);
  const chat: SparkRequest['parameter']['chat'] = {};
  // temperature is (0, 1]; 0 (greedy) becomes the smallest value the API accepts.
  if (request.temperature !== undefined) chat.temperature = clamp(request, 'temperature', request.temperature, 0.01, 1);
  if (request.maxTokens !== undefined) chat.max_tokens = Math.max(1, request.maxTokens);
  if (request.topK !== undefined) chat.top_k = clamp(request, 'top_k', request.topK, 1, 6);
  warnUnsupported(request);
  const header: SparkRequest['header'] = {};
  if (request.user !== undefined) {
    if (request.user.length <= maxUidLength) header.uid = request.user;
    else addRequestWarning(request, `Spark's uid is at most ${maxUidLength} characters: the user id was dropped`);
  }
  const body: SparkRequest = { header, parameter: { chat }, payload: { message: { text } } };
  if (request.tools && request.tools.length > 0 && request.toolChoice !== 'none') {
    body.payload.functions = { text: request.tools.map((tool) => ({ name: tool.name, description: tool.description ?? '', parameters: tool.parameters })) };
  }
  return body;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

function isSparkMessage(value: unknown): value is SparkMessage {
  const message = record(value);
  return typeof message.role === 'string' && typeof message.content === 'string';
}

/** Folds a leading system message into the first user turn, for versions without system support. */
function foldSystem(messages: SparkMessage[]): SparkMessage[] {
  const [first, ...rest] = messages;
  if (first?.role !== 'system') return messages;
  const userAt = rest.findIndex((message) => message.role === 'user');
  if (userAt === -1) return [{ role: 'user', content: first.content }, ...rest];
  const folded = rest.slice();
  folded[userAt] = { role: 'user', content: `${first.content}\n\n${rest[userAt].content}` };
  return folded;
}

/**
 * Fills in the APPID and the version's domain, and removes what the version cannot take (system role, functions).
 * Works on the parsed body as sent (after `patchChatBody` and parameter overrides), keeping fields it does not know.
 */
export function completeSparkRequest(body: unknown, appId: string, version: SparkVersion): Json {
  const source = record(body);
  const parameter = record(source.parameter);
  const payload: Json = { ...record(source.payload) };
  const message = record(payload.message);
  if (Array.isArray(message.text) && !version.system) {
    payload.message = { ...message, text: foldSystem(message.text.filter(isSparkMessage)) };
  }
  if (!version.functions) delete payload.functions;
  return {
    ...source,
    header: { ...record(source.header), app_id: appId },
    parameter: { ...parameter, chat: { ...record(parameter.chat), domain: version.domain } },
    payload,
  };
}
