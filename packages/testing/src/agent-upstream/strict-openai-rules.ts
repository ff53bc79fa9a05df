// The documented validation rules of OpenAI's chat completions and Responses APIs that a gateway can break, with the
// error bodies the real API answers (`{error: {message, type, param, code}}`, status 400).
// @see https://platform.openai.com/docs/api-reference/chat/create
// @see https://platform.openai.com/docs/api-reference/responses/create
// @see https://platform.openai.com/docs/guides/reasoning
import { isObject, listOf, type JsonObject } from '../mock-json';
import { objectsOf, openAiReasoningModel, portableToolName, type StrictRefusal, type StrictRule } from './strict-rule';

/** OpenAI's 400 body. */
export function openAiRefusal(message: string, param: string | null, code: string | null): StrictRefusal {
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } };
}

const isReasoningModel = (body: JsonObject): boolean => typeof body.model === 'string' && openAiReasoningModel.test(body.model);

/** `user` is at most 64 characters (the real answer to Claude Code's 186-character metadata.user_id). */
const userLength: StrictRule = (body) =>
  typeof body.user === 'string' && body.user.length > 64
    ? openAiRefusal(`Invalid 'user': string too long. Expected a string with maximum length 64, but got a string with length ${body.user.length} instead.`, 'user', 'string_above_max_length')
    : undefined;

/** Reasoning models refuse `max_tokens`. */
const maxTokensOnReasoningModel: StrictRule = (body) =>
  isReasoningModel(body) && body.max_tokens !== undefined
    ? openAiRefusal("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens', 'unsupported_parameter')
    : undefined;

/** Reasoning models accept only the default temperature. */
const temperatureOnReasoningModel: StrictRule = (body) =>
  isReasoningModel(body) && typeof body.temperature === 'number' && body.temperature !== 1
    ? openAiRefusal(`Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`, 'temperature', 'unsupported_value')
    : undefined;

/** Models without reasoning refuse `reasoning_effort`. */
const effortOnPlainModel: StrictRule = (body) =>
  !isReasoningModel(body) && body.reasoning_effort !== undefined
    ? openAiRefusal("Unsupported parameter: 'reasoning_effort' is not supported with this model.", 'reasoning_effort', 'unsupported_parameter')
    : undefined;

/** At most 128 tools, each named with letters, digits, `_` and `-`. */
function toolListRule(nameOf: (tool: JsonObject) => unknown, namePath: (index: number) => string): StrictRule {
  return (body) => {
    const tools = objectsOf(body.tools);
    if (tools.length > 128) return openAiRefusal(`Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length ${tools.length} instead.`, 'tools', 'array_above_max_length');
    for (const [index, tool] of tools.entries()) {
      const name = nameOf(tool);
      if (name !== undefined && (typeof name !== 'string' || !portableToolName.test(name))) {
        return openAiRefusal(`Invalid '${namePath(index)}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, namePath(index), 'invalid_value');
      }
    }
    return undefined;
  };
}

/** `stream_options` only with `stream: true`. */
const streamOptionsWithoutStream: StrictRule = (body) =>
  body.stream_options !== undefined && body.stream !== true ? openAiRefusal("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options', null) : undefined;

/** Every assistant `tool_calls` entry is answered by a tool message right after it, and no tool message answers nothing. */
const chatToolPairing: StrictRule = (body) => {
  const messages = objectsOf(body.messages);
  let open = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message.role === 'tool') {
      if (!open.delete(String(message.tool_call_id))) {
        return openAiRefusal("Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", `messages.[${index}].role`, null);
      }
      continue;
    }
    if (open.size > 0) {
      return openAiRefusal(
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')}`,
        `messages.[${index}].role`,
        null,
      );
    }
    open = new Set(message.role === 'assistant' ? objectsOf(message.tool_calls).map((call) => String(call.id)) : []);
  }
  return undefined;
};

/** The chat completions rules, in the order the API checks them. */
export const openAiChatRules: readonly StrictRule[] = [
  userLength,
  maxTokensOnReasoningModel,
  temperatureOnReasoningModel,
  effortOnPlainModel,
  streamOptionsWithoutStream,
  toolListRule((tool) => (isObject(tool.function) ? tool.function.name : undefined), (index) => `tools[${index}].function.name`),
  chatToolPairing,
];

/** Models without reasoning refuse `reasoning.effort`; reasoning models refuse `temperature`. */
const responsesReasoningParameters: StrictRule = (body) => {
  const effort = isObject(body.reasoning) ? body.reasoning.effort : undefined;
  if (!isReasoningModel(body) && effort !== undefined && effort !== null) {
    return openAiRefusal("Unsupported parameter: 'reasoning.effort' is not supported with this model.", 'reasoning.effort', 'unsupported_parameter');
  }
  if (isReasoningModel(body) && body.temperature !== undefined) return openAiRefusal("Unsupported parameter: 'temperature' is not supported with this model.", 'temperature', 'unsupported_parameter');
  return undefined;
};

/** Every function call is answered by an output with its `call_id` before the next message, and no output answers nothing. */
const responsesToolPairing: StrictRule = (body) => {
  const open = new Set<string>();
  for (const item of objectsOf(body.input)) {
    if (item.type === 'function_call') open.add(String(item.call_id));
    else if (item.type === 'function_call_output') {
      if (!open.delete(String(item.call_id))) return openAiRefusal(`No tool call found for function call output with call_id ${String(item.call_id)}.`, 'input', null);
    } else if (open.size > 0 && (item.type === 'message' || item.type === undefined)) {
      return openAiRefusal(`No tool output found for function call ${[...open][0]}.`, 'input', null);
    }
  }
  return undefined;
};

/** Encrypted reasoning the API did not issue cannot be decrypted. */
const responsesEncryptedReasoning: StrictRule = (body) => {
  for (const item of objectsOf(body.input)) {
    if (item.type !== 'reasoning' || item.encrypted_content === undefined || item.encrypted_content === null) continue;
    if (typeof item.encrypted_content !== 'string' || !/^mock-encrypted-\d+$/.test(item.encrypted_content)) {
      return openAiRefusal(`The encrypted content for item ${String(item.id)} could not be verified.`, null, 'invalid_encrypted_content');
    }
  }
  return undefined;
};

/** The Responses rules, in the order the API checks them. */
export const openAiResponsesRules: readonly StrictRule[] = [
  userLength,
  responsesReasoningParameters,
  toolListRule((tool) => (tool.type === 'function' ? tool.name : undefined), (index) => `tools[${index}].name`),
  responsesToolPairing,
  responsesEncryptedReasoning,
];

/** The text of a chat tool message or a Responses function output: the string, or its text parts joined. */
export function openAiOutputText(value: unknown): string {
  if (typeof value === 'string') return value;
  return listOf(value)
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}
