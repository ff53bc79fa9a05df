// Responses `instructions` + `input` items <-> canonical messages. Assistant-side items that follow
// each other (reasoning, message, function_call) form one canonical assistant turn, and consecutive
// function_call_output items one tool turn, so chat-style dialects get the grouping they expect.
// @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
import type { CanonicalFilePart, CanonicalImagePart, CanonicalMessage, CanonicalPart } from '../canonical-model';
import type { OpenAiResponsesContentPart, OpenAiResponsesInputItem } from './openai-responses-schema';
import { readReasoningItemText } from './openai-responses-response-codec';
import { openToolCallId, unsealedToolCallId } from '../tool-call-signature';

/** Receives what a codec had to drop or approximate. */
export type OpenAiResponsesWarningSink = (warning: string) => void;

type JsonRecord = Record<string, unknown>;
type MessageItem = Extract<OpenAiResponsesInputItem, { role: string }>;
type FunctionCallItem = Extract<OpenAiResponsesInputItem, { type: 'function_call' }>;
type FunctionCallOutputItem = Extract<OpenAiResponsesInputItem, { type: 'function_call_output' }>;
type ReasoningItem = Extract<OpenAiResponsesInputItem, { type: 'reasoning' }>;

// The schema's catch-all variant refuses known types, so the `type` value identifies the variant.
function isMessageItem(item: OpenAiResponsesInputItem): item is MessageItem {
  return item.type === undefined || item.type === 'message';
}
function isFunctionCallItem(item: OpenAiResponsesInputItem): item is FunctionCallItem {
  return item.type === 'function_call';
}
function isFunctionCallOutputItem(item: OpenAiResponsesInputItem): item is FunctionCallOutputItem {
  return item.type === 'function_call_output';
}
function isReasoningItem(item: OpenAiResponsesInputItem): item is ReasoningItem {
  return item.type === 'reasoning';
}

function decodeFile(part: { file_data?: string; file_id?: string | null; file_url?: string; filename?: string }): CanonicalFilePart {
  const result: CanonicalFilePart = { type: 'file' };
  const dataUrl = part.file_data === undefined ? undefined : /^data:([^;,]+);base64,(.*)$/s.exec(part.file_data);
  if (dataUrl) {
    result.mediaType = dataUrl[1];
    result.data = dataUrl[2];
  } else if (part.file_data !== undefined) {
    result.data = part.file_data;
  }
  if (part.file_url !== undefined) result.url = part.file_url;
  if (typeof part.file_id === 'string') result.fileId = part.file_id;
  if (part.filename !== undefined) result.filename = part.filename;
  return result;
}

function decodeContentPart(part: OpenAiResponsesContentPart, warn: OpenAiResponsesWarningSink): CanonicalPart | undefined {
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: part.text };
    case 'refusal':
      return { type: 'text', text: part.refusal };
    case 'input_image': {
      if (typeof part.image_url !== 'string') {
        // An uploaded image is known only by its OpenAI file id; the file part keeps the id.
        return typeof part.file_id === 'string' ? { type: 'file', fileId: part.file_id } : undefined;
      }
      const image: CanonicalImagePart = { type: 'image', url: part.image_url };
      if (part.detail === 'auto' || part.detail === 'low' || part.detail === 'high') image.detail = part.detail;
      else if (part.detail === 'original') warn('openai-responses image detail "original" has no canonical equivalent and was dropped');
      return image;
    }
    case 'input_file':
      return decodeFile(part);
  }
}

function decodeContent(content: string | OpenAiResponsesContentPart[], warn: OpenAiResponsesWarningSink): CanonicalPart[] {
  if (typeof content === 'string') return content.length > 0 ? [{ type: 'text', text: content }] : [];
  return content.flatMap((part) => decodeContentPart(part, warn) ?? []);
}

function decodeToolOutput(item: FunctionCallOutputItem, warn: OpenAiResponsesWarningSink): string {
  if (typeof item.output === 'string') return item.output;
  const texts: string[] = [];
  for (const part of item.output) {
    if (part.type === 'input_text') texts.push(part.text);
    else warn(`openai-responses function_call_output ${part.type} part has no canonical equivalent and was dropped`);
  }
  return texts.join('');
}

/** Collects canonical messages, merging assistant-side items and tool outputs into their turns. */
class MessageCollector {
  readonly messages: CanonicalMessage[] = [];

  turn(role: 'assistant' | 'tool'): CanonicalPart[] {
    const last = this.messages.at(-1);
    if (last?.role === role) return last.parts;
    const message: CanonicalMessage = { role, parts: [] };
    this.messages.push(message);
    return message.parts;
  }
}

/** Decodes `instructions` and `input` into canonical messages; unsupported items are reported through `warn`. */
export function decodeOpenAiResponsesInput(instructions: string | null | undefined, input: string | OpenAiResponsesInputItem[] | undefined, warn: OpenAiResponsesWarningSink): CanonicalMessage[] {
  const collector = new MessageCollector();
  if (typeof instructions === 'string' && instructions.length > 0) collector.messages.push({ role: 'system', parts: [{ type: 'text', text: instructions }] });
  if (typeof input === 'string') {
    collector.messages.push({ role: 'user', parts: [{ type: 'text', text: input }] });
    return collector.messages;
  }
  for (const item of input ?? []) {
    if (isMessageItem(item)) {
      const parts = decodeContent(item.content, warn);
      if (item.role === 'assistant') collector.turn('assistant').push(...parts);
      else collector.messages.push({ role: item.role === 'user' ? 'user' : 'system', parts });
    } else if (isFunctionCallItem(item)) {
      collector.turn('assistant').push({ type: 'tool-call', ...openToolCallId(item.call_id), name: item.name, arguments: item.arguments });
    } else if (isFunctionCallOutputItem(item)) {
      collector.turn('tool').push({ type: 'tool-result', toolCallId: unsealedToolCallId(item.call_id), content: decodeToolOutput(item, warn) });
    } else if (isReasoningItem(item)) {
      const text = readReasoningItemText(item);
      const signature = item.encrypted_content ?? undefined;
      if (text.length > 0 || signature !== undefined) {
        collector.turn('assistant').push(signature === undefined ? { type: 'reasoning', text } : { type: 'reasoning', text, signature });
      }
    } else {
      warn(`openai-responses input item "${item.type}" cannot be expressed canonically (the gateway keeps no server-side state or built-in tool results) and was dropped`);
    }
  }
  return collector.messages;
}

function encodeFile(part: CanonicalFilePart, warn: OpenAiResponsesWarningSink): JsonRecord | undefined {
  if (part.mediaType?.startsWith('audio/')) {
    warn('audio input cannot be expressed in the OpenAI Responses API and was dropped');
    return undefined;
  }
  if (part.data === undefined && part.url === undefined && part.fileId === undefined) return undefined;
  const file: JsonRecord = { type: 'input_file' };
  if (part.data !== undefined) file.file_data = part.mediaType ? `data:${part.mediaType};base64,${part.data}` : part.data;
  if (part.url !== undefined) file.file_url = part.url;
  if (part.fileId !== undefined) file.file_id = part.fileId;
  if (part.filename !== undefined) file.filename = part.filename;
  return file;
}

function encodeInputParts(parts: readonly CanonicalPart[], warn: OpenAiResponsesWarningSink): JsonRecord[] {
  const result: JsonRecord[] = [];
  for (const part of parts) {
    if (part.type === 'text') result.push({ type: 'input_text', text: part.text });
    else if (part.type === 'image') result.push(part.detail ? { type: 'input_image', image_url: part.url, detail: part.detail } : { type: 'input_image', image_url: part.url });
    else if (part.type === 'file') {
      const file = encodeFile(part, warn);
      if (file) result.push(file);
    } else warn(`a ${part.type} part in a user or system message cannot be expressed in the OpenAI Responses API and was dropped`);
  }
  return result;
}

/** A single text part becomes string content (what most clients send); anything else a part list. */
function encodeInputMessage(role: 'user' | 'system', parts: readonly CanonicalPart[], warn: OpenAiResponsesWarningSink): JsonRecord {
  const first = parts[0];
  if (parts.length === 1 && first?.type === 'text') return { type: 'message', role, content: first.text };
  return { type: 'message', role, content: parts.length === 0 ? '' : encodeInputParts(parts, warn) };
}

/** Encodes an assistant turn as items: runs of text become one message, each tool call and reasoning part its own item. */
function encodeAssistantItems(parts: readonly CanonicalPart[], warn: OpenAiResponsesWarningSink): JsonRecord[] {
  const items: JsonRecord[] = [];
  let texts: JsonRecord[] = [];
  const flushTexts = (): void => {
    if (texts.length > 0) items.push({ type: 'message', role: 'assistant', content: texts });
    texts = [];
  };
  for (const part of parts) {
    if (part.type === 'text') {
      texts.push({ type: 'output_text', text: part.text });
      continue;
    }
    flushTexts();
    if (part.type === 'tool-call') {
      if (part.signature !== undefined) warn(`the reasoning signature of tool call "${part.id}" has no OpenAI Responses equivalent and was dropped`);
      items.push({ type: 'function_call', call_id: part.id, name: part.name, arguments: part.arguments });
    } else if (part.type === 'reasoning') {
      // Without encrypted_content OpenAI cannot restore the reasoning, and it rejects plain summaries as input.
      if (part.signature === undefined) warn('reasoning text without an encrypted state cannot be replayed to the OpenAI Responses API and was dropped');
      else items.push({ type: 'reasoning', summary: part.text.length > 0 ? [{ type: 'summary_text', text: part.text }] : [], encrypted_content: part.signature });
    } else warn(`a ${part.type} part in an assistant message cannot be expressed in the OpenAI Responses API and was dropped`);
  }
  flushTexts();
  return items;
}

function encodeToolItems(parts: readonly CanonicalPart[], warn: OpenAiResponsesWarningSink): JsonRecord[] {
  return parts.flatMap((part): JsonRecord[] => {
    if (part.type !== 'tool-result') {
      warn(`a ${part.type} part in a tool message cannot be expressed in the OpenAI Responses API and was dropped`);
      return [];
    }
    if (part.isError) warn(`the error flag of the result of tool call "${part.toolCallId}" has no OpenAI Responses equivalent and was dropped`);
    return [{ type: 'function_call_output', call_id: part.toolCallId, output: part.content }];
  });
}

/** Encodes canonical messages: a leading plain-text system message becomes `instructions`, the rest `input` items. */
export function encodeOpenAiResponsesInput(messages: readonly CanonicalMessage[], warn: OpenAiResponsesWarningSink): { instructions?: string; input: JsonRecord[] } {
  const result: { instructions?: string; input: JsonRecord[] } = { input: [] };
  let rest = messages;
  const first = messages[0];
  if (first?.role === 'system' && first.name === undefined && first.parts.length > 0 && first.parts.every((part) => part.type === 'text')) {
    result.instructions = first.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    rest = messages.slice(1);
  }
  for (const message of rest) {
    if (message.name !== undefined) warn(`the author name "${message.name}" has no OpenAI Responses equivalent and was dropped`);
    if (message.role === 'assistant') result.input.push(...encodeAssistantItems(message.parts, warn));
    else if (message.role === 'tool') result.input.push(...encodeToolItems(message.parts, warn));
    else result.input.push(encodeInputMessage(message.role, message.parts, warn));
  }
  return result;
}
