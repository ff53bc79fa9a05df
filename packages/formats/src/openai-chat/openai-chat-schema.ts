// Zod schemas of the OpenAI Chat Completions wire format (request, response, stream chunk, error).
// Objects are loose: vendor extensions pass through untouched, since many providers speak this dialect.
import { z } from 'zod';

const jsonObject = z.record(z.string(), z.unknown());

/** @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages */
export const openAiTextContentPartSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

/** @see https://platform.openai.com/docs/guides/images-vision */
export const openAiImageContentPartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).optional() }),
});

/** @see https://platform.openai.com/docs/guides/audio */
export const openAiAudioContentPartSchema = z.looseObject({
  type: z.literal('input_audio'),
  input_audio: z.looseObject({ data: z.string(), format: z.string() }),
});

/** @see https://platform.openai.com/docs/guides/pdf-files */
export const openAiFileContentPartSchema = z.looseObject({
  type: z.literal('file'),
  file: z.looseObject({
    file_data: z.string().optional(),
    file_id: z.string().optional(),
    filename: z.string().optional(),
  }),
});

/** The assistant declined to answer. @see https://platform.openai.com/docs/api-reference/chat/create */
export const openAiRefusalContentPartSchema = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });

/** Any content part of a message. @see https://platform.openai.com/docs/api-reference/chat/create */
export const openAiContentPartSchema = z.discriminatedUnion('type', [
  openAiTextContentPartSchema,
  openAiImageContentPartSchema,
  openAiAudioContentPartSchema,
  openAiFileContentPartSchema,
  openAiRefusalContentPartSchema,
]);

/** @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices-message-tool_calls */
export const openAiToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

const messageContentSchema = z.union([z.string(), z.array(openAiContentPartSchema)]);

/** One message of the conversation. @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages */
export const openAiChatMessageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: messageContentSchema, name: z.string().optional() }),
  z.looseObject({ role: z.literal('developer'), content: messageContentSchema, name: z.string().optional() }),
  z.looseObject({ role: z.literal('user'), content: messageContentSchema, name: z.string().optional() }),
  z.looseObject({
    role: z.literal('assistant'),
    content: messageContentSchema.nullish(),
    name: z.string().optional(),
    refusal: z.string().nullish(),
    tool_calls: z.array(openAiToolCallSchema).nullish(),
    function_call: z.looseObject({ name: z.string(), arguments: z.string() }).nullish(),
    /** Non-standard reasoning text echoed back by DeepSeek-style clients. */
    reasoning_content: z.string().nullish(),
  }),
  z.looseObject({ role: z.literal('tool'), content: messageContentSchema, tool_call_id: z.string() }),
  z.looseObject({ role: z.literal('function'), content: z.string().nullable(), name: z.string() }),
]);

/** @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools */
export const openAiToolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: jsonObject.optional(),
    strict: z.boolean().nullish(),
  }),
});

/** @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tool_choice */
export const openAiToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) }),
]);

/** @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-response_format */
export const openAiResponseFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    json_schema: z.looseObject({
      name: z.string(),
      description: z.string().optional(),
      schema: jsonObject.optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);

/** The request body of POST /v1/chat/completions. @see https://platform.openai.com/docs/api-reference/chat/create */
export const openAiChatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(openAiChatMessageSchema),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  max_tokens: z.number().int().nullish(),
  max_completion_tokens: z.number().int().nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  n: z.number().int().nullish(),
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
  seed: z.number().int().nullish(),
  presence_penalty: z.number().nullish(),
  frequency_penalty: z.number().nullish(),
  tools: z.array(openAiToolSchema).nullish(),
  tool_choice: openAiToolChoiceSchema.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  /** Deprecated predecessor of `tools`. */
  functions: z.array(openAiToolSchema.shape.function).nullish(),
  /** Deprecated predecessor of `tool_choice`. */
  function_call: z.union([z.enum(['none', 'auto']), z.looseObject({ name: z.string() })]).nullish(),
  reasoning_effort: z.string().nullish(),
  response_format: openAiResponseFormatSchema.nullish(),
  user: z.string().nullish(),
});

/** @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage */
export const openAiUsageSchema = z.looseObject({
  prompt_tokens: z.number().nullish(),
  completion_tokens: z.number().nullish(),
  total_tokens: z.number().nullish(),
  prompt_tokens_details: z
    .looseObject({
      cached_tokens: z.number().nullish(),
      audio_tokens: z.number().nullish(),
      /** OpenRouter's count of prompt tokens written to the provider cache. */
      cache_write_tokens: z.number().nullish(),
    })
    .nullish(),
  completion_tokens_details: z
    .looseObject({ reasoning_tokens: z.number().nullish(), audio_tokens: z.number().nullish() })
    .nullish(),
});

/** @see https://platform.openai.com/docs/api-reference/chat/object */
export const openAiChatResponseSchema = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.number(),
      message: z.looseObject({
        role: z.string().optional(),
        /** A string, or typed parts (Mistral: thinking and text parts); see openai-chat-content-parts.ts. */
        content: z.union([z.string(), z.array(z.unknown())]).nullish(),
        refusal: z.string().nullish(),
        tool_calls: z.array(openAiToolCallSchema).nullish(),
        /** DeepSeek and most compatible servers return reasoning here. */
        reasoning_content: z.string().nullish(),
        /** OpenRouter's name for the same reasoning text. */
        reasoning: z.string().nullish(),
      }),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: openAiUsageSchema.nullish(),
  system_fingerprint: z.string().nullish(),
});

/** @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming */
export const openAiChatChunkToolCallSchema = z.looseObject({
  index: z.number(),
  id: z.string().nullish(),
  type: z.literal('function').nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

/** One `data:` payload of a streamed answer. @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming */
export const openAiChatChunkSchema = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.number(),
      delta: z
        .looseObject({
          role: z.string().nullish(),
          /** A string, or typed parts (Mistral streams thinking and text parts). */
          content: z.union([z.string(), z.array(z.unknown())]).nullish(),
          refusal: z.string().nullish(),
          reasoning_content: z.string().nullish(),
          reasoning: z.string().nullish(),
          tool_calls: z.array(openAiChatChunkToolCallSchema).nullish(),
        })
        .optional(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: openAiUsageSchema.nullish(),
  system_fingerprint: z.string().nullish(),
});

/** @see https://platform.openai.com/docs/guides/error-codes */
export const openAiErrorBodySchema = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string().nullish(),
    param: z.string().nullish(),
    code: z.union([z.string(), z.number()]).nullish(),
  }),
});

/** A validated chat request. */
export type OpenAiChatRequest = z.infer<typeof openAiChatRequestSchema>;
/** One request message. */
export type OpenAiChatMessage = z.infer<typeof openAiChatMessageSchema>;
/** One content part of a message. */
export type OpenAiContentPart = z.infer<typeof openAiContentPartSchema>;
/** A usage object. */
export type OpenAiUsage = z.infer<typeof openAiUsageSchema>;
/** A complete chat answer. */
export type OpenAiChatResponse = z.infer<typeof openAiChatResponseSchema>;
/** One streamed chunk. */
export type OpenAiChatChunk = z.infer<typeof openAiChatChunkSchema>;
/** An error body. */
export type OpenAiErrorBody = z.infer<typeof openAiErrorBodySchema>;
