// Zod schemas of the Gemini generateContent wire format (request, response, stream chunk, error, model list).
// Objects are loose: fields the codecs do not map (new tools, media options) pass through untouched.
// The model and the streaming choice live in the URL path, never in these bodies.
import { z } from 'zod';
import { normaliseGeminiFieldNames } from './gemini-field-names';

const jsonObject = z.record(z.string(), z.unknown());

/** Inline bytes, base64. @see https://ai.google.dev/api/caching#Blob */
export const geminiBlobSchema = z.looseObject({ mimeType: z.string(), data: z.string() });

/** A file by URI (Files API, or a public URL). @see https://ai.google.dev/api/caching#FileData */
export const geminiFileDataSchema = z.looseObject({ mimeType: z.string().optional(), fileUri: z.string() });

/** A call the model asks for; `args` is an object, `id` is set by newer models. @see https://ai.google.dev/api/caching#FunctionCall */
export const geminiFunctionCallSchema = z.looseObject({ id: z.string().optional(), name: z.string(), args: jsonObject.optional() });

/** The caller's result for a call; `response` uses `output`/`error` keys by convention. @see https://ai.google.dev/api/caching#FunctionResponse */
export const geminiFunctionResponseSchema = z.looseObject({ id: z.string().optional(), name: z.string(), response: jsonObject.optional() });

/**
 * One part of a content: exactly one data field, plus `thought` (a thought summary) and
 * `thoughtSignature` (the opaque reasoning token, on text, thought or functionCall parts).
 * @see https://ai.google.dev/api/caching#Part
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export const geminiPartSchema = z.looseObject({
  text: z.string().optional(),
  inlineData: geminiBlobSchema.optional(),
  fileData: geminiFileDataSchema.optional(),
  functionCall: geminiFunctionCallSchema.optional(),
  functionResponse: geminiFunctionResponseSchema.optional(),
  /** Code the model ran with the code-execution tool. @see https://ai.google.dev/api/caching#ExecutableCode */
  executableCode: z.looseObject({ language: z.string().optional(), code: z.string() }).optional(),
  /** @see https://ai.google.dev/api/caching#CodeExecutionResult */
  codeExecutionResult: z.looseObject({ outcome: z.string().optional(), output: z.string().optional() }).optional(),
  videoMetadata: jsonObject.optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
});

/**
 * A turn. `function` is the role early Gemini samples used for functionResponse turns; the API still takes it.
 * @see https://ai.google.dev/api/caching#Content
 */
export const geminiContentSchema = z.looseObject({
  role: z.enum(['user', 'model', 'function']).optional(),
  parts: z.array(geminiPartSchema).optional(),
});

/** @see https://ai.google.dev/api/caching#FunctionDeclaration */
export const geminiFunctionDeclarationSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  /** An OpenAPI 3.0 schema subset (types may be upper-case: `OBJECT`). */
  parameters: jsonObject.optional(),
  /** A JSON Schema; mutually exclusive with `parameters`. */
  parametersJsonSchema: z.unknown().optional(),
});

/** Function declarations, or a built-in tool (googleSearch, codeExecution, urlContext, …). @see https://ai.google.dev/api/caching#Tool */
export const geminiToolSchema = z.looseObject({ functionDeclarations: z.array(geminiFunctionDeclarationSchema).optional() });

/** @see https://ai.google.dev/api/caching#FunctionCallingConfig */
export const geminiFunctionCallingConfigSchema = z.looseObject({
  mode: z.enum(['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']).optional(),
  allowedFunctionNames: z.array(z.string()).optional(),
});

/** @see https://ai.google.dev/api/caching#ToolConfig */
export const geminiToolConfigSchema = z.looseObject({ functionCallingConfig: geminiFunctionCallingConfigSchema.optional() });

/** `thinkingBudget` 0 turns thinking off, -1 is dynamic; `thinkingLevel` (Gemini 3) excludes a budget. @see https://ai.google.dev/api/generate-content#ThinkingConfig */
export const geminiThinkingConfigSchema = z.looseObject({
  includeThoughts: z.boolean().optional(),
  thinkingBudget: z.number().int().optional(),
  thinkingLevel: z.string().optional(),
});

/** @see https://ai.google.dev/api/generate-content#generationconfig */
export const geminiGenerationConfigSchema = z.looseObject({
  stopSequences: z.array(z.string()).optional(),
  responseMimeType: z.string().optional(),
  responseSchema: jsonObject.optional(),
  responseJsonSchema: z.unknown().optional(),
  candidateCount: z.number().int().optional(),
  maxOutputTokens: z.number().int().optional(),
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().optional(),
  seed: z.number().int().optional(),
  presencePenalty: z.number().optional(),
  frequencyPenalty: z.number().optional(),
  thinkingConfig: geminiThinkingConfigSchema.optional(),
});

/** @see https://ai.google.dev/api/generate-content#safetysetting */
export const geminiSafetySettingSchema = z.looseObject({ category: z.string(), threshold: z.string() });

/**
 * The body of POST /v1beta/models/{model}:generateContent and :streamGenerateContent. Snake_case
 * field names are accepted (the API takes both spellings) and normalised to camelCase.
 * @see https://ai.google.dev/api/generate-content#method:-models.generatecontent
 */
export const geminiRequestSchema = z.preprocess(
  normaliseGeminiFieldNames,
  z.looseObject({
    /** Not part of the API body; a few clients send it anyway. The URL's model wins. */
    model: z.string().optional(),
    contents: z.array(geminiContentSchema),
    systemInstruction: geminiContentSchema.optional(),
    tools: z.array(geminiToolSchema).optional(),
    toolConfig: geminiToolConfigSchema.optional(),
    safetySettings: z.array(geminiSafetySettingSchema).optional(),
    generationConfig: geminiGenerationConfigSchema.optional(),
    cachedContent: z.string().optional(),
  }),
);

/** @see https://ai.google.dev/api/generate-content#safetyrating */
export const geminiSafetyRatingSchema = z.looseObject({ category: z.string(), probability: z.string(), blocked: z.boolean().optional() });

/** @see https://ai.google.dev/api/generate-content#candidate */
export const geminiCandidateSchema = z.looseObject({
  content: geminiContentSchema.optional(),
  finishReason: z.string().optional(),
  finishMessage: z.string().optional(),
  index: z.number().int().optional(),
  safetyRatings: z.array(geminiSafetyRatingSchema).optional(),
});

/**
 * Token counts. `promptTokenCount` includes cached tokens; `candidatesTokenCount` excludes thoughts;
 * `totalTokenCount` = prompt + candidates + toolUsePrompt + thoughts.
 * @see https://ai.google.dev/api/generate-content#UsageMetadata
 */
export const geminiUsageMetadataSchema = z.looseObject({
  promptTokenCount: z.number().optional(),
  cachedContentTokenCount: z.number().optional(),
  candidatesTokenCount: z.number().optional(),
  toolUsePromptTokenCount: z.number().optional(),
  thoughtsTokenCount: z.number().optional(),
  totalTokenCount: z.number().optional(),
});

/**
 * A complete answer, and also each chunk of a stream (which carries incremental parts).
 * `createTime` is sent by Vertex AI only.
 * @see https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse
 */
export const geminiResponseSchema = z.looseObject({
  candidates: z.array(geminiCandidateSchema).optional(),
  promptFeedback: z.looseObject({ blockReason: z.string().optional(), safetyRatings: z.array(geminiSafetyRatingSchema).optional() }).optional(),
  usageMetadata: geminiUsageMetadataSchema.optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
  createTime: z.string().optional(),
});

/**
 * Google's error model: the HTTP status, a message and the canonical status name.
 * @see https://cloud.google.com/apis/design/errors
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting
 */
export const geminiErrorBodySchema = z.looseObject({
  error: z.looseObject({
    code: z.number().int(),
    message: z.string(),
    status: z.string(),
    details: z.array(z.unknown()).optional(),
  }),
});

/** One entry of GET /v1beta/models. @see https://ai.google.dev/api/models#Model */
export const geminiModelSchema = z.looseObject({
  name: z.string(),
  baseModelId: z.string().optional(),
  version: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  inputTokenLimit: z.number().int().optional(),
  outputTokenLimit: z.number().int().optional(),
  supportedGenerationMethods: z.array(z.string()).optional(),
});

/** The answer of GET /v1beta/models. @see https://ai.google.dev/api/models#method:-models.list */
export const geminiModelListSchema = z.looseObject({ models: z.array(geminiModelSchema), nextPageToken: z.string().optional() });

/** A validated request body. */
export type GeminiRequest = z.infer<typeof geminiRequestSchema>;
/** One turn. */
export type GeminiContent = z.infer<typeof geminiContentSchema>;
/** One part of a turn. */
export type GeminiPart = z.infer<typeof geminiPartSchema>;
/** A function declaration. */
export type GeminiFunctionDeclaration = z.infer<typeof geminiFunctionDeclarationSchema>;
/** The generation options. */
export type GeminiGenerationConfig = z.infer<typeof geminiGenerationConfigSchema>;
/** The function calling options. */
export type GeminiFunctionCallingConfig = z.infer<typeof geminiFunctionCallingConfigSchema>;
/** A usage object. */
export type GeminiUsageMetadata = z.infer<typeof geminiUsageMetadataSchema>;
/** A complete answer or a stream chunk. */
export type GeminiResponse = z.infer<typeof geminiResponseSchema>;
/** One candidate of an answer. */
export type GeminiCandidate = z.infer<typeof geminiCandidateSchema>;
/** An error body. */
export type GeminiErrorBody = z.infer<typeof geminiErrorBodySchema>;
/** One model entry. */
export type GeminiModel = z.infer<typeof geminiModelSchema>;
/** A model list. */
export type GeminiModelList = z.infer<typeof geminiModelListSchema>;
