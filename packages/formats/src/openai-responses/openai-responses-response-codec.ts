// OpenAI Responses answer <-> canonical response, plus the status, item and error helpers the stream codecs share.
// @see https://platform.openai.com/docs/api-reference/responses/object
import type { CanonicalCitation, CanonicalError, CanonicalFinishReason, CanonicalPart, CanonicalResponse, CanonicalUsage } from '../canonical-model';
import { carriesWebSearch, decodeResponsesWebSearchCall, webSearchQuery, type ServerToolCarrier } from '../server-tools';
import { decodeOpenAiError, encodeOpenAiError, openAiErrorCode } from '../openai-chat/openai-chat-response-codec';
import type { OpenAiErrorBody } from '../openai-chat/openai-chat-schema';
import type { OpenAiResponsesOutputItem, OpenAiResponsesResponse } from './openai-responses-schema';
import { usageFromOpenAiResponses, usageToOpenAiResponses } from './openai-responses-usage';
import { isRecord, type JsonRecord } from '../json-values';
import { sealToolCallId } from '../tool-call-signature';
import { citationsFromOpenAiAnnotations, citationsToOpenAiResponses, citedText } from '../citations';

/** The status of a response and, when it stopped early, why. */
export interface OpenAiResponsesStatus {
  status: 'completed' | 'incomplete' | 'failed';
  incompleteReason?: 'max_output_tokens' | 'content_filter';
}

/** Maps a canonical finish reason to the response status (tool calls and plain stops are both `completed`). */
export function statusFromFinishReason(reason: CanonicalFinishReason): OpenAiResponsesStatus {
  if (reason === 'length') return { status: 'incomplete', incompleteReason: 'max_output_tokens' };
  if (reason === 'content-filter') return { status: 'incomplete', incompleteReason: 'content_filter' };
  if (reason === 'error') return { status: 'failed' };
  return { status: 'completed' };
}

/** Maps a response status to the canonical finish reason; a completed answer with function calls stopped for them. */
export function finishReasonFromOpenAiResponses(status: string | undefined, incompleteReason: string | null | undefined, hasFunctionCall: boolean): CanonicalFinishReason {
  if (status === 'incomplete') {
    if (incompleteReason === 'max_output_tokens') return 'length';
    if (incompleteReason === 'content_filter') return 'content-filter';
    return 'other';
  }
  if (status === 'failed') return 'error';
  if (status === 'cancelled') return 'other';
  return hasFunctionCall ? 'tool-calls' : 'stop';
}

/** A deterministic item id (`msg_…`, `fc_…`, `rs_…`) derived from the response id and the item's output index. */
export function createOpenAiResponsesItemId(prefix: 'msg' | 'fc' | 'rs' | 'ws', responseId: string, outputIndex: number): string {
  return `${prefix}_${responseId.replace(/^resp_/, '')}_${outputIndex}`;
}

/** The reasoning text of a reasoning item: its summaries (joined by a blank line), else its raw reasoning text. */
export function readReasoningItemText(item: { summary?: readonly { text: string }[] | null; content?: readonly { text: string }[] | null }): string {
  const summary = (item.summary ?? []).map((part) => part.text);
  if (summary.length > 0) return summary.join('\n\n');
  return (item.content ?? []).map((part) => part.text).join('');
}

/** Builds an assistant message output item; `annotations[i]` are the `url_citation`s of `texts[i]`. */
export function buildMessageItem(id: string, texts: readonly string[], status: string, annotations: readonly (readonly JsonRecord[])[] = []): JsonRecord {
  return { id, type: 'message', status, content: texts.map((text, index) => ({ type: 'output_text', annotations: annotations[index] ?? [], logprobs: [], text })), role: 'assistant' };
}

/** Responses carries web searches as `web_search_call` items; other server tools are summarised as text. */
export const responsesCarriesServerTool: ServerToolCarrier = carriesWebSearch;

/** Builds a `web_search_call` output item: the query searched for and the pages found. @see https://platform.openai.com/docs/guides/tools-web-search */
export function buildWebSearchCallItem(id: string, query: string | undefined, sources: readonly CanonicalCitation[] | undefined, status: string): JsonRecord {
  const action: JsonRecord = { type: 'search' };
  if (query !== undefined) action.query = query;
  if (sources && sources.length > 0) action.sources = sources.map((source) => ({ type: 'url', url: source.url }));
  return { id, type: 'web_search_call', status, action };
}

/** Builds a function call output item; a signature bound to the call is sealed into its `call_id`. */
export function buildFunctionCallItem(id: string, call: { id: string; name: string; arguments: string; signature?: string }, status: string): JsonRecord {
  return { id, type: 'function_call', status, arguments: call.arguments, call_id: sealToolCallId(call.id, call.signature), name: call.name };
}

/** Builds a reasoning output item; the signature travels as `encrypted_content`. */
export function buildReasoningItem(id: string, summaries: readonly string[], signature: string | undefined): JsonRecord {
  const item: JsonRecord = { id, type: 'reasoning', summary: summaries.map((text) => ({ type: 'summary_text', text })) };
  if (signature !== undefined) item.encrypted_content = signature;
  return item;
}

/** What an encoded response object says beyond its output. */
export interface OpenAiResponsesEnvelope {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
  status: 'in_progress' | 'completed' | 'incomplete' | 'failed';
  output: readonly JsonRecord[];
  usage?: CanonicalUsage;
  incompleteReason?: string;
  error?: CanonicalError;
}

/** Builds a full response object with the fields OpenAI always sends (request echoes left at their defaults). */
export function buildOpenAiResponsesObject(envelope: OpenAiResponsesEnvelope): OpenAiResponsesResponse {
  const response: JsonRecord = {
    id: envelope.id,
    object: 'response',
    created_at: envelope.created,
    status: envelope.status,
    background: false,
    error: envelope.error ? { code: openAiErrorCode(envelope.error) ?? 'server_error', message: envelope.error.message } : null,
    incomplete_details: envelope.incompleteReason === undefined ? null : { reason: envelope.incompleteReason },
    instructions: null,
    max_output_tokens: null,
    model: envelope.model,
    output: envelope.output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: null,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: null,
    truncation: 'disabled',
    usage: envelope.usage ? usageToOpenAiResponses(envelope.usage) : null,
    user: null,
    metadata: {},
  };
  return response as OpenAiResponsesResponse;
}

type OutputMessage = Extract<OpenAiResponsesOutputItem, { type: 'message' }>;
type OutputFunctionCall = Extract<OpenAiResponsesOutputItem, { type: 'function_call' }>;
type OutputReasoning = Extract<OpenAiResponsesOutputItem, { type: 'reasoning' }>;

// The schema's catch-all variant refuses known types, so the `type` value identifies the variant.
function isOutputMessage(item: OpenAiResponsesOutputItem): item is OutputMessage {
  return item.type === 'message';
}
function isOutputFunctionCall(item: OpenAiResponsesOutputItem): item is OutputFunctionCall {
  return item.type === 'function_call';
}
function isOutputReasoning(item: OpenAiResponsesOutputItem): item is OutputReasoning {
  return item.type === 'reasoning';
}

/** Appends the canonical parts of one output item; true when it is a function call. */
function decodeOutputItem(item: OpenAiResponsesOutputItem, parts: CanonicalPart[]): boolean {
  if (isOutputMessage(item)) {
    for (const content of item.content) {
      if (content.type === 'refusal') {
        if (content.refusal.length > 0) parts.push({ type: 'text', text: content.refusal });
      } else if (content.text.length > 0) parts.push(citedText(content.text, citationsFromOpenAiAnnotations(content.annotations, content.text)));
    }
  } else if (isOutputFunctionCall(item)) {
    parts.push({ type: 'tool-call', id: item.call_id, name: item.name, arguments: item.arguments });
    return true;
  } else if (isOutputReasoning(item)) {
    const text = readReasoningItemText(item);
    const signature = item.encrypted_content ?? undefined;
    if (text.length > 0 || signature !== undefined) parts.push(signature === undefined ? { type: 'reasoning', text } : { type: 'reasoning', text, signature });
  }
  else if (item.type === 'web_search_call') parts.push(...decodeResponsesWebSearchCall(item));
  // Other items (file_search_call, …) record work OpenAI did itself; their result is in the message text.
  return false;
}

/** Decodes a Responses answer into the canonical response. */
export function decodeOpenAiResponsesResponse(response: OpenAiResponsesResponse): CanonicalResponse {
  const parts: CanonicalPart[] = [];
  let hasFunctionCall = false;
  for (const item of response.output) hasFunctionCall = decodeOutputItem(item, parts) || hasFunctionCall;
  const result: CanonicalResponse = {
    id: response.id,
    model: response.model,
    created: response.created_at,
    parts,
    finishReason: finishReasonFromOpenAiResponses(response.status, response.incomplete_details?.reason, hasFunctionCall),
  };
  const usage = usageFromOpenAiResponses(response.usage);
  if (usage) result.usage = usage;
  return result;
}

/** Encodes canonical parts as output items: runs of text become one message, each reasoning part and tool call its own item. */
export function encodeOutputItems(responseId: string, parts: readonly CanonicalPart[], status: string): JsonRecord[] {
  const items: JsonRecord[] = [];
  let texts: string[] = [];
  let annotations: JsonRecord[][] = [];
  const flushTexts = (): void => {
    if (texts.length === 0) return;
    items.push(buildMessageItem(createOpenAiResponsesItemId('msg', responseId, items.length), texts, status, annotations));
    texts = [];
    annotations = [];
  };
  /** Web search calls by their id, so the result's sources join the call's item. */
  const searches = new Map<string, { item: JsonRecord; query: string | undefined }>();
  for (const part of parts) {
    if (part.type === 'text') {
      texts.push(part.text);
      annotations.push(citationsToOpenAiResponses(part));
      continue;
    }
    if (part.type === 'server-tool' && responsesCarriesServerTool(part)) {
      const status = part.isError === true ? 'failed' : 'completed';
      const call = searches.get(part.id);
      if (part.kind === 'result' && call) {
        Object.assign(call.item, buildWebSearchCallItem(String(call.item.id), call.query, part.sources, status));
        continue;
      }
      flushTexts();
      const query = webSearchQuery(part);
      const item = buildWebSearchCallItem(createOpenAiResponsesItemId('ws', responseId, items.length), query, part.sources, status);
      if (part.kind === 'call') searches.set(part.id, { item, query });
      items.push(item);
      continue;
    }
    if (part.type !== 'reasoning' && part.type !== 'tool-call') continue;
    flushTexts();
    if (part.type === 'reasoning') {
      items.push(buildReasoningItem(createOpenAiResponsesItemId('rs', responseId, items.length), part.text.length > 0 ? [part.text] : [], part.signature));
    } else {
      items.push(buildFunctionCallItem(createOpenAiResponsesItemId('fc', responseId, items.length), part, 'completed'));
    }
  }
  flushTexts();
  return items;
}

/** Encodes a canonical response as a Responses answer. */
export function encodeOpenAiResponsesResponse(response: CanonicalResponse): OpenAiResponsesResponse {
  const { status, incompleteReason } = statusFromFinishReason(response.finishReason);
  const envelope: OpenAiResponsesEnvelope = {
    id: response.id,
    model: response.model,
    created: response.created,
    status,
    output: encodeOutputItems(response.id, response.parts, status === 'incomplete' ? 'incomplete' : 'completed'),
  };
  if (response.usage) envelope.usage = response.usage;
  if (incompleteReason !== undefined) envelope.incompleteReason = incompleteReason;
  if (status === 'failed') envelope.error = { message: 'The model failed to generate a response.', code: 'server_error' };
  return buildOpenAiResponsesObject(envelope);
}

/** Encodes a canonical error as the OpenAI error body (the Responses API shares chat's shape). */
export function encodeOpenAiResponsesError(error: CanonicalError): OpenAiErrorBody {
  return encodeOpenAiError(error);
}

/**
 * Reads an error from an OpenAI error body, a stream `error` event (flat, as documented, or with a
 * nested `error` object, as OpenAI sometimes sends), or a failed response object.
 * @see https://platform.openai.com/docs/api-reference/responses-streaming/error
 */
export function decodeOpenAiResponsesError(body: unknown): CanonicalError | undefined {
  if (!isRecord(body)) return undefined;
  if (body.type === 'error' && !isRecord(body.error)) {
    const result: CanonicalError = { message: typeof body.message === 'string' ? body.message : 'upstream stream error' };
    if (typeof body.code === 'string' || typeof body.code === 'number') result.code = String(body.code);
    if (typeof body.param === 'string') result.param = body.param;
    return result;
  }
  if (isRecord(body.response) && isRecord(body.response.error)) return decodeOpenAiError(body.response);
  return decodeOpenAiError(body);
}
