// The text of a relayed request that the prompt check reads, per endpoint: what the caller wrote (messages, system
// instructions, tool declarations, prompts, inputs), never roles, ids, URLs or inline media.
import type { CanonicalRequest } from '@turnpike/formats';
import type { RelayRequest } from '../relay/relay-request';
import { readMultipartField } from '../relay/multipart-fields';

type Json = Record<string, unknown>;
/** Receives one piece of prompt text. */
type TextSink = (text: string) => void;

const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** Strings of a field that holds a string, a list of strings, or a list of `{text}` objects (rerank documents). */
function visitStrings(value: unknown, visit: TextSink): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') visit(item);
      else if (typeof record(item).text === 'string') visit(record(item).text as string);
    }
  }
}

/** A tool declaration: its name, description and parameter schema (as JSON text). */
function visitTool(tool: { name?: unknown; description?: unknown; parameters?: unknown }, visit: TextSink): void {
  if (typeof tool.name === 'string') visit(tool.name);
  if (typeof tool.description === 'string') visit(tool.description);
  if (tool.parameters !== undefined) visit(JSON.stringify(tool.parameters));
}

/** OpenAI chat, read from the body itself (a pass-through call is never decoded): contents, names, tool calls, tools. */
function openAiChatTexts(json: Json, visit: TextSink): void {
  const messages = Array.isArray(json.messages) ? json.messages : [];
  for (const raw of messages) {
    const message = record(raw);
    if (typeof message.name === 'string') visit(message.name);
    const content = message.content;
    if (typeof content === 'string') visit(content);
    else if (Array.isArray(content)) for (const part of content) if (typeof record(part).text === 'string') visit(record(part).text as string);
    if (typeof message.reasoning_content === 'string') visit(message.reasoning_content);
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    for (const call of calls) {
      const fn = record(record(call).function);
      visitTool({ name: fn.name }, visit);
      visitStrings(fn.arguments, visit);
    }
  }
  const tools = Array.isArray(json.tools) ? json.tools : [];
  for (const tool of tools) visitTool(record(record(tool).function), visit);
  const functions = Array.isArray(json.functions) ? json.functions : [];
  for (const fn of functions) visitTool(record(fn), visit);
}

/** A chat format's decoded request (Anthropic, Responses, Gemini): system instructions included, tools too. */
function canonicalTexts(request: CanonicalRequest, visit: TextSink): void {
  for (const message of request.messages) {
    if (message.name) visit(message.name);
    for (const part of message.parts) {
      if (part.type === 'text' || part.type === 'reasoning') visit(part.text);
      else if (part.type === 'tool-call') {
        visit(part.name);
        visit(part.arguments);
      }
      else if (part.type === 'tool-result') visit(part.content);
    }
  }
  for (const tool of request.tools ?? []) visitTool(tool, visit);
}

/** The fields holding prompt text in the body of each OpenAI-only endpoint. */
const fieldsByPath: Readonly<Record<string, readonly string[]>> = {
  '/v1/completions': ['prompt', 'suffix'],
  '/v1/embeddings': ['input'],
  '/v1/moderations': ['input'],
  '/v1/rerank': ['query', 'documents'],
  '/v1/images/generations': ['prompt'],
  '/v1/images/edits': ['prompt'],
  '/v1/audio/speech': ['input'],
};

/** Calls `visit` with every piece of prompt text of `call`. */
export function visitPromptTexts(call: RelayRequest, visit: TextSink): void {
  if (call.format === 'openai-chat') return openAiChatTexts(call.json, visit);
  if (call.format) return canonicalTexts(call.canonical(), visit);
  const fields = fieldsByPath[call.endpoint.path];
  if (!fields) return;
  if (call.raw && call.boundary) {
    for (const field of fields) {
      const value = readMultipartField(call.raw, call.boundary, field);
      if (value) visit(value);
    }
    return;
  }
  for (const field of fields) visitStrings(call.json[field], visit);
}
