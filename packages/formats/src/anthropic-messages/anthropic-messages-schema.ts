// Zod schemas of the Anthropic Messages wire format (request, response, stream events, error).
// Objects are loose so fields Anthropic adds later pass through; block types this gateway cannot
// convert (server tools, search results, …) are accepted as opaque blocks and reported when dropped.
// Checked against the @anthropic-ai/sdk 0.137 type definitions (resources/messages/messages.d.ts).
import { z } from 'zod';

const jsonObject = z.record(z.string(), z.unknown());

/** @see https://docs.claude.com/en/docs/build-with-claude/prompt-caching */
export const anthropicCacheControlSchema = z.looseObject({ type: z.literal('ephemeral'), ttl: z.string().optional() });

/** @see https://docs.claude.com/en/api/messages#body-messages-content */
export const anthropicTextBlockSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: anthropicCacheControlSchema.nullish(),
  citations: z.array(z.unknown()).nullish(),
});

/** Image sources: inline base64, a URL, or a Files API id. @see https://docs.claude.com/en/docs/build-with-claude/vision */
export const anthropicImageSourceSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
  z.looseObject({ type: z.literal('url'), url: z.string() }),
  z.looseObject({ type: z.literal('file'), file_id: z.string() }),
]);

/** @see https://docs.claude.com/en/docs/build-with-claude/vision */
export const anthropicImageBlockSchema = z.looseObject({
  type: z.literal('image'),
  source: anthropicImageSourceSchema,
  cache_control: anthropicCacheControlSchema.nullish(),
});

/** Document sources: base64 PDF, plain text, a URL, a Files API id, or nested content blocks. @see https://docs.claude.com/en/docs/build-with-claude/pdf-support */
export const anthropicDocumentSourceSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
  z.looseObject({ type: z.literal('text'), media_type: z.string(), data: z.string() }),
  z.looseObject({ type: z.literal('url'), url: z.string() }),
  z.looseObject({ type: z.literal('file'), file_id: z.string() }),
  z.looseObject({ type: z.literal('content'), content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]) }),
]);

/** @see https://docs.claude.com/en/docs/build-with-claude/pdf-support */
export const anthropicDocumentBlockSchema = z.looseObject({
  type: z.literal('document'),
  source: anthropicDocumentSourceSchema,
  title: z.string().nullish(),
  context: z.string().nullish(),
  citations: z.unknown().optional(),
  cache_control: anthropicCacheControlSchema.nullish(),
});

/** A tool call by the assistant; `input` is a JSON object. @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use */
export const anthropicToolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: jsonObject,
  cache_control: anthropicCacheControlSchema.nullish(),
});

/** The caller's answer to a tool call, sent in a user message. @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-tool-use-and-tool-result-content-blocks */
export const anthropicToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).optional(),
  is_error: z.boolean().optional(),
  cache_control: anthropicCacheControlSchema.nullish(),
});

/** Extended thinking; `signature` must be replayed unchanged. @see https://docs.claude.com/en/docs/build-with-claude/extended-thinking */
export const anthropicThinkingBlockSchema = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() });

/** Thinking the safety system encrypted; `data` must be replayed unchanged. @see https://docs.claude.com/en/docs/build-with-claude/extended-thinking#thinking-redaction */
export const anthropicRedactedThinkingBlockSchema = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });

const knownBlockTypes = new Set(['text', 'image', 'document', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking']);

/** Server-tool and other block types the gateway does not convert; kept opaque. @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/overview */
export const anthropicOtherBlockSchema = z.looseObject({ type: z.string().refine((type) => !knownBlockTypes.has(type), 'malformed content block') });

/** The content blocks the gateway converts. @see https://docs.claude.com/en/api/messages#body-messages-content */
export const anthropicKnownContentBlockSchema = z.discriminatedUnion('type', [
  anthropicTextBlockSchema,
  anthropicImageBlockSchema,
  anthropicDocumentBlockSchema,
  anthropicToolUseBlockSchema,
  anthropicToolResultBlockSchema,
  anthropicThinkingBlockSchema,
  anthropicRedactedThinkingBlockSchema,
]);

/** Any content block of a request message. @see https://docs.claude.com/en/api/messages#body-messages-content */
export const anthropicContentBlockSchema = z.union([anthropicKnownContentBlockSchema, anthropicOtherBlockSchema]);

/** One conversation turn; `system` is accepted as the SDK types allow it, and hoisted into the system prompt. @see https://docs.claude.com/en/api/messages#body-messages */
export const anthropicMessageSchema = z.looseObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(anthropicContentBlockSchema)]),
});

/** A client tool the model may call. @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools */
export const anthropicCustomToolSchema = z.looseObject({
  type: z.literal('custom').nullish(),
  name: z.string(),
  description: z.string().optional(),
  input_schema: jsonObject,
  strict: z.boolean().optional(),
  cache_control: anthropicCacheControlSchema.nullish(),
});

/** A server or versioned tool (`web_search_20250305`, `bash_20250124`, …). @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/overview */
export const anthropicServerToolSchema = z.looseObject({ type: z.string(), name: z.string() });

/** @see https://docs.claude.com/en/api/messages#body-tools */
export const anthropicToolSchema = z.union([anthropicCustomToolSchema, anthropicServerToolSchema]);

/** @see https://docs.claude.com/en/api/messages#body-tool-choice */
export const anthropicToolChoiceSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('auto'), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal('any'), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal('tool'), name: z.string(), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal('none') }),
]);

/** Thinking configuration: a manual budget, off, or model-decided (`adaptive`). @see https://docs.claude.com/en/docs/build-with-claude/extended-thinking */
export const anthropicThinkingConfigSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('enabled'), budget_tokens: z.number().int(), display: z.enum(['summarized', 'omitted']).nullish() }),
  z.looseObject({ type: z.literal('disabled') }),
  z.looseObject({ type: z.literal('adaptive'), display: z.enum(['summarized', 'omitted']).nullish() }),
]);

/** Effort and structured-output settings. @see https://docs.claude.com/en/docs/build-with-claude/effort */
export const anthropicOutputConfigSchema = z.looseObject({
  effort: z.string().nullish(),
  /** @see https://docs.claude.com/en/docs/build-with-claude/structured-outputs */
  format: z.looseObject({ type: z.literal('json_schema'), schema: jsonObject }).nullish(),
});

/** The request body of POST /v1/messages. @see https://docs.claude.com/en/api/messages */
export const anthropicMessagesRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(anthropicMessageSchema),
  system: z.union([z.string(), z.array(anthropicTextBlockSchema)]).optional(),
  max_tokens: z.number().int().nonnegative(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  top_k: z.number().int().optional(),
  stop_sequences: z.array(z.string()).optional(),
  stream: z.boolean().optional(),
  tools: z.array(anthropicToolSchema).optional(),
  tool_choice: anthropicToolChoiceSchema.optional(),
  thinking: anthropicThinkingConfigSchema.optional(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).optional(),
  output_config: anthropicOutputConfigSchema.optional(),
});

/** Token counts; `input_tokens` excludes cache reads and writes. @see https://docs.claude.com/en/api/messages#response-usage */
export const anthropicUsageSchema = z.looseObject({
  input_tokens: z.number().nullish(),
  output_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
  output_tokens_details: z.looseObject({ thinking_tokens: z.number().nullish() }).nullish(),
  server_tool_use: z.looseObject({ web_search_requests: z.number().nullish() }).nullish(),
  service_tier: z.string().nullish(),
});

/** Content blocks of an answer. @see https://docs.claude.com/en/api/messages#response-content */
export const anthropicResponseBlockSchema = z.union([
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text'), text: z.string(), citations: z.array(z.unknown()).nullish() }),
    anthropicThinkingBlockSchema,
    anthropicRedactedThinkingBlockSchema,
    z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  ]),
  z.looseObject({ type: z.string().refine((type) => !['text', 'thinking', 'redacted_thinking', 'tool_use'].includes(type), 'malformed content block') }),
]);

/** Why generation stopped. @see https://docs.claude.com/en/api/handling-stop-reasons */
export const anthropicStopReasonSchema = z.enum([
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded',
]);

/** A complete answer (`type: "message"`). @see https://docs.claude.com/en/api/messages#response */
export const anthropicMessagesResponseSchema = z.looseObject({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  content: z.array(anthropicResponseBlockSchema),
  model: z.string(),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  usage: anthropicUsageSchema.nullish(),
});

/** Error types and their HTTP statuses. @see https://docs.claude.com/en/api/errors */
export const anthropicErrorTypeSchema = z.enum([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'timeout_error',
  'api_error',
  'overloaded_error',
]);

/** The error body, also sent as the data of an `error` stream event. @see https://docs.claude.com/en/api/errors#error-shapes */
export const anthropicErrorBodySchema = z.looseObject({
  type: z.literal('error'),
  error: z.looseObject({ type: z.string(), message: z.string() }),
  request_id: z.string().nullish(),
});

/** Deltas of a `content_block_delta` event. @see https://docs.claude.com/en/docs/build-with-claude/streaming#content-block-delta-types */
export const anthropicContentDeltaSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text_delta'), text: z.string() }),
  z.looseObject({ type: z.literal('input_json_delta'), partial_json: z.string() }),
  z.looseObject({ type: z.literal('thinking_delta'), thinking: z.string() }),
  z.looseObject({ type: z.literal('signature_delta'), signature: z.string() }),
  z.looseObject({ type: z.literal('citations_delta'), citation: z.unknown() }),
]);

/** One event of a streamed answer; the SSE `event:` line repeats `type`. @see https://docs.claude.com/en/docs/build-with-claude/streaming#event-types */
export const anthropicStreamEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('message_start'), message: anthropicMessagesResponseSchema }),
  z.looseObject({ type: z.literal('content_block_start'), index: z.number().int(), content_block: anthropicResponseBlockSchema }),
  z.looseObject({ type: z.literal('content_block_delta'), index: z.number().int(), delta: anthropicContentDeltaSchema }),
  z.looseObject({ type: z.literal('content_block_stop'), index: z.number().int() }),
  z.looseObject({
    type: z.literal('message_delta'),
    delta: z.looseObject({ stop_reason: z.string().nullish(), stop_sequence: z.string().nullish() }),
    usage: anthropicUsageSchema.nullish(),
  }),
  z.looseObject({ type: z.literal('message_stop') }),
  z.looseObject({ type: z.literal('ping') }),
  anthropicErrorBodySchema,
]);

/** A validated Messages request. */
export type AnthropicMessagesRequest = z.infer<typeof anthropicMessagesRequestSchema>;
/** One request message. */
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;
/** One request content block. */
export type AnthropicContentBlock = z.infer<typeof anthropicContentBlockSchema>;
/** A content block of a type the gateway converts. */
export type AnthropicKnownContentBlock = z.infer<typeof anthropicKnownContentBlockSchema>;
/** A text block (also the system prompt's block type). */
export type AnthropicTextBlock = z.infer<typeof anthropicTextBlockSchema>;
/** One tool definition. */
export type AnthropicTool = z.infer<typeof anthropicToolSchema>;
/** A tool choice. */
export type AnthropicToolChoice = z.infer<typeof anthropicToolChoiceSchema>;
/** A thinking configuration. */
export type AnthropicThinkingConfig = z.infer<typeof anthropicThinkingConfigSchema>;
/** A usage object. */
export type AnthropicUsage = z.infer<typeof anthropicUsageSchema>;
/** One answer content block. */
export type AnthropicResponseBlock = z.infer<typeof anthropicResponseBlockSchema>;
/** A complete answer. */
export type AnthropicMessagesResponse = z.infer<typeof anthropicMessagesResponseSchema>;
/** An error body. */
export type AnthropicErrorBody = z.infer<typeof anthropicErrorBodySchema>;
/** An error type. */
export type AnthropicErrorType = z.infer<typeof anthropicErrorTypeSchema>;
/** A stop reason. */
export type AnthropicStopReason = z.infer<typeof anthropicStopReasonSchema>;
/** One stream event. */
export type AnthropicStreamEvent = z.infer<typeof anthropicStreamEventSchema>;

/** Narrows a request content block to the types the gateway converts. */
export function isKnownAnthropicContentBlock(block: AnthropicContentBlock): block is AnthropicKnownContentBlock {
  return knownBlockTypes.has(block.type);
}
