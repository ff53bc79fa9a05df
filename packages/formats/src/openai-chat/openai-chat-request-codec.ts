// OpenAI chat request <-> canonical request. Fields without a canonical meaning are kept in
// `passthrough` and replayed only when the target is OpenAI chat again.
import type {
  CanonicalMessage,
  CanonicalPart,
  CanonicalRequest,
  CanonicalResponseFormat,
  CanonicalTool,
  CanonicalToolChoice,
} from '../canonical-model';
import { addRequestWarning } from '../canonical-model';
import type { OpenAiChatMessage, OpenAiChatRequest, OpenAiContentPart } from './openai-chat-schema';
import { defaultModelCapabilities, type ModelCapabilities } from '../model-capabilities';
import { fitOpenAiUser } from '../openai-user-id';
import { openAiEffortOf } from '../openai-reasoning-effort';
import { openToolCallId, unsealedToolCallId } from '../tool-call-signature';

/** Request fields the codec maps to canonical fields; everything else goes to passthrough. */
const mappedRequestFields = new Set([
  'model',
  'messages',
  'stream',
  'stream_options',
  'max_tokens',
  'temperature',
  'top_p',
  'stop',
  'seed',
  'presence_penalty',
  'frequency_penalty',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'functions',
  'function_call',
  'reasoning_effort',
  'response_format',
  'user',
]);

const audioMediaTypes: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

function decodeContent(content: string | OpenAiContentPart[] | null | undefined): CanonicalPart[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content.length > 0 ? [{ type: 'text', text: content }] : [];
  return content.map((part): CanonicalPart => {
    switch (part.type) {
      case 'text':
        return { type: 'text', text: part.text };
      case 'refusal':
        return { type: 'text', text: part.refusal };
      case 'image_url':
        return part.image_url.detail === undefined
          ? { type: 'image', url: part.image_url.url }
          : { type: 'image', url: part.image_url.url, detail: part.image_url.detail };
      case 'input_audio':
        return {
          type: 'file',
          mediaType: audioMediaTypes[part.input_audio.format] ?? `audio/${part.input_audio.format}`,
          data: part.input_audio.data,
        };
      case 'file':
        return decodeFilePart(part.file);
    }
  });
}

function decodeFilePart(file: { file_data?: string; file_id?: string; filename?: string }): CanonicalPart {
  const result: CanonicalPart = { type: 'file' };
  const dataUrl = file.file_data === undefined ? undefined : /^data:([^;,]+);base64,(.*)$/s.exec(file.file_data);
  if (dataUrl) {
    result.mediaType = dataUrl[1];
    result.data = dataUrl[2];
  } else if (file.file_data !== undefined) {
    result.data = file.file_data;
  }
  if (file.file_id !== undefined) result.fileId = file.file_id;
  if (file.filename !== undefined) result.filename = file.filename;
  return result;
}

function textOf(content: string | OpenAiContentPart[] | null): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function decodeMessage(message: OpenAiChatMessage): CanonicalMessage {
  switch (message.role) {
    case 'system':
    case 'developer':
      return withName({ role: 'system', parts: decodeContent(message.content) }, message.name);
    case 'user':
      return withName({ role: 'user', parts: decodeContent(message.content) }, message.name);
    case 'assistant': {
      const parts: CanonicalPart[] = [];
      if (message.reasoning_content) parts.push({ type: 'reasoning', text: message.reasoning_content });
      parts.push(...decodeContent(message.content));
      if (message.refusal) parts.push({ type: 'text', text: message.refusal });
      for (const call of message.tool_calls ?? []) {
        parts.push({ type: 'tool-call', ...openToolCallId(call.id), name: call.function.name, arguments: call.function.arguments });
      }
      if (message.function_call) {
        const call = message.function_call;
        parts.push({ type: 'tool-call', id: call.name, name: call.name, arguments: call.arguments });
      }
      return withName({ role: 'assistant', parts }, message.name);
    }
    case 'tool':
      return { role: 'tool', parts: [{ type: 'tool-result', toolCallId: unsealedToolCallId(message.tool_call_id), content: textOf(message.content) }] };
    case 'function':
      // Legacy function results have no call id; the function name stands in for it.
      return { role: 'tool', parts: [{ type: 'tool-result', toolCallId: message.name, content: message.content ?? '' }] };
  }
}

function withName(message: CanonicalMessage, name: string | undefined): CanonicalMessage {
  if (name !== undefined) message.name = name;
  return message;
}

function decodeTool(functionDefinition: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null }): CanonicalTool {
  const tool: CanonicalTool = { name: functionDefinition.name, parameters: functionDefinition.parameters ?? { type: 'object', properties: {} } };
  if (functionDefinition.description !== undefined) tool.description = functionDefinition.description;
  if (functionDefinition.strict !== undefined && functionDefinition.strict !== null) tool.strict = functionDefinition.strict;
  return tool;
}

function decodeToolChoice(request: OpenAiChatRequest): CanonicalToolChoice | undefined {
  const toolChoice = request.tool_choice;
  if (toolChoice !== null && toolChoice !== undefined) {
    return typeof toolChoice === 'string' ? toolChoice : { name: toolChoice.function.name };
  }
  const functionCall = request.function_call;
  if (functionCall === null || functionCall === undefined) return undefined;
  return typeof functionCall === 'string' ? functionCall : { name: functionCall.name };
}

function decodeResponseFormat(format: OpenAiChatRequest['response_format']): CanonicalResponseFormat | undefined {
  if (!format) return undefined;
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json_object') return { type: 'json-object' };
  const result: CanonicalResponseFormat = {
    type: 'json-schema',
    name: format.json_schema.name,
    schema: format.json_schema.schema ?? {},
  };
  if (format.json_schema.description !== undefined) result.description = format.json_schema.description;
  if (typeof format.json_schema.strict === 'boolean') result.strict = format.json_schema.strict;
  return result;
}

/** Decodes a validated OpenAI chat request into the canonical request. */
export function decodeOpenAiChatRequest(request: OpenAiChatRequest): CanonicalRequest {
  const result: CanonicalRequest = {
    model: request.model,
    messages: request.messages.map(decodeMessage),
    stream: request.stream === true,
  };
  if (request.stream_options?.include_usage !== undefined) result.includeUsage = request.stream_options.include_usage;
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (maxTokens !== null && maxTokens !== undefined) result.maxTokens = maxTokens;
  assignDefined(result, 'temperature', request.temperature);
  assignDefined(result, 'topP', request.top_p);
  if (request.stop !== null && request.stop !== undefined) result.stop = typeof request.stop === 'string' ? [request.stop] : request.stop;
  assignDefined(result, 'seed', request.seed);
  assignDefined(result, 'presencePenalty', request.presence_penalty);
  assignDefined(result, 'frequencyPenalty', request.frequency_penalty);
  const tools = request.tools?.map((tool) => decodeTool(tool.function)) ?? request.functions?.map(decodeTool);
  if (tools) result.tools = tools;
  const toolChoice = decodeToolChoice(request);
  if (toolChoice !== undefined) result.toolChoice = toolChoice;
  assignDefined(result, 'parallelToolCalls', request.parallel_tool_calls);
  assignDefined(result, 'reasoningEffort', request.reasoning_effort);
  const responseFormat = decodeResponseFormat(request.response_format);
  if (responseFormat) result.responseFormat = responseFormat;
  assignDefined(result, 'user', request.user);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) {
    if (!mappedRequestFields.has(key) && value !== undefined) fields[key] = value;
  }
  if (Object.keys(fields).length > 0) result.passthrough = { format: 'openai-chat', fields };
  return result;
}

function assignDefined<K extends keyof CanonicalRequest>(target: CanonicalRequest, key: K, value: CanonicalRequest[K] | null | undefined): void {
  if (value !== null && value !== undefined) target[key] = value;
}

function encodeUserParts(parts: CanonicalPart[]): OpenAiContentPart[] {
  const result: OpenAiContentPart[] = [];
  for (const part of parts) {
    if (part.type === 'text') result.push({ type: 'text', text: part.text });
    else if (part.type === 'image') {
      result.push({ type: 'image_url', image_url: part.detail ? { url: part.url, detail: part.detail } : { url: part.url } });
    } else if (part.type === 'file') result.push(encodeFilePart(part));
  }
  return result;
}

function encodeFilePart(part: Extract<CanonicalPart, { type: 'file' }>): OpenAiContentPart {
  const audioFormat = Object.entries(audioMediaTypes).find(([, mediaType]) => mediaType === part.mediaType)?.[0];
  if (audioFormat && part.data !== undefined) return { type: 'input_audio', input_audio: { data: part.data, format: audioFormat } };
  const file: { file_data?: string; file_id?: string; filename?: string } = {};
  if (part.data !== undefined) file.file_data = part.mediaType ? `data:${part.mediaType};base64,${part.data}` : part.data;
  else if (part.url !== undefined) file.file_data = part.url;
  if (part.fileId !== undefined) file.file_id = part.fileId;
  if (part.filename !== undefined) file.filename = part.filename;
  return { type: 'file', file };
}

function plainText(parts: CanonicalPart[]): string {
  return parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function encodeMessages(message: CanonicalMessage): OpenAiChatMessage[] {
  const name = message.name === undefined ? {} : { name: message.name };
  switch (message.role) {
    case 'system':
      return [{ role: 'system', content: plainText(message.parts), ...name }];
    case 'user': {
      const onlyText = message.parts.every((part) => part.type === 'text');
      return [{ role: 'user', content: onlyText ? plainText(message.parts) : encodeUserParts(message.parts), ...name }];
    }
    case 'assistant': {
      const toolCalls = message.parts.flatMap((part) =>
        part.type === 'tool-call' ? [{ id: part.id, type: 'function' as const, function: { name: part.name, arguments: part.arguments } }] : [],
      );
      const reasoning = message.parts.flatMap((part) => (part.type === 'reasoning' ? [part.text] : [])).join('');
      const text = plainText(message.parts);
      const encoded: OpenAiChatMessage = { role: 'assistant', content: text.length > 0 || toolCalls.length === 0 ? text : null, ...name };
      if (toolCalls.length > 0) encoded.tool_calls = toolCalls;
      // Reasoning goes back in DeepSeek's field, which thinking models of compatible servers require in multi-turn tool use.
      if (reasoning.length > 0) encoded.reasoning_content = reasoning;
      return [encoded];
    }
    case 'tool':
      return message.parts.flatMap((part): OpenAiChatMessage[] =>
        part.type === 'tool-result' ? [{ role: 'tool', tool_call_id: part.toolCallId, content: part.content }] : [],
      );
  }
}

function encodeToolChoice(choice: CanonicalToolChoice): OpenAiChatRequest['tool_choice'] {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

function encodeResponseFormat(format: CanonicalResponseFormat): OpenAiChatRequest['response_format'] {
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json-object') return { type: 'json_object' };
  const jsonSchema: { name: string; schema: Record<string, unknown>; description?: string; strict?: boolean } = {
    name: format.name,
    schema: format.schema,
  };
  if (format.description !== undefined) jsonSchema.description = format.description;
  if (format.strict !== undefined) jsonSchema.strict = format.strict;
  return { type: 'json_schema', json_schema: jsonSchema };
}

/** Temperature and top_p, unless the model takes only the default sampling (OpenAI reasoning models). */
function encodeSampling(request: CanonicalRequest, result: OpenAiChatRequest, capabilities: ModelCapabilities): void {
  for (const [field, value] of [['temperature', request.temperature], ['top_p', request.topP]] as const) {
    if (value === undefined) continue;
    if (capabilities.samplingFixed && value !== 1) addRequestWarning(request, `${field} ${value} was dropped: ${request.model} takes only the default sampling`);
    else if (!capabilities.samplingFixed) result[field] = value;
  }
}

/**
 * Encodes a canonical request as an OpenAI chat request body for a model with `capabilities`; what it cannot express
 * is appended to `request.warnings`.
 */
export function encodeOpenAiChatRequest(request: CanonicalRequest, capabilities: ModelCapabilities = defaultModelCapabilities): OpenAiChatRequest {
  const passthrough = request.passthrough?.format === 'openai-chat' ? request.passthrough.fields : {};
  const result: OpenAiChatRequest = { ...passthrough, model: request.model, messages: request.messages.flatMap(encodeMessages) };
  if (request.stream) {
    result.stream = true;
    if (request.includeUsage !== undefined) result.stream_options = { include_usage: request.includeUsage };
  }
  // max_completion_tokens replaces max_tokens when the caller used it or the model needs it (reasoning models refuse
  // max_tokens); otherwise max_tokens, the field most compatible servers know.
  if (request.maxTokens !== undefined && !('max_completion_tokens' in passthrough)) {
    if (capabilities.maxCompletionTokens) result.max_completion_tokens = request.maxTokens;
    else result.max_tokens = request.maxTokens;
  }
  encodeSampling(request, result, capabilities);
  if (request.stop !== undefined) result.stop = request.stop;
  if (request.seed !== undefined) result.seed = request.seed;
  if (request.presencePenalty !== undefined) result.presence_penalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) result.frequency_penalty = request.frequencyPenalty;
  if (request.tools !== undefined) {
    result.tools = request.tools.map((tool) => {
      const functionDefinition: { name: string; parameters: Record<string, unknown>; description?: string; strict?: boolean } = {
        name: tool.name,
        parameters: tool.parameters,
      };
      if (tool.description !== undefined) functionDefinition.description = tool.description;
      if (tool.strict !== undefined) functionDefinition.strict = tool.strict;
      return { type: 'function' as const, function: functionDefinition };
    });
  }
  if (request.toolChoice !== undefined) result.tool_choice = encodeToolChoice(request.toolChoice);
  if (request.parallelToolCalls !== undefined) result.parallel_tool_calls = request.parallelToolCalls;
  const effort = openAiEffortOf(request, capabilities, 'reasoning_effort');
  if (effort !== undefined) result.reasoning_effort = effort;
  if (request.responseFormat !== undefined) result.response_format = encodeResponseFormat(request.responseFormat);
  const user = fitOpenAiUser(request, 'openai-chat');
  if (user !== undefined) result.user = user;
  return result;
}
