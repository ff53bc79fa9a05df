// Canonical request -> Baidu ERNIE (Qianfan v1 "wenxinworkshop") chat body. ERNIE takes the system prompt in a top-level
// `system` field, alternating user/assistant turns (function results count as user turns), one function call per
// assistant turn, and text only.
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t
// @see https://github.com/PaddlePaddle/ERNIE-SDK/blob/develop/docs/api_reference/chat_completion.md (messages, functions, function_call)
import { addRequestWarning, type CanonicalMessage, type CanonicalRequest } from '@turnpike/formats';
import { joinTextParts } from '../native-dialect/message-text';

/** A function call made by the model: its name, JSON arguments and, from the model, its reasoning. */
export interface ErnieFunctionCall {
  name: string;
  arguments: string;
  thoughts?: string;
}

/** One conversation turn; `function` turns carry a function's result and name it. */
export interface ErnieMessage {
  role: 'user' | 'assistant' | 'function';
  content: string;
  name?: string;
  function_call?: ErnieFunctionCall;
}

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ErnieFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The chat request body. */
export interface ErnieChatRequest {
  messages: ErnieMessage[];
  system?: string;
  stream?: boolean;
  temperature?: number;
  top_p?: number;
  penalty_score?: number;
  max_output_tokens?: number;
  stop?: string[];
  user_id?: string;
  functions?: ErnieFunction[];
  tool_choice?: { type: 'function'; function: { name: string } };
  response_format?: 'json_object' | 'text';
}

/** Builds the messages, merging adjacent user texts and collecting system texts. */
class MessageBuilder {
  readonly messages: ErnieMessage[] = [];
  readonly system: string[] = [];
  private readonly toolNames = new Map<string, string>();

  constructor(private readonly request: CanonicalRequest) {}

  add(message: CanonicalMessage): void {
    if (message.role === 'system') {
      this.system.push(joinTextParts(message.parts));
      return;
    }
    this.warnMedia(message);
    for (const part of message.parts) if (part.type === 'tool-result') this.addFunctionResult(part.toolCallId, part.content);
    if (message.role === 'tool') return;
    if (message.role === 'assistant') this.addAssistant(message);
    else this.addUser(joinTextParts(message.parts), message.parts.some((part) => part.type === 'text'));
  }

  private warnMedia(message: CanonicalMessage): void {
    const media = message.parts.filter((part) => part.type === 'image' || part.type === 'file').length;
    if (media > 0) addRequestWarning(this.request, `ERNIE v1 takes text only; ${media} image/file part(s) dropped`);
  }

  private addFunctionResult(toolCallId: string, content: string): void {
    const name = this.toolNames.get(toolCallId);
    if (!name) addRequestWarning(this.request, `no function call with id "${toolCallId}" precedes its result; the id was sent as the function name`);
    this.messages.push({ role: 'function', name: name ?? toolCallId, content });
  }

  private addUser(text: string, hasText: boolean): void {
    if (!hasText) return;
    const last = this.messages.at(-1);
    if (last?.role === 'user') last.content = `${last.content}\n\n${text}`;
    else this.messages.push({ role: 'user', content: text });
  }

  private addAssistant(message: CanonicalMessage): void {
    const calls = message.parts.filter((part) => part.type === 'tool-call');
    const out: ErnieMessage = { role: 'assistant', content: joinTextParts(message.parts) };
    const [first] = calls;
    if (first) {
      out.function_call = { name: first.name, arguments: first.arguments };
      this.toolNames.set(first.id, first.name);
      if (calls.length > 1) addRequestWarning(this.request, `ERNIE takes one function call per turn; ${calls.length - 1} more call(s) dropped`);
    }
    const last = this.messages.at(-1);
    if (last?.role === 'assistant' && !last.function_call && !out.function_call) last.content = `${last.content}\n\n${out.content}`;
    else this.messages.push(out);
  }
}

function encodeFunctions(request: CanonicalRequest): Pick<ErnieChatRequest, 'functions' | 'tool_choice'> {
  const tools = request.tools ?? [];
  if (tools.length === 0 || request.toolChoice === 'none') return {};
  const functions = tools.map((tool): ErnieFunction => ({ name: tool.name, description: tool.description ?? '', parameters: tool.parameters }));
  const choice = request.toolChoice;
  if (choice === 'required') addRequestWarning(request, 'ERNIE cannot require "some function"; tool_choice "required" was sent as "auto"');
  if (choice && typeof choice === 'object') return { functions, tool_choice: { type: 'function', function: { name: choice.name } } };
  return { functions };
}

function encodeSampling(request: CanonicalRequest, body: ErnieChatRequest): void {
  if (request.temperature !== undefined) {
    // ERNIE takes a temperature in (0, 1].
    const temperature = Math.min(Math.max(request.temperature, 0.01), 1);
    if (temperature !== request.temperature) addRequestWarning(request, `ERNIE takes a temperature in (0, 1]; ${request.temperature} was sent as ${temperature}`);
    body.temperature = temperature;
  }
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.maxTokens !== undefined) {
    // ERNIE's smallest max_output_tokens is 2.
    body.max_output_tokens = Math.max(request.maxTokens, 2);
    if (request.maxTokens < 2) addRequestWarning(request, `ERNIE takes max_output_tokens from 2; ${request.maxTokens} was sent as 2`);
  }
  const dropped: string[] = [];
  if (request.topK !== undefined) dropped.push('top_k');
  if (request.seed !== undefined) dropped.push('seed');
  if (request.presencePenalty !== undefined) dropped.push('presence_penalty');
  if (request.frequencyPenalty !== undefined) dropped.push('frequency_penalty (ERNIE has only penalty_score, whose scale differs)');
  for (const field of dropped) addRequestWarning(request, `ERNIE has no ${field}; it was dropped`);
}

/** Encodes a canonical request as an ERNIE chat body. */
export function encodeErnieRequest(request: CanonicalRequest): ErnieChatRequest {
  const builder = new MessageBuilder(request);
  for (const message of request.messages) builder.add(message);
  const body: ErnieChatRequest = { messages: builder.messages, stream: request.stream };
  if (builder.system.length > 0) body.system = builder.system.join('\n\n');
  encodeSampling(request, body);
  if (request.stop && request.stop.length > 0) body.stop = request.stop;
  if (request.user) body.user_id = request.user;
  Object.assign(body, encodeFunctions(request));
  const format = request.responseFormat;
  if (format && format.type !== 'text') {
    body.response_format = 'json_object';
    if (format.type === 'json-schema') addRequestWarning(request, 'ERNIE takes no JSON schema; response_format was sent as json_object');
  }
  return body;
}
