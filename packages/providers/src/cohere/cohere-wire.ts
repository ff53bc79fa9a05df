// The Cohere v2 Chat API wire shapes the dialect writes, and the small JSON readers it decodes with.
// Field names follow the published OpenAPI specification of `POST /v2/chat`.
// @see https://docs.cohere.com/reference/chat
// @see https://docs.cohere.com/reference/chat-stream

/** A text content item (`ChatTextContent`). */
export interface CohereTextContent {
  type: 'text';
  text: string;
}

/** An image content item of a user message (`ImageContent`): a web URL or a base64 data URI. */
export interface CohereImageContent {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
}

/** A reasoning content item of an assistant message (`ChatThinkingContent`). */
export interface CohereThinkingContent {
  type: 'thinking';
  thinking: string;
}

/** A tool call of an assistant message (`ToolCallV2`); `arguments` is JSON text. */
export interface CohereToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of `messages` (`ChatMessageV2`: user, assistant, system or tool). */
export type CohereMessage =
  | { role: 'system'; content: string | CohereTextContent[] }
  | { role: 'user'; content: string | (CohereTextContent | CohereImageContent)[] }
  | { role: 'assistant'; content?: string | (CohereTextContent | CohereThinkingContent)[]; tool_calls?: CohereToolCall[]; tool_plan?: string }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function the model may call (`ToolV2`). */
export interface CohereTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

/** The `thinking` object of reasoning models. */
export interface CohereThinking {
  type: 'enabled' | 'disabled';
  token_budget?: number;
}

/** The `response_format` object: free text or JSON, optionally constrained by a JSON schema. */
export type CohereResponseFormat = { type: 'text' } | { type: 'json_object'; json_schema?: Record<string, unknown> };

/** The body of `POST /v2/chat`. */
export interface CohereChatRequest {
  model: string;
  messages: CohereMessage[];
  stream: boolean;
  tools?: CohereTool[];
  strict_tools?: boolean;
  /** Only `REQUIRED` and `NONE` exist; leaving it out lets the model choose. */
  tool_choice?: 'REQUIRED' | 'NONE';
  max_tokens?: number;
  temperature?: number;
  p?: number;
  k?: number;
  stop_sequences?: string[];
  seed?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  response_format?: CohereResponseFormat;
  thinking?: CohereThinking;
}

/** A parsed JSON object. */
export type JsonRecord = Record<string, unknown>;

/** The value as an object, or undefined when it is not one. */
export function asRecord(value: unknown): JsonRecord | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : undefined;
}

/** The value as a string, or undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value as a finite number, or undefined. */
export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
