// The OpenAI-format relay endpoints: how each one reads its model, estimates its prompt and measures usage.
import { openAiChatFormat, readOpenAiChatUsage, type CanonicalRequest, type FormatId, type UrlFacts } from '@turnpike/formats';
import type { BillableUsage } from '@turnpike/relay';
import { estimateChatPromptTokens, estimateFieldTokens, type TokenCounter } from './token-counter';

type JsonBody = Record<string, unknown>;

/** What an endpoint's estimates read: the parsed body, and the canonical request of chat formats. */
export interface EstimateInput {
  json: JsonBody;
  canonical: () => CanonicalRequest;
}

/** One relay endpoint. */
export interface RelayEndpoint {
  path: string;
  bodyType: 'json' | 'multipart';
  /** The chat format of the endpoint: its answers are relayed by the chat path (any upstream format). */
  format?: FormatId;
  /** Reads model, streaming and framing from the path tail (formats whose URL names the model: `Format.readUrl`). */
  readUrl?(tail: string, query: Readonly<Record<string, unknown>>): UrlFacts;
  /** Request headers an upstream of the same format should see (`Format.forwardHeaders`); none when absent. */
  forwardHeaders?: readonly string[];
  /** The estimates read the canonical request, so the body is validated and decoded as soon as it is read. */
  readsCanonical?: boolean;
  /** The model used when the request names none (new-api's defaults). */
  defaultModel?: string;
  streamable: boolean;
  /** Prompt tokens counted with `count`: roughly for the reserve, exactly when the answer reports no usage. */
  estimatePrompt(input: EstimateInput, count: TokenCounter): number;
  /** Requested completion ceiling, for the reserve (0 when the request sets none). */
  maxTokens(input: EstimateInput): number;
  /**
   * How the answer's output is billed: per token under a limit the request carries (`limited`: the gateway can lower
   * it with `limitOutput`), per token with no such limit (`unlimited`), or not at all (`none`).
   */
  output: 'limited' | 'unlimited' | 'none';
  /** The body with its output limit set to `limit` tokens (`limited` endpoints). */
  limitOutput?(json: JsonBody, limit: number): JsonBody;
  /** Usage of a complete answer of an OpenAI-only endpoint; `text` is the answer body as text, `count` the exact counter. */
  measure(request: JsonBody, answer: unknown, text: string, promptEstimate: number, count: TokenCounter): BillableUsage;
  /** How many units a fixed-price call counts (images: `n`). */
  units?(body: JsonBody): number;
}

const numberField = (body: JsonBody, ...names: string[]): number => {
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.trunc(value);
  }
  return 0;
};

/** Usage in the chat shape (prompt/completion tokens) or the images/audio shape (input/output tokens). */
function openAiUsage(answer: unknown): BillableUsage | undefined {
  const usage = readOpenAiChatUsage(answer);
  if (!usage || usage.inputTokens + usage.outputTokens === 0) {
    const raw = record(record(answer).usage);
    const input = numberField(raw, 'input_tokens');
    const output = numberField(raw, 'output_tokens');
    return input + output > 0 ? { promptTokens: input, completionTokens: output } : undefined;
  }
  return { promptTokens: usage.inputTokens, completionTokens: usage.outputTokens, cachedTokens: usage.cacheReadTokens, cacheCreationTokens: usage.cacheWriteTokens };
}

const record = (value: unknown): JsonBody => (value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonBody) : {});

/** The text a chat or completion answer generated (for counting when no usage came back). */
function answerText(answer: unknown): string {
  const choices = record(answer).choices;
  if (!Array.isArray(choices)) return '';
  return choices
    .map((choice) => {
      const item = record(choice);
      const message = record(item.message);
      const parts = [item.text, message.content, message.reasoning_content];
      if (Array.isArray(message.tool_calls)) parts.push(JSON.stringify(message.tool_calls));
      return parts.filter((part): part is string => typeof part === 'string').join('');
    })
    .join('');
}

const chat: RelayEndpoint = {
  path: '/v1/chat/completions',
  bodyType: 'json',
  format: 'openai-chat',
  streamable: true,
  estimatePrompt: ({ json }, count) => estimateChatPromptTokens(json, count),
  maxTokens: ({ json }) => numberField(json, 'max_completion_tokens', 'max_tokens'),
  output: 'limited',
  limitOutput: (json, limit) => openAiChatFormat.limitOutputTokens(json, limit),
  measure: (_request, answer, _text, promptEstimate, count) => openAiUsage(answer) ?? { promptTokens: promptEstimate, completionTokens: count(answerText(answer)) },
};

const completions: RelayEndpoint = {
  ...chat,
  path: '/v1/completions',
  format: undefined,
  estimatePrompt: ({ json }, count) => estimateFieldTokens(json, ['prompt', 'suffix'], count),
  maxTokens: ({ json }) => numberField(json, 'max_tokens'),
  limitOutput: (json, limit) => ({ ...json, max_tokens: limit }),
};

const embeddings: RelayEndpoint = {
  path: '/v1/embeddings',
  bodyType: 'json',
  streamable: false,
  estimatePrompt: ({ json }, count) => estimateFieldTokens(json, ['input'], count),
  maxTokens: () => 0,
  output: 'none',
  measure: (_request, answer, _text, promptEstimate) => openAiUsage(answer) ?? { promptTokens: promptEstimate, completionTokens: 0 },
};

const moderations: RelayEndpoint = { ...embeddings, path: '/v1/moderations', defaultModel: 'text-moderation-stable' };

const rerank: RelayEndpoint = {
  ...embeddings,
  path: '/v1/rerank',
  estimatePrompt: ({ json }, count) => estimateFieldTokens(json, ['query', 'documents'], count),
  measure: (_request, answer, _text, promptEstimate) => {
    const body = record(answer);
    const usage = openAiUsage(answer);
    if (usage) return usage;
    const total = numberField(record(body.usage), 'total_tokens') || numberField(record(record(body.meta).tokens), 'input_tokens');
    return { promptTokens: total || promptEstimate, completionTokens: 0 };
  },
};

const images: RelayEndpoint = {
  path: '/v1/images/generations',
  bodyType: 'json',
  defaultModel: 'dall-e',
  streamable: false,
  estimatePrompt: ({ json }, count) => estimateFieldTokens(json, ['prompt'], count),
  maxTokens: () => 0,
  // Image models priced by token (gpt-image-1) bill the generated image as output tokens.
  output: 'unlimited',
  measure: (_request, answer, _text, promptEstimate) => openAiUsage(answer) ?? { promptTokens: promptEstimate, completionTokens: 0 },
  units: (body) => Math.max(1, numberField(body, 'n')),
};

const imageEdits: RelayEndpoint = { ...images, path: '/v1/images/edits', bodyType: 'multipart' };

const speech: RelayEndpoint = {
  path: '/v1/audio/speech',
  bodyType: 'json',
  defaultModel: 'tts-1',
  streamable: false,
  estimatePrompt: ({ json }, count) => estimateFieldTokens(json, ['input'], count),
  maxTokens: () => 0,
  output: 'none',
  measure: (_request, _answer, _text, promptEstimate) => ({ promptTokens: promptEstimate, completionTokens: 0 }),
};

const transcriptions: RelayEndpoint = {
  path: '/v1/audio/transcriptions',
  bodyType: 'multipart',
  defaultModel: 'whisper-1',
  streamable: false,
  estimatePrompt: () => 0,
  maxTokens: () => 0,
  // The transcript is billed as output, and its length is known only from the audio.
  output: 'unlimited',
  measure: (_request, answer, text, _promptEstimate, count) => {
    const usage = openAiUsage(answer);
    if (usage) return usage;
    const transcript = typeof record(answer).text === 'string' ? (record(answer).text as string) : text;
    return { promptTokens: 0, completionTokens: count(transcript) };
  },
};

const translations: RelayEndpoint = { ...transcriptions, path: '/v1/audio/translations' };

/** Every OpenAI-format relay endpoint. */
export const openAiEndpoints: readonly RelayEndpoint[] = [chat, completions, embeddings, moderations, rerank, images, imageEdits, speech, transcriptions, translations];
