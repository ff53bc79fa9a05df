// Anthropic Messages request -> canonical request. The system prompt becomes leading system
// messages, tool_result blocks become tool messages, tool_use input objects become argument strings,
// thinking blocks become reasoning parts with their signature. What has no canonical meaning is
// either kept in `passthrough` (top-level fields) or reported in `warnings` (block-level details).
// @see https://docs.claude.com/en/api/messages
import type {
  CanonicalMessage,
  CanonicalPart,
  CanonicalReasoningConfig,
  CanonicalRequest,
  CanonicalRole,
  CanonicalTool,
  CanonicalToolChoice,
} from '../canonical-model';
import {
  isKnownAnthropicContentBlock,
  type AnthropicKnownContentBlock,
  type AnthropicMessage,
  type AnthropicMessagesRequest,
  type AnthropicThinkingConfig,
  type AnthropicTool,
  type AnthropicToolChoice,
} from './anthropic-messages-schema';
import { openToolCallId, unsealedToolCallId } from '../tool-call-signature';

type JsonRecord = Record<string, unknown>;

/** Top-level fields the codec maps; every other field is kept in passthrough. */
const mappedRequestFields = new Set([
  'model',
  'messages',
  'system',
  'max_tokens',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'stream',
  'tools',
  'tool_choice',
  'thinking',
  'metadata',
  'output_config',
]);

/** The `name` canonical json-schema formats get, since Anthropic's `output_config.format` has none. */
export const anthropicOutputFormatName = 'output';

/** Collects what decoding drops, each distinct message once. */
class DecodeNotes {
  readonly warnings = new Set<string>();
  cacheControl = false;

  drop(what: string): void {
    this.warnings.add(`anthropic-messages ${what} has no canonical equivalent and was dropped`);
  }

  noteCacheControl(block: JsonRecord): void {
    if (block.cache_control !== undefined && block.cache_control !== null) this.cacheControl = true;
  }
}

function textPart(text: string): CanonicalPart {
  return { type: 'text', text };
}

function decodeBlock(block: AnthropicKnownContentBlock, notes: DecodeNotes): CanonicalPart | undefined {
  notes.noteCacheControl(block);
  switch (block.type) {
    case 'text':
      if (Array.isArray(block.citations) && block.citations.length > 0) notes.drop('text citations');
      return textPart(block.text);
    case 'image':
      return decodeImage(block);
    case 'document':
      return decodeDocument(block, notes);
    case 'tool_use':
      return { type: 'tool-call', ...openToolCallId(block.id), name: block.name, arguments: JSON.stringify(block.input) };
    case 'thinking':
      return block.signature.length > 0
        ? { type: 'reasoning', text: block.thinking, signature: block.signature }
        : { type: 'reasoning', text: block.thinking };
    case 'redacted_thinking':
      return { type: 'reasoning', text: '', signature: block.data, redacted: true };
    case 'tool_result':
      return decodeToolResult(block, notes);
  }
}

function decodeImage(block: Extract<AnthropicKnownContentBlock, { type: 'image' }>): CanonicalPart {
  const source = block.source;
  if (source.type === 'base64') return { type: 'image', url: `data:${source.media_type};base64,${source.data}` };
  if (source.type === 'url') return { type: 'image', url: source.url };
  // A Files API image has no URL; the image media-type family tells the encoder to send it back as an image.
  return { type: 'file', fileId: source.file_id, mediaType: 'image/*' };
}

function decodeDocument(block: Extract<AnthropicKnownContentBlock, { type: 'document' }>, notes: DecodeNotes): CanonicalPart | undefined {
  if (typeof block.context === 'string' && block.context.length > 0) notes.drop('document context');
  if (block.citations !== undefined && block.citations !== null) notes.drop('document citations setting');
  const part: CanonicalPart = { type: 'file' };
  if (typeof block.title === 'string') part.filename = block.title;
  const source = block.source;
  switch (source.type) {
    case 'base64':
      return { ...part, mediaType: source.media_type, data: source.data };
    case 'text':
      // Canonical inline data is base64, so plain-text documents are encoded like any other file.
      return { ...part, mediaType: source.media_type, data: Buffer.from(source.data, 'utf8').toString('base64') };
    case 'url':
      return { ...part, mediaType: 'application/pdf', url: source.url };
    case 'file':
      return { ...part, fileId: source.file_id };
    case 'content':
      notes.drop('document with a content-block source');
      return undefined;
  }
}

function decodeToolResult(block: Extract<AnthropicKnownContentBlock, { type: 'tool_result' }>, notes: DecodeNotes): CanonicalPart {
  let content = '';
  if (typeof block.content === 'string') content = block.content;
  else if (Array.isArray(block.content)) {
    const texts: string[] = [];
    for (const item of block.content) {
      if (item.type === 'text' && typeof item.text === 'string') texts.push(item.text);
      else notes.drop(`"${item.type}" block inside a tool_result`);
    }
    content = texts.join('\n');
  }
  const part: CanonicalPart = { type: 'tool-result', toolCallId: unsealedToolCallId(block.tool_use_id), content };
  if (block.is_error === true) part.isError = true;
  return part;
}

/** One Anthropic message becomes one or more canonical messages: tool_result blocks split off as tool messages. */
function decodeMessage(message: AnthropicMessage, notes: DecodeNotes): CanonicalMessage[] {
  const role: CanonicalRole = message.role;
  if (typeof message.content === 'string') return [{ role, parts: message.content.length > 0 ? [textPart(message.content)] : [] }];
  const messages: CanonicalMessage[] = [];
  let pending: CanonicalPart[] = [];
  const flush = (): void => {
    if (pending.length > 0) messages.push({ role, parts: pending });
    pending = [];
  };
  for (const block of message.content) {
    if (!isKnownAnthropicContentBlock(block)) {
      notes.drop(`content block "${block.type}"`);
      continue;
    }
    if (block.type === 'tool_result') {
      if (role !== 'user') {
        notes.drop(`tool_result block in a ${role} message`);
        continue;
      }
      flush();
      messages.push({ role: 'tool', parts: [decodeToolResult(block, notes)] });
      continue;
    }
    const part = decodeBlock(block, notes);
    if (part !== undefined && (role !== 'system' || part.type === 'text')) pending.push(part);
    else if (part !== undefined) notes.drop(`${part.type} part of a system message`);
  }
  flush();
  return messages.length > 0 ? messages : [{ role, parts: [] }];
}

function decodeSystem(system: AnthropicMessagesRequest['system'], notes: DecodeNotes): CanonicalMessage[] {
  if (system === undefined) return [];
  if (typeof system === 'string') return system.length > 0 ? [{ role: 'system', parts: [textPart(system)] }] : [];
  // One system message per block keeps the block boundaries when re-encoded.
  return system.map((block) => {
    notes.noteCacheControl(block);
    return { role: 'system', parts: [textPart(block.text)] };
  });
}

function isCustomTool(tool: AnthropicTool): tool is Extract<AnthropicTool, { input_schema: unknown }> {
  return 'input_schema' in tool && (tool.type === undefined || tool.type === null || tool.type === 'custom');
}

function decodeTools(tools: AnthropicTool[], notes: DecodeNotes): CanonicalTool[] {
  const result: CanonicalTool[] = [];
  for (const tool of tools) {
    if (!isCustomTool(tool)) {
      notes.drop(`server tool "${tool.name}" (${String(tool.type)})`);
      continue;
    }
    notes.noteCacheControl(tool);
    const decoded: CanonicalTool = { name: tool.name, parameters: tool.input_schema };
    if (tool.description !== undefined) decoded.description = tool.description;
    if (tool.strict !== undefined) decoded.strict = tool.strict;
    result.push(decoded);
  }
  return result;
}

function decodeToolChoice(choice: AnthropicToolChoice): CanonicalToolChoice {
  switch (choice.type) {
    case 'auto':
      return 'auto';
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { name: choice.name };
  }
}

function decodeThinking(thinking: AnthropicThinkingConfig): CanonicalReasoningConfig {
  const config: CanonicalReasoningConfig = {};
  if (thinking.type === 'enabled') config.budgetTokens = thinking.budget_tokens;
  else if (thinking.type === 'disabled') config.budgetTokens = 0;
  else config.budgetTokens = -1;
  const display = 'display' in thinking ? thinking.display : undefined;
  if (display === 'omitted') config.includeThoughts = false;
  else if (display === 'summarized') config.includeThoughts = true;
  return config;
}

/** Splits a record into the keys the codec maps and the rest, which is kept for passthrough. */
function restOf(record: JsonRecord, mapped: readonly string[]): JsonRecord | undefined {
  const rest = Object.fromEntries(Object.entries(record).filter(([key, value]) => !mapped.includes(key) && value !== undefined));
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** Decodes a validated Anthropic Messages request into the canonical request. */
export function decodeAnthropicMessagesRequest(request: AnthropicMessagesRequest): CanonicalRequest {
  const notes = new DecodeNotes();
  const messages = [...decodeSystem(request.system, notes), ...request.messages.flatMap((message) => decodeMessage(message, notes))];
  const result: CanonicalRequest = { model: request.model, messages, stream: request.stream === true };
  // Anthropic streams always report usage, so a streaming caller expects it.
  if (request.stream === true) result.includeUsage = true;
  result.maxTokens = request.max_tokens;
  if (request.temperature !== undefined) result.temperature = request.temperature;
  if (request.top_p !== undefined) result.topP = request.top_p;
  if (request.top_k !== undefined) result.topK = request.top_k;
  if (request.stop_sequences !== undefined && request.stop_sequences.length > 0) result.stop = request.stop_sequences;
  if (request.tools !== undefined) result.tools = decodeTools(request.tools, notes);
  if (request.tool_choice !== undefined) {
    result.toolChoice = decodeToolChoice(request.tool_choice);
    const disable = 'disable_parallel_tool_use' in request.tool_choice ? request.tool_choice.disable_parallel_tool_use : undefined;
    if (typeof disable === 'boolean') result.parallelToolCalls = !disable;
  }
  if (request.thinking !== undefined) result.reasoning = decodeThinking(request.thinking);
  const fields: JsonRecord = {};
  const outputConfig = request.output_config;
  if (outputConfig !== undefined) {
    if (typeof outputConfig.effort === 'string') result.reasoningEffort = outputConfig.effort;
    if (outputConfig.format) result.responseFormat = { type: 'json-schema', name: anthropicOutputFormatName, schema: outputConfig.format.schema };
    const rest = restOf(outputConfig, ['effort', 'format']);
    if (rest) fields.output_config = rest;
  }
  if (request.metadata !== undefined) {
    if (typeof request.metadata.user_id === 'string') result.user = request.metadata.user_id;
    const rest = restOf(request.metadata, ['user_id']);
    if (rest) fields.metadata = rest;
  }
  for (const [key, value] of Object.entries(request)) {
    if (!mappedRequestFields.has(key) && value !== undefined) fields[key] = value;
  }
  if (Object.keys(fields).length > 0) result.passthrough = { format: 'anthropic-messages', fields };
  if (notes.cacheControl) notes.drop('cache_control breakpoint');
  if (notes.warnings.size > 0) result.warnings = [...notes.warnings];
  return result;
}
