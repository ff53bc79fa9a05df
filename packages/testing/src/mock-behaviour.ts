// What the mock upstream does: content size, timing, usage reporting and injected faults.

/** A failure to inject. */
export type MockFault =
  /** Answer with this status and an OpenAI-style error body. */
  | { type: 'status'; status: number; message?: string; errorType?: string; code?: string | null; headers?: Record<string, string> }
  /** Read the request, then never answer (until the server closes). */
  | { type: 'hang' }
  /** Send `afterChunks` stream frames (0 = none, not even headers for JSON answers), then cut the connection. */
  | { type: 'drop'; afterChunks: number };

/** How usage is reported: in the last stream chunk (when `include_usage` asks for it), never, or cumulatively in every chunk. */
export type MockUsageMode = 'last' | 'omitted' | 'every-chunk';

/** A function-call answer given instead of text. */
export interface MockToolCallReply {
  /** The function to call; the first one the request declares when absent. */
  name?: string;
  /** The call's arguments; `{}` when absent. */
  arguments?: Record<string, unknown>;
  /** Gemini only: the `thoughtSignature` sent beside the call, as Gemini 3 models do. */
  signature?: string;
}

/** The full behaviour of one answer. */
export interface MockBehaviour {
  /** Reported prompt tokens; undefined derives them from the request text (see mock-tokens). */
  promptTokens: number | undefined;
  /** Content chunks of a stream, and content pieces of a JSON answer. */
  chunkCount: number;
  /** Exact content pieces; when set they replace the generated ones and fix the chunk count. */
  replyChunks: string[] | undefined;
  /** Pause between stream frames. */
  chunkDelayMs: number;
  /** Pause before the status line and headers. */
  firstByteDelayMs: number;
  usage: MockUsageMode;
  /** Reported as prompt_tokens_details.cached_tokens (Anthropic: cache_read_input_tokens). */
  cachedTokens: number;
  /** Prompt tokens written to the cache; only dialects that report cache writes send it (Anthropic: cache_creation_input_tokens). */
  cacheWriteTokens: number;
  /** Reported as completion_tokens_details.reasoning_tokens and added to completion tokens. */
  reasoningTokens: number;
  fault: MockFault | undefined;
  /**
   * Extra fields merged into every usage object an Anthropic answer reports, e.g. `server_tool_use: { web_search_requests: 2 }`
   * for billing units counted beside the tokens.
   */
  usageFields: Readonly<Record<string, unknown>> | undefined;
  /**
   * When set, a request that declares tools and does not end with tool results is answered with this
   * one call instead of text, so a tool round trip gets a call first and text after the results.
   */
  replyToolCall: MockToolCallReply | undefined;
  /**
   * Whether the answer obeys the request's output limit in its dialect's field (OpenAI chat `max_completion_tokens`
   * or `max_tokens`, completions `max_tokens`, Responses `max_output_tokens`, Anthropic `max_tokens`, Gemini
   * `generationConfig.maxOutputTokens`): an answer longer than the limit is cut to it, reasoning tokens first and then
   * content pieces (one token each), and ends with the dialect's length finish reason. When false the limit is ignored.
   */
  honorsOutputLimit: boolean;
  /** What GET /v1/models lists. */
  models: string[];
  /** Length of each embedding vector. */
  embeddingDimensions: number;
}

/** The behaviour when nothing was configured: three chunks, instant, usage last, no fault. */
export const defaultMockBehaviour: Readonly<MockBehaviour> = {
  promptTokens: undefined,
  chunkCount: 3,
  replyChunks: undefined,
  chunkDelayMs: 0,
  firstByteDelayMs: 0,
  usage: 'last',
  cachedTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
  fault: undefined,
  usageFields: undefined,
  replyToolCall: undefined,
  honorsOutputLimit: false,
  models: ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small', 'dall-e-3', 'tts-1', 'whisper-1', 'omni-moderation-latest', 'rerank-v1'],
  embeddingDimensions: 8,
};

/** The content pieces of an answer: `replyChunks`, or "w1", " w2", " w3", … (one token each). */
export function mockReplyPieces(behaviour: MockBehaviour): string[] {
  if (behaviour.replyChunks) return behaviour.replyChunks;
  return Array.from({ length: behaviour.chunkCount }, (_, index) => (index === 0 ? 'w1' : ` w${index + 1}`));
}

/** A text answer after its output limit: the behaviour to answer with, and whether the limit cut the answer short. */
export interface MockLimitedAnswer {
  behaviour: MockBehaviour;
  truncated: boolean;
}

/**
 * Cuts a text answer to `limit` output tokens when the behaviour honours output limits and `limit` is a number: the
 * reasoning tokens count first (as real APIs count them inside the limit), the content pieces get what is left. An
 * answer within the limit, or a limit that is not honoured, comes back unchanged.
 */
export function limitMockAnswer(behaviour: MockBehaviour, limit: unknown): MockLimitedAnswer {
  if (!behaviour.honorsOutputLimit || typeof limit !== 'number' || !Number.isFinite(limit)) return { behaviour, truncated: false };
  const allowed = Math.max(0, Math.floor(limit));
  if (mockCompletionTokens(behaviour) <= allowed) return { behaviour, truncated: false };
  const reasoningTokens = Math.min(behaviour.reasoningTokens, allowed);
  const replyChunks = mockReplyPieces(behaviour).slice(0, allowed - reasoningTokens);
  return { behaviour: { ...behaviour, reasoningTokens, replyChunks }, truncated: true };
}

/** Completion tokens of an answer: one per content piece, plus the hidden reasoning tokens. */
export function mockCompletionTokens(behaviour: MockBehaviour): number {
  return mockReplyPieces(behaviour).length + behaviour.reasoningTokens;
}

/** Completion tokens of a tool-call answer: one for the call, plus the hidden reasoning tokens. */
export function mockToolCallCompletionTokens(behaviour: MockBehaviour): number {
  return 1 + behaviour.reasoningTokens;
}

/** Default error texts per status, shaped like OpenAI's. */
export function mockErrorBody(fault: Extract<MockFault, { type: 'status' }>): { error: { message: string; type: string; param: null; code: string | null } } {
  const defaults: Record<number, { message: string; type: string; code: string | null }> = {
    400: { message: 'Invalid request.', type: 'invalid_request_error', code: null },
    401: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
    403: { message: 'You are not allowed to sample from this model', type: 'invalid_request_error', code: null },
    404: { message: 'The model does not exist or you do not have access to it.', type: 'invalid_request_error', code: 'model_not_found' },
    429: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
    500: { message: 'The server had an error while processing your request.', type: 'server_error', code: null },
    503: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', code: null },
  };
  const base = defaults[fault.status] ?? { message: `mock error ${fault.status}`, type: 'api_error', code: null };
  return {
    error: {
      message: fault.message ?? base.message,
      type: fault.errorType ?? base.type,
      param: null,
      code: fault.code === undefined ? base.code : fault.code,
    },
  };
}
