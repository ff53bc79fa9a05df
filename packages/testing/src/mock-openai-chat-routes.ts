// OpenAI text endpoints of the mock upstream: /v1/chat/completions and /v1/completions, JSON and SSE.
import { limitMockAnswer, mockCompletionTokens, mockReplyPieces, mockToolCallCompletionTokens, type MockBehaviour } from './mock-behaviour';
import { bodyField, sendInvalidRequest, type MockExchange, type MockRoute } from './mock-exchange';
import { isObject, listOf } from './mock-json';
import { countMockChatPromptTokens, countMockInputTokens } from './mock-tokens';

/** The fixed `created` timestamp of every mock answer, so answers are byte-for-byte reproducible. */
export const mockCreatedAt = 1_700_000_000;

/** OpenAI usage object for an answer with the given prompt tokens and `completionTokens` so far. */
export function mockOpenAiUsage(behaviour: MockBehaviour, promptTokens: number, completionTokens = mockCompletionTokens(behaviour)): Record<string, unknown> {
  const usage: Record<string, unknown> = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  if (behaviour.cachedTokens > 0) usage.prompt_tokens_details = { cached_tokens: behaviour.cachedTokens, audio_tokens: 0 };
  if (behaviour.reasoningTokens > 0) usage.completion_tokens_details = { reasoning_tokens: behaviour.reasoningTokens };
  return usage;
}

function frame(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

function wantsUsage(exchange: MockExchange): boolean {
  const options = bodyField(exchange, 'stream_options');
  return typeof options === 'object' && options !== null && 'include_usage' in options && options.include_usage === true;
}

interface TextAnswer {
  id: string;
  model: string;
  promptTokens: number;
  /** The behaviour after the output limit (see `limitMockAnswer`). */
  behaviour: MockBehaviour;
  /** Builds one stream chunk: a content piece, or the finish marker when `piece` is undefined. */
  chunk(piece: string | undefined, first: boolean): Record<string, unknown>;
  object: string;
}

/** The answer's behaviour cut to the request's output limit, and its finish reason: `length` when the limit cut it. */
function limitedAnswer(exchange: MockExchange, limit: unknown): { behaviour: MockBehaviour; finishReason: 'stop' | 'length' } {
  const limited = limitMockAnswer(exchange.behaviour, limit);
  return { behaviour: limited.behaviour, finishReason: limited.truncated ? 'length' : 'stop' };
}

/** Streams pieces, finish chunk, optional usage chunk and [DONE], honouring the usage mode. */
function streamTextAnswer(exchange: MockExchange, answer: TextAnswer): Promise<void> {
  const behaviour = answer.behaviour;
  const pieces = mockReplyPieces(behaviour);
  const includeUsage = wantsUsage(exchange);
  const base = { id: answer.id, object: answer.object, created: mockCreatedAt, model: answer.model };
  const frames = pieces.map((piece, index) => {
    const chunk: Record<string, unknown> = { ...base, ...answer.chunk(piece, index === 0) };
    if (behaviour.usage === 'every-chunk') chunk.usage = mockOpenAiUsage(behaviour, answer.promptTokens, index + 1);
    else if (includeUsage) chunk.usage = null;
    return frame(chunk);
  });
  const finish: Record<string, unknown> = { ...base, ...answer.chunk(undefined, pieces.length === 0) };
  if (behaviour.usage === 'every-chunk') finish.usage = mockOpenAiUsage(behaviour, answer.promptTokens);
  else if (includeUsage) finish.usage = null;
  frames.push(frame(finish));
  if (includeUsage && behaviour.usage === 'last') {
    frames.push(frame({ ...base, choices: [], usage: mockOpenAiUsage(behaviour, answer.promptTokens) }));
  }
  frames.push('data: [DONE]\n\n');
  return exchange.sendSse(frames);
}

/** The call the answer makes: when the behaviour asks for one, the body declares a function and its last message is no tool result. */
function chooseToolCall(exchange: MockExchange): { name: string; arguments: string } | undefined {
  const reply = exchange.behaviour.replyToolCall;
  if (!reply) return undefined;
  const firstName = listOf(bodyField(exchange, 'tools'))
    .map((tool) => (isObject(tool) && isObject(tool.function) ? tool.function.name : undefined))
    .find((name) => typeof name === 'string');
  if (typeof firstName !== 'string') return undefined;
  const last = listOf(bodyField(exchange, 'messages')).at(-1);
  if (isObject(last) && last.role === 'tool') return undefined;
  return { name: reply.name ?? firstName, arguments: JSON.stringify(reply.arguments ?? {}) };
}

/** Answers with one function call (`tool_calls`, finish reason `tool_calls`), whole or streamed as OpenAI streams calls. */
function sendToolCallAnswer(exchange: MockExchange, model: string, call: { name: string; arguments: string }): Promise<void> {
  const behaviour = exchange.behaviour;
  const promptTokens = behaviour.promptTokens ?? countMockChatPromptTokens(exchange.request.body);
  const id = `chatcmpl-mock-${exchange.sequence}`;
  const callId = `call_mock_${exchange.sequence}`;
  const usage = mockOpenAiUsage(behaviour, promptTokens, mockToolCallCompletionTokens(behaviour));
  const base = { id, object: 'chat.completion.chunk', created: mockCreatedAt, model };
  if (bodyField(exchange, 'stream') !== true) {
    const message = { role: 'assistant', content: null, refusal: null, tool_calls: [{ id: callId, type: 'function', function: call }] };
    const answer: Record<string, unknown> = { id, object: 'chat.completion', created: mockCreatedAt, model, choices: [{ index: 0, message, logprobs: null, finish_reason: 'tool_calls' }] };
    if (behaviour.usage !== 'omitted') answer.usage = usage;
    return exchange.sendJson(200, answer);
  }
  const half = Math.ceil(call.arguments.length / 2);
  const deltas = [
    { role: 'assistant', content: null, tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: call.name, arguments: '' } }] },
    { tool_calls: [{ index: 0, function: { arguments: call.arguments.slice(0, half) } }] },
    { tool_calls: [{ index: 0, function: { arguments: call.arguments.slice(half) } }] },
  ];
  const frames = deltas.map((delta) => frame({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: null }] }));
  frames.push(frame({ ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'tool_calls' }] }));
  if (wantsUsage(exchange) && behaviour.usage !== 'omitted') frames.push(frame({ ...base, choices: [], usage }));
  frames.push('data: [DONE]\n\n');
  return exchange.sendSse(frames);
}

async function handleChatCompletions(exchange: MockExchange): Promise<void> {
  const model = bodyField(exchange, 'model');
  if (typeof model !== 'string' || !Array.isArray(bodyField(exchange, 'messages'))) {
    return sendInvalidRequest(exchange, 'model and messages are required');
  }
  const call = chooseToolCall(exchange);
  if (call) return sendToolCallAnswer(exchange, model, call);
  const limit = bodyField(exchange, 'max_completion_tokens') ?? bodyField(exchange, 'max_tokens');
  const { behaviour, finishReason } = limitedAnswer(exchange, limit);
  const promptTokens = behaviour.promptTokens ?? countMockChatPromptTokens(exchange.request.body);
  const id = `chatcmpl-mock-${exchange.sequence}`;
  if (bodyField(exchange, 'stream') === true) {
    return streamTextAnswer(exchange, {
      id,
      model,
      promptTokens,
      behaviour,
      object: 'chat.completion.chunk',
      chunk: (piece, first) => ({
        choices: [
          piece === undefined
            ? { index: 0, delta: first ? { role: 'assistant' } : {}, logprobs: null, finish_reason: finishReason }
            : { index: 0, delta: first ? { role: 'assistant', content: piece } : { content: piece }, logprobs: null, finish_reason: null },
        ],
      }),
    });
  }
  const answer: Record<string, unknown> = {
    id,
    object: 'chat.completion',
    created: mockCreatedAt,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: mockReplyPieces(behaviour).join(''), refusal: null }, logprobs: null, finish_reason: finishReason }],
    system_fingerprint: 'fp_mock',
  };
  if (behaviour.usage !== 'omitted') answer.usage = mockOpenAiUsage(behaviour, promptTokens);
  return exchange.sendJson(200, answer);
}

async function handleCompletions(exchange: MockExchange): Promise<void> {
  const model = bodyField(exchange, 'model');
  if (typeof model !== 'string') return sendInvalidRequest(exchange, 'model is required');
  const { behaviour, finishReason } = limitedAnswer(exchange, bodyField(exchange, 'max_tokens'));
  const promptTokens = behaviour.promptTokens ?? countMockInputTokens(bodyField(exchange, 'prompt'));
  const id = `cmpl-mock-${exchange.sequence}`;
  if (bodyField(exchange, 'stream') === true) {
    return streamTextAnswer(exchange, {
      id,
      model,
      promptTokens,
      behaviour,
      object: 'text_completion',
      chunk: (piece) => ({ choices: [{ text: piece ?? '', index: 0, logprobs: null, finish_reason: piece === undefined ? finishReason : null }] }),
    });
  }
  const answer: Record<string, unknown> = {
    id,
    object: 'text_completion',
    created: mockCreatedAt,
    model,
    choices: [{ text: mockReplyPieces(behaviour).join(''), index: 0, logprobs: null, finish_reason: finishReason }],
  };
  if (behaviour.usage !== 'omitted') answer.usage = mockOpenAiUsage(behaviour, promptTokens);
  return exchange.sendJson(200, answer);
}

/** The OpenAI text-generation routes. */
export const openAiChatMockRoutes: readonly MockRoute[] = [
  { method: 'POST', path: '/v1/chat/completions', handle: handleChatCompletions },
  { method: 'POST', path: '/v1/completions', handle: handleCompletions },
];
