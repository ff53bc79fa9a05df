// Canonical request -> Tencent Hunyuan `ChatCompletions` request body (API version 2023-09-01, PascalCase fields).
// @see https://cloud.tencent.com/document/api/1729/105701
// @see https://github.com/TencentCloud/tencentcloud-sdk-nodejs/blob/master/src/services/hunyuan/v20230901/hunyuan_models.ts (Message, Tool, ToolCall, Content)
import { addRequestWarning, type CanonicalMessage, type CanonicalRequest } from '@turnpike/formats';
import { joinTextParts } from '../native-dialect/message-text';

/** One piece of a multimodal message (`Contents`, vision models only). */
export interface HunyuanContent {
  Type: 'text' | 'image_url';
  Text?: string;
  ImageUrl?: { Url: string };
}

/** A tool call the model made, replayed in an assistant message or read from an answer. */
export interface HunyuanToolCall {
  Id: string;
  Type: 'function';
  Function: { Name: string; Arguments: string };
  Index?: number;
}

/** One conversation turn; roles are system, user, assistant and tool. */
export interface HunyuanMessage {
  Role: 'system' | 'user' | 'assistant' | 'tool';
  Content?: string;
  Contents?: HunyuanContent[];
  ToolCallId?: string;
  ToolCalls?: HunyuanToolCall[];
}

/** A function the model may call; `Parameters` is the JSON Schema as a JSON string. */
export interface HunyuanTool {
  Type: 'function';
  Function: { Name: string; Description?: string; Parameters: string };
}

/** The `ChatCompletions` request body. */
export interface HunyuanChatRequest {
  Model: string;
  Messages: HunyuanMessage[];
  Stream?: boolean;
  Temperature?: number;
  TopP?: number;
  Stop?: string[];
  Seed?: number;
  Tools?: HunyuanTool[];
  ToolChoice?: 'none' | 'auto' | 'custom';
  CustomTool?: HunyuanTool;
}

function encodeUserContent(message: CanonicalMessage, request: CanonicalRequest): Pick<HunyuanMessage, 'Content' | 'Contents'> {
  const images = message.parts.filter((part) => part.type === 'image');
  const files = message.parts.filter((part) => part.type === 'file').length;
  if (files > 0) addRequestWarning(request, `Hunyuan takes no file attachments; ${files} file part(s) dropped`);
  if (images.length === 0) return { Content: joinTextParts(message.parts) };
  const contents: HunyuanContent[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') contents.push({ Type: 'text', Text: part.text });
    else if (part.type === 'image') contents.push({ Type: 'image_url', ImageUrl: { Url: part.url } });
  }
  return { Contents: contents };
}

function encodeAssistant(message: CanonicalMessage): HunyuanMessage {
  const calls = message.parts.filter((part) => part.type === 'tool-call');
  const text = joinTextParts(message.parts);
  const out: HunyuanMessage = { Role: 'assistant' };
  // Hunyuan rejects replayed reasoning (ReasoningContent must not be sent back), so reasoning parts are left out.
  if (text !== '' || calls.length === 0) out.Content = text;
  if (calls.length > 0) {
    out.ToolCalls = calls.map((call) => ({ Id: call.id, Type: 'function', Function: { Name: call.name, Arguments: call.arguments } }));
  }
  return out;
}

function encodeTools(request: CanonicalRequest): Pick<HunyuanChatRequest, 'Tools' | 'ToolChoice' | 'CustomTool'> {
  const tools = (request.tools ?? []).map(
    (tool): HunyuanTool => ({
      Type: 'function',
      Function: { Name: tool.name, ...(tool.description ? { Description: tool.description } : {}), Parameters: JSON.stringify(tool.parameters) },
    }),
  );
  if (tools.length === 0) return {};
  const choice = request.toolChoice;
  if (choice === undefined || choice === 'auto') return { Tools: tools };
  if (choice === 'none') return { Tools: tools, ToolChoice: 'none' };
  if (choice === 'required') {
    addRequestWarning(request, 'Hunyuan cannot require "some tool"; tool_choice "required" was sent as "auto"');
    return { Tools: tools, ToolChoice: 'auto' };
  }
  const custom = tools.find((tool) => tool.Function.Name === choice.name);
  if (!custom) {
    addRequestWarning(request, `tool_choice names "${choice.name}", which is not among the tools; sent as "auto"`);
    return { Tools: tools, ToolChoice: 'auto' };
  }
  return { Tools: tools, ToolChoice: 'custom', CustomTool: custom };
}

function warnUnsupported(request: CanonicalRequest): void {
  const dropped: string[] = [];
  if (request.maxTokens !== undefined) dropped.push('max_tokens');
  if (request.topK !== undefined) dropped.push('top_k');
  if (request.presencePenalty !== undefined) dropped.push('presence_penalty');
  if (request.frequencyPenalty !== undefined) dropped.push('frequency_penalty');
  if (request.responseFormat && request.responseFormat.type !== 'text') dropped.push('response_format');
  if (request.parallelToolCalls !== undefined) dropped.push('parallel_tool_calls');
  for (const field of dropped) addRequestWarning(request, `Hunyuan ChatCompletions has no ${field}; it was dropped`);
}

/** Encodes a canonical request as a Hunyuan `ChatCompletions` body; system messages are merged into one leading message. */
export function encodeHunyuanRequest(request: CanonicalRequest): HunyuanChatRequest {
  const system: string[] = [];
  const messages: HunyuanMessage[] = [];
  for (const message of request.messages) {
    if (message.role === 'system') {
      system.push(joinTextParts(message.parts));
      continue;
    }
    for (const part of message.parts) {
      if (part.type === 'tool-result') messages.push({ Role: 'tool', Content: part.content, ToolCallId: part.toolCallId });
    }
    if (message.role === 'tool') continue;
    if (message.role === 'assistant') {
      messages.push(encodeAssistant(message));
      continue;
    }
    const rest = message.parts.filter((part) => part.type !== 'tool-result');
    if (rest.length === 0) continue;
    const user: HunyuanMessage = { Role: 'user', ...encodeUserContent({ ...message, parts: rest }, request) };
    // Hunyuan wants user and assistant turns to alternate, so adjacent plain-text user turns are joined.
    const last = messages.at(-1);
    if (last?.Role === 'user' && last.Content !== undefined && user.Content !== undefined) last.Content = `${last.Content}\n\n${user.Content}`;
    else messages.push(user);
  }
  if (system.length > 0) messages.unshift({ Role: 'system', Content: system.join('\n\n') });
  const body: HunyuanChatRequest = { Model: request.model, Messages: messages, Stream: request.stream };
  if (request.temperature !== undefined) body.Temperature = request.temperature;
  if (request.topP !== undefined) body.TopP = request.topP;
  if (request.stop && request.stop.length > 0) body.Stop = request.stop;
  if (request.seed !== undefined) {
    // Hunyuan takes a positive seed of at most 10000.
    if (Number.isInteger(request.seed) && request.seed >= 1 && request.seed <= 10000) body.Seed = request.seed;
    else addRequestWarning(request, `Hunyuan takes a seed from 1 to 10000; seed ${request.seed} was dropped`);
  }
  Object.assign(body, encodeTools(request));
  warnUnsupported(request);
  return body;
}
