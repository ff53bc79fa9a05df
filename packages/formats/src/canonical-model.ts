// The canonical model: the one in-memory shape every wire format decodes to and encodes from.
// N formats meet here, so no format ever converts directly into another (ARCHITECTURE.md, principle 2).

/** Identifier of a wire dialect known to the format registry. */
export type FormatId = 'openai-chat' | 'gemini' | 'anthropic-messages' | 'openai-responses';

/** Who authored a canonical message; tool results travel in `tool` messages. */
export type CanonicalRole = 'system' | 'user' | 'assistant' | 'tool';

/**
 * A source the answer cites: a URL with its title, the passage cited and where in the text part the claim is
 * (character offsets into that part's `text`, end exclusive). Anthropic `citations`, OpenAI `annotations`
 * (`url_citation`), Gemini `groundingMetadata` and Perplexity `citations`/`search_results` all decode to this.
 */
export interface CanonicalCitation {
  url: string;
  title?: string;
  citedText?: string;
  start?: number;
  end?: number;
}

/** Plain text, with the sources it cites when the provider named any. */
export interface CanonicalTextPart {
  type: 'text';
  text: string;
  citations?: CanonicalCitation[];
}

/** An image given by URL (http(s) or a `data:` URL carrying base64 bytes). */
export interface CanonicalImagePart {
  type: 'image';
  url: string;
  detail?: 'auto' | 'low' | 'high';
}

/** A non-image attachment (audio, PDF, …) given inline as base64, by URL or by a provider file id. */
export interface CanonicalFilePart {
  type: 'file';
  mediaType?: string;
  data?: string;
  url?: string;
  fileId?: string;
  filename?: string;
}

/** A tool invocation by the assistant; `arguments` is the JSON text exactly as the model produced it. */
export interface CanonicalToolCallPart {
  type: 'tool-call';
  id: string;
  name: string;
  arguments: string;
  /**
   * The provider's opaque reasoning token bound to this call (Gemini `thoughtSignature`), replayed in later turns; in a
   * converted answer on its way to the client, and in a client's history before it is opened, its reasoning envelope.
   */
  signature?: string;
}

/** The result of a tool invocation, sent back by the caller. */
export interface CanonicalToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  content: string;
  isError?: boolean;
}

/** Model reasoning ("thinking"); `signature` is the provider's opaque integrity token when it has one. */
export interface CanonicalReasoningPart {
  type: 'reasoning';
  text: string;
  signature?: string;
  /** The reasoning was redacted by the provider: `text` is empty and `signature` holds the opaque encrypted data (Anthropic `redacted_thinking`). */
  redacted?: boolean;
}

/**
 * A tool the provider ran itself during the answer (Anthropic `server_tool_use`, `web_search_tool_result`,
 * `code_execution_tool_result`, `mcp_tool_use`, …): the call or its result, with what other formats can show of it.
 * `raw` is the provider's block exactly as received, replayed unchanged to clients of that format.
 */
export interface CanonicalServerToolPart {
  type: 'server-tool';
  /** The model's invocation, or what the tool answered. */
  kind: 'call' | 'result';
  /** The tool: `web_search`, `web_fetch`, `code_execution`, `bash_code_execution`, an MCP tool's name, … */
  name: string;
  /** The call's id; a result names the call it answers. */
  id: string;
  /** The call's input as JSON text. */
  input?: string;
  /** Pages a web search found or a fetch read. */
  sources?: CanonicalCitation[];
  /** Text the tool produced (program output, MCP text content, an error code). */
  output?: string;
  isError?: boolean;
  raw: { format: FormatId; block: Record<string, unknown> };
}

/** Any piece of message content. */
export type CanonicalPart =
  | CanonicalServerToolPart
  | CanonicalTextPart
  | CanonicalImagePart
  | CanonicalFilePart
  | CanonicalToolCallPart
  | CanonicalToolResultPart
  | CanonicalReasoningPart;

/** One conversation turn. */
export interface CanonicalMessage {
  role: CanonicalRole;
  parts: CanonicalPart[];
  name?: string;
}

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface CanonicalTool {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict?: boolean;
}

/** How the model must use tools: freely, never, at least one, or one named tool. */
export type CanonicalToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** How the model should think before answering (Gemini `thinkingConfig`, Anthropic `thinking`). */
export interface CanonicalReasoningConfig {
  /** Token budget for thinking: 0 turns thinking off, -1 lets the model decide. */
  budgetTokens?: number;
  /** Whether reasoning text (thought summaries) is returned to the caller. */
  includeThoughts?: boolean;
}

/** The shape the answer must take. */
export type CanonicalResponseFormat =
  | { type: 'text' }
  | { type: 'json-object' }
  | { type: 'json-schema'; name: string; schema: Record<string, unknown>; description?: string; strict?: boolean };

/** Fields of the source dialect with no canonical meaning, replayed only when encoding to that same dialect. */
export interface CanonicalPassthrough {
  format: FormatId;
  fields: Record<string, unknown>;
}

/** A generation request, independent of any wire format. */
export interface CanonicalRequest {
  model: string;
  messages: CanonicalMessage[];
  stream: boolean;
  /** The caller asked for a usage report at the end of the stream. */
  includeUsage?: boolean;
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  /** Sample only from the K most likely tokens (Anthropic `top_k`, Gemini `topK`). */
  topK?: number;
  stop?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  tools?: CanonicalTool[];
  toolChoice?: CanonicalToolChoice;
  parallelToolCalls?: boolean;
  reasoningEffort?: string;
  reasoning?: CanonicalReasoningConfig;
  responseFormat?: CanonicalResponseFormat;
  /** The end-user id the caller forwarded for abuse tracking. */
  user?: string;
  passthrough?: CanonicalPassthrough;
  /** What a codec could not express and dropped or approximated; the relay copies these into the log entry. */
  warnings?: string[];
}

/**
 * Token usage. `inputTokens` counts every prompt token including cache reads and cache writes
 * (OpenAI semantics), and `outputTokens` includes reasoning tokens; formats with other semantics
 * (Anthropic reports input without cache tokens) normalise when decoding.
 */
export interface CanonicalUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  reasoningTokens: number;
  /** Counts of billed units that are not tokens (`web_search`, …), keyed by billing unit name; absent when none. */
  unitCounts?: Readonly<Record<string, number>>;
}

/** Why generation stopped. */
export type CanonicalFinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

/** A complete (non-streamed) answer: one choice. */
export interface CanonicalResponse {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
  parts: CanonicalPart[];
  finishReason: CanonicalFinishReason;
  usage?: CanonicalUsage;
}

/** An error reported by an upstream or by the gateway, in canonical terms. */
export interface CanonicalError {
  message: string;
  type?: string;
  code?: string;
  param?: string;
  /** The HTTP status the error came with, or should be answered with (dialects such as Gemini name it in the body). */
  httpStatus?: number;
}

/** One event of a streamed answer. Tool calls are keyed by `index`, unique within one stream. */
export type CanonicalStreamPart =
  | { type: 'text-delta'; text: string }
  /** `signature` carries the provider's opaque reasoning token; a delta may carry only a signature (empty `text`). */
  | { type: 'reasoning-delta'; text: string; signature?: string; redacted?: boolean }
  | { type: 'tool-call-start'; index: number; id: string; name: string; signature?: string }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number }
  /** A source the text streamed so far cites; `start`/`end` count characters of all text deltas of the answer joined. */
  | { type: 'citation'; citation: CanonicalCitation }
  /** A server-tool call or result, whole (sent once its block is complete). */
  | { type: 'server-tool'; part: CanonicalServerToolPart }
  | { type: 'usage'; usage: CanonicalUsage }
  | { type: 'finish'; reason: CanonicalFinishReason }
  | { type: 'error'; error: CanonicalError };

/** Identity of a streamed answer, needed by encoders before the first part. */
export interface CanonicalStreamMetadata {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
}

/** A usage with every counter at zero. */
export function createEmptyUsage(): CanonicalUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}

/** Warnings for passthrough fields that a request encoded for `target` cannot replay, because they belong to another dialect. */
export function listDroppedPassthroughFields(request: CanonicalRequest, target: string): string[] {
  const passthrough = request.passthrough;
  if (!passthrough || passthrough.format === target) return [];
  return Object.keys(passthrough.fields).map((field) => `${passthrough.format} field "${field}" has no ${target} equivalent and was dropped`);
}

/** Appends a warning to the request, creating the list on first use. */
export function addRequestWarning(request: CanonicalRequest, warning: string): void {
  if (request.warnings) request.warnings.push(warning);
  else request.warnings = [warning];
}
