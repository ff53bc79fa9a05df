// Zod schemas of the OpenAI Responses wire format (request, response, output items, usage).
// Objects are loose: new fields OpenAI adds and vendor extensions pass through untouched.
// Item kinds the gateway cannot run (web_search_call, item_reference, …) are accepted as
// "other" items so the codec can report them instead of rejecting the whole request.
// @see https://platform.openai.com/docs/api-reference/responses
import { z } from 'zod';

const jsonObject = z.record(z.string(), z.unknown());

/** @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input */
export const openAiResponsesInputTextSchema = z.looseObject({ type: z.literal('input_text'), text: z.string() });

/** A URL or data URL, or an uploaded file id. @see https://platform.openai.com/docs/guides/images-vision */
export const openAiResponsesInputImageSchema = z.looseObject({
  type: z.literal('input_image'),
  image_url: z.string().nullish(),
  file_id: z.string().nullish(),
  detail: z.enum(['auto', 'low', 'high', 'original']).nullish(),
});

/** @see https://platform.openai.com/docs/guides/pdf-files */
export const openAiResponsesInputFileSchema = z.looseObject({
  type: z.literal('input_file'),
  file_data: z.string().optional(),
  file_id: z.string().nullish(),
  file_url: z.string().optional(),
  filename: z.string().optional(),
});

/** Text the model produced, replayed in later turns. @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-output */
export const openAiResponsesOutputTextSchema = z.looseObject({
  type: z.literal('output_text'),
  text: z.string(),
  annotations: z.array(z.unknown()).optional(),
  logprobs: z.array(z.unknown()).optional(),
});

/** @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-output */
export const openAiResponsesRefusalSchema = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });

/** Any content part of an input message. @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input */
export const openAiResponsesContentPartSchema = z.discriminatedUnion('type', [
  openAiResponsesInputTextSchema,
  openAiResponsesInputImageSchema,
  openAiResponsesInputFileSchema,
  openAiResponsesOutputTextSchema,
  openAiResponsesRefusalSchema,
]);

/** A conversation message; `type` may be omitted (the SDK's EasyInputMessage). @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input */
export const openAiResponsesMessageItemSchema = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string(), z.array(openAiResponsesContentPartSchema)]),
  id: z.string().nullish(),
  status: z.string().nullish(),
});

/** A function call the model made. @see https://platform.openai.com/docs/guides/function-calling */
export const openAiResponsesFunctionCallItemSchema = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string(),
  id: z.string().nullish(),
  status: z.string().nullish(),
});

/** The caller's result of a function call. @see https://platform.openai.com/docs/guides/function-calling */
export const openAiResponsesFunctionCallOutputItemSchema = z.looseObject({
  type: z.literal('function_call_output'),
  call_id: z.string(),
  output: z.union([z.string(), z.array(z.discriminatedUnion('type', [openAiResponsesInputTextSchema, openAiResponsesInputImageSchema, openAiResponsesInputFileSchema]))]),
  id: z.string().nullish(),
  status: z.string().nullish(),
});

/** @see https://platform.openai.com/docs/guides/reasoning#reasoning-summaries */
export const openAiResponsesSummaryTextSchema = z.looseObject({ type: z.literal('summary_text'), text: z.string() });

/** Reasoning: summaries, raw reasoning text (open models) and the opaque encrypted state. @see https://platform.openai.com/docs/guides/reasoning */
export const openAiResponsesReasoningItemSchema = z.looseObject({
  type: z.literal('reasoning'),
  id: z.string().nullish(),
  summary: z.array(openAiResponsesSummaryTextSchema).optional(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string() })).nullish(),
  encrypted_content: z.string().nullish(),
  status: z.string().nullish(),
});

/** Item types the codec understands; any other type is an "other" item. */
export const openAiResponsesKnownItemTypes: ReadonlySet<string> = new Set(['message', 'function_call', 'function_call_output', 'reasoning']);

/** An item of another kind (built-in tool calls, item references, …). */
export const openAiResponsesOtherItemSchema = z.looseObject({
  type: z.string().refine((type) => !openAiResponsesKnownItemTypes.has(type), { message: 'malformed item' }),
});

/** One input item. @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input */
export const openAiResponsesInputItemSchema = z.union([
  openAiResponsesMessageItemSchema,
  openAiResponsesFunctionCallItemSchema,
  openAiResponsesFunctionCallOutputItemSchema,
  openAiResponsesReasoningItemSchema,
  openAiResponsesOtherItemSchema,
]);

/** A function tool; unlike chat, the definition is flat. @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools */
export const openAiResponsesFunctionToolSchema = z.looseObject({
  type: z.literal('function'),
  name: z.string(),
  description: z.string().nullish(),
  parameters: jsonObject.nullish(),
  strict: z.boolean().nullish(),
});

/** A built-in tool (web_search, file_search, code_interpreter, mcp, …) that only OpenAI runs. */
export const openAiResponsesBuiltInToolSchema = z.looseObject({
  type: z.string().refine((type) => type !== 'function', { message: 'malformed function tool' }),
});

/** @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools */
export const openAiResponsesToolSchema = z.union([openAiResponsesFunctionToolSchema, openAiResponsesBuiltInToolSchema]);

/** @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tool_choice */
export const openAiResponsesToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.looseObject({ type: z.literal('function'), name: z.string() }),
  z.looseObject({ type: z.string() }),
]);

/** @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-text */
export const openAiResponsesTextFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    name: z.string(),
    schema: jsonObject,
    description: z.string().nullish(),
    strict: z.boolean().nullish(),
  }),
]);

/** @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-reasoning */
export const openAiResponsesReasoningConfigSchema = z.looseObject({
  effort: z.string().nullish(),
  summary: z.string().nullish(),
  /** Deprecated name of `summary`. */
  generate_summary: z.string().nullish(),
});

/** The request body of POST /v1/responses. @see https://platform.openai.com/docs/api-reference/responses/create */
export const openAiResponsesRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(openAiResponsesInputItemSchema)]).optional(),
  instructions: z.string().nullish(),
  tools: z.array(openAiResponsesToolSchema).nullish(),
  tool_choice: openAiResponsesToolChoiceSchema.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  max_output_tokens: z.number().int().nullish(),
  reasoning: openAiResponsesReasoningConfigSchema.nullish(),
  text: z.looseObject({ format: openAiResponsesTextFormatSchema.nullish() }).nullish(),
  stream: z.boolean().nullish(),
  store: z.boolean().nullish(),
  previous_response_id: z.string().nullish(),
  include: z.array(z.string()).nullish(),
  user: z.string().nullish(),
});

/** @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage */
export const openAiResponsesUsageSchema = z.looseObject({
  input_tokens: z.number().nullish(),
  input_tokens_details: z.looseObject({ cached_tokens: z.number().nullish(), cache_write_tokens: z.number().nullish() }).nullish(),
  output_tokens: z.number().nullish(),
  output_tokens_details: z.looseObject({ reasoning_tokens: z.number().nullish() }).nullish(),
  total_tokens: z.number().nullish(),
});

/** An assistant message of the output. @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-output */
export const openAiResponsesOutputMessageSchema = z.looseObject({
  type: z.literal('message'),
  id: z.string(),
  role: z.literal('assistant'),
  status: z.string().optional(),
  content: z.array(z.discriminatedUnion('type', [openAiResponsesOutputTextSchema, openAiResponsesRefusalSchema])),
});

/** One output item. @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-output */
export const openAiResponsesOutputItemSchema = z.union([
  openAiResponsesOutputMessageSchema,
  openAiResponsesFunctionCallItemSchema,
  openAiResponsesReasoningItemSchema,
  z.looseObject({ type: z.string().refine((type) => !openAiResponsesKnownItemTypes.has(type), { message: 'malformed output item' }) }),
]);

/** A complete answer. @see https://platform.openai.com/docs/api-reference/responses/object */
export const openAiResponsesResponseSchema = z.looseObject({
  id: z.string(),
  object: z.literal('response').optional(),
  created_at: z.number(),
  status: z.string().optional(),
  model: z.string(),
  output: z.array(openAiResponsesOutputItemSchema),
  usage: openAiResponsesUsageSchema.nullish(),
  incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
  error: z.looseObject({ code: z.string().nullish(), message: z.string() }).nullish(),
});

/** One `data:` payload of a stream; every event names itself in `type`. @see https://platform.openai.com/docs/api-reference/responses-streaming */
export const openAiResponsesStreamEventSchema = z.looseObject({ type: z.string(), sequence_number: z.number().optional() });

/** A validated Responses request. */
export type OpenAiResponsesRequest = z.infer<typeof openAiResponsesRequestSchema>;
/** One input item. */
export type OpenAiResponsesInputItem = z.infer<typeof openAiResponsesInputItemSchema>;
/** One content part of an input message. */
export type OpenAiResponsesContentPart = z.infer<typeof openAiResponsesContentPartSchema>;
/** A function or built-in tool. */
export type OpenAiResponsesTool = z.infer<typeof openAiResponsesToolSchema>;
/** A usage object. */
export type OpenAiResponsesUsage = z.infer<typeof openAiResponsesUsageSchema>;
/** One output item. */
export type OpenAiResponsesOutputItem = z.infer<typeof openAiResponsesOutputItemSchema>;
/** A complete answer. */
export type OpenAiResponsesResponse = z.infer<typeof openAiResponsesResponseSchema>;
/** One streamed event. */
export type OpenAiResponsesStreamEvent = z.infer<typeof openAiResponsesStreamEventSchema>;
