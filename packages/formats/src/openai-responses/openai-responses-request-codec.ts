// OpenAI Responses request <-> canonical request. What only OpenAI can honour (built-in tools, stored
// state such as previous_response_id, hosted tool_choice, include, store) stays in `passthrough`: it is
// replayed when the upstream speaks Responses too, and reported as dropped for any other upstream.
// @see https://platform.openai.com/docs/api-reference/responses/create
import {
  addRequestWarning,
  listDroppedPassthroughFields,
  type CanonicalRequest,
  type CanonicalResponseFormat,
  type CanonicalTool,
  type CanonicalToolChoice,
} from '../canonical-model';
import { decodeOpenAiResponsesInput, encodeOpenAiResponsesInput, type OpenAiResponsesWarningSink } from './openai-responses-input-codec';
import type { OpenAiResponsesRequest, OpenAiResponsesTool } from './openai-responses-schema';
import { isRecord, type JsonRecord } from '../json-values';
import { defaultModelCapabilities, type ModelCapabilities } from '../model-capabilities';
import { openAiEffortOf } from '../openai-reasoning-effort';
import { fitOpenAiUser } from '../openai-user-id';

type FunctionTool = Extract<OpenAiResponsesTool, { type: 'function' }>;
type TextFormat = NonNullable<NonNullable<OpenAiResponsesRequest['text']>['format']>;

/** Request fields the codec maps to canonical fields; everything else goes to passthrough. */
const mappedRequestFields = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'temperature',
  'top_p',
  'max_output_tokens',
  'reasoning',
  'text',
  'stream',
  'user',
]);

/** Reasoning fields with a canonical meaning; others (mode, context) stay in passthrough. */
const mappedReasoningFields = new Set(['effort', 'summary', 'generate_summary']);

// The schema's built-in variant refuses type "function", so the type identifies a function tool.
function isFunctionTool(tool: OpenAiResponsesTool): tool is FunctionTool {
  return tool.type === 'function';
}

function decodeTool(tool: FunctionTool): CanonicalTool {
  const result: CanonicalTool = { name: tool.name, parameters: tool.parameters ?? { type: 'object', properties: {} } };
  if (typeof tool.description === 'string') result.description = tool.description;
  if (typeof tool.strict === 'boolean') result.strict = tool.strict;
  return result;
}

function decodeToolChoice(choice: OpenAiResponsesRequest['tool_choice']): CanonicalToolChoice | undefined {
  if (choice === null || choice === undefined) return undefined;
  if (typeof choice === 'string') return choice;
  if (choice.type === 'function' && typeof choice.name === 'string') return { name: choice.name };
  // allowed_tools restricts the set but keeps its mode; a hosted tool choice has no canonical meaning.
  if (choice.type === 'allowed_tools' && (choice.mode === 'auto' || choice.mode === 'required')) return choice.mode;
  return undefined;
}

function decodeResponseFormat(format: TextFormat): CanonicalResponseFormat {
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json_object') return { type: 'json-object' };
  const result: CanonicalResponseFormat = { type: 'json-schema', name: format.name, schema: format.schema };
  if (typeof format.description === 'string') result.description = format.description;
  if (typeof format.strict === 'boolean') result.strict = format.strict;
  return result;
}

/** Copies `record` without `keys`; undefined when nothing is left. */
function withoutKeys(record: JsonRecord, keys: ReadonlySet<string>): JsonRecord | undefined {
  const rest = Object.fromEntries(Object.entries(record).filter(([key, value]) => !keys.has(key) && value !== undefined));
  return Object.keys(rest).length > 0 ? rest : undefined;
}

function decodeReasoning(reasoning: NonNullable<OpenAiResponsesRequest['reasoning']>, result: CanonicalRequest): void {
  if (typeof reasoning.effort === 'string') result.reasoningEffort = reasoning.effort;
  const summary = reasoning.summary ?? reasoning.generate_summary;
  // The summary level (auto, concise, detailed) has no canonical meaning; asking for one means "return thoughts".
  if (typeof summary === 'string') result.reasoning = { includeThoughts: true };
}

/** Decodes a validated Responses request into the canonical request. */
export function decodeOpenAiResponsesRequest(request: OpenAiResponsesRequest): CanonicalRequest {
  const warnings: string[] = [];
  const warn: OpenAiResponsesWarningSink = (warning) => warnings.push(warning);
  const result: CanonicalRequest = {
    model: request.model,
    messages: decodeOpenAiResponsesInput(request.instructions, request.input, warn),
    stream: request.stream === true,
  };
  // The Responses API always reports usage in its terminal event.
  if (result.stream) result.includeUsage = true;
  if (typeof request.max_output_tokens === 'number') result.maxTokens = request.max_output_tokens;
  if (typeof request.temperature === 'number') result.temperature = request.temperature;
  if (typeof request.top_p === 'number') result.topP = request.top_p;
  const fields: JsonRecord = {};
  const tools = request.tools ?? undefined;
  if (tools) {
    const functionTools = tools.filter(isFunctionTool);
    if (functionTools.length > 0 || tools.length === 0) result.tools = functionTools.map(decodeTool);
    const builtInTools = tools.filter((tool) => !isFunctionTool(tool));
    if (builtInTools.length > 0) fields.tools = builtInTools;
  }
  const toolChoice = decodeToolChoice(request.tool_choice);
  if (toolChoice !== undefined) result.toolChoice = toolChoice;
  if (isRecord(request.tool_choice) && !(request.tool_choice.type === 'function')) fields.tool_choice = request.tool_choice;
  if (typeof request.parallel_tool_calls === 'boolean') result.parallelToolCalls = request.parallel_tool_calls;
  if (request.reasoning) {
    decodeReasoning(request.reasoning, result);
    const rest = withoutKeys(request.reasoning, mappedReasoningFields);
    if (rest) fields.reasoning = rest;
  }
  if (request.text) {
    if (request.text.format) result.responseFormat = decodeResponseFormat(request.text.format);
    const rest = withoutKeys(request.text, new Set(['format']));
    if (rest) fields.text = rest;
  }
  if (typeof request.user === 'string') result.user = request.user;
  if (typeof request.previous_response_id === 'string') {
    warn(`previous_response_id "${request.previous_response_id}" refers to conversation state the gateway does not keep; only an OpenAI Responses upstream that stored it can resolve it`);
  }
  for (const [key, value] of Object.entries(request)) {
    if (!mappedRequestFields.has(key) && value !== undefined) fields[key] = value;
  }
  if (Object.keys(fields).length > 0) result.passthrough = { format: 'openai-responses', fields };
  if (warnings.length > 0) result.warnings = warnings;
  return result;
}

function encodeTool(tool: CanonicalTool): JsonRecord {
  const encoded: JsonRecord = { type: 'function', name: tool.name };
  if (tool.description !== undefined) encoded.description = tool.description;
  encoded.parameters = tool.parameters;
  // Responses turns omitted `strict` into strict mode (rewriting the schema); other dialects default to non-strict.
  encoded.strict = tool.strict ?? false;
  return encoded;
}

function encodeResponseFormat(format: CanonicalResponseFormat): JsonRecord {
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json-object') return { type: 'json_object' };
  const encoded: JsonRecord = { type: 'json_schema', name: format.name, schema: format.schema };
  if (format.description !== undefined) encoded.description = format.description;
  if (format.strict !== undefined) encoded.strict = format.strict;
  return encoded;
}

function encodeReasoning(request: CanonicalRequest, passthrough: JsonRecord, capabilities: ModelCapabilities): JsonRecord | undefined {
  const reasoning: JsonRecord = isRecord(passthrough.reasoning) ? { ...passthrough.reasoning } : {};
  const effort = openAiEffortOf(request, capabilities, 'reasoning.effort');
  if (effort !== undefined) reasoning.effort = effort;
  else if (!capabilities.reasoningEffort) delete reasoning.effort;
  if (request.reasoning?.includeThoughts === true) reasoning.summary = 'auto';
  return Object.keys(reasoning).length > 0 ? reasoning : undefined;
}

function encodeToolChoice(request: CanonicalRequest, passthrough: JsonRecord): unknown {
  // A hosted or allowed_tools choice from a Responses caller is more precise than its canonical approximation.
  if (isRecord(passthrough.tool_choice)) return passthrough.tool_choice;
  const choice = request.toolChoice;
  if (choice === undefined) return undefined;
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
}

/** Encodes a canonical request as a Responses request body for a model with `capabilities`; what it cannot express is appended to `request.warnings`. */
export function encodeOpenAiResponsesRequest(request: CanonicalRequest, capabilities: ModelCapabilities = defaultModelCapabilities): OpenAiResponsesRequest {
  const warn: OpenAiResponsesWarningSink = (warning) => addRequestWarning(request, warning);
  for (const warning of listDroppedPassthroughFields(request, 'openai-responses')) warn(warning);
  const passthrough = request.passthrough?.format === 'openai-responses' ? request.passthrough.fields : {};
  const { instructions, input } = encodeOpenAiResponsesInput(request.messages, warn);
  const result: JsonRecord = { ...passthrough, model: request.model, input };
  if (instructions !== undefined) result.instructions = instructions;
  if (request.stream) result.stream = true;
  if (request.maxTokens !== undefined) result.max_output_tokens = request.maxTokens;
  // OpenAI reasoning models refuse temperature and top_p on the Responses API, whatever their value.
  for (const [field, value] of [['temperature', request.temperature], ['top_p', request.topP]] as const) {
    if (value === undefined) continue;
    if (capabilities.samplingFixed) warn(`${field} ${value} was dropped: ${request.model} takes only the default sampling`);
    else result[field] = value;
  }
  const builtInTools = Array.isArray(passthrough.tools) ? passthrough.tools : [];
  if (request.tools !== undefined || builtInTools.length > 0) result.tools = [...builtInTools, ...(request.tools ?? []).map(encodeTool)];
  const toolChoice = encodeToolChoice(request, passthrough);
  if (toolChoice !== undefined) result.tool_choice = toolChoice;
  if (request.parallelToolCalls !== undefined) result.parallel_tool_calls = request.parallelToolCalls;
  const reasoning = encodeReasoning(request, passthrough, capabilities);
  if (reasoning) result.reasoning = reasoning;
  const text: JsonRecord = isRecord(passthrough.text) ? { ...passthrough.text } : {};
  if (request.responseFormat !== undefined) text.format = encodeResponseFormat(request.responseFormat);
  if (Object.keys(text).length > 0) result.text = text;
  const user = fitOpenAiUser(request, 'openai-responses');
  if (user !== undefined) result.user = user;
  const unsupported: [string, unknown][] = [
    ['stop sequences', request.stop],
    ['top_k', request.topK],
    ['seed', request.seed],
    ['presence_penalty', request.presencePenalty],
    ['frequency_penalty', request.frequencyPenalty],
  ];
  for (const [name, value] of unsupported) {
    if (value !== undefined) warn(`${name} cannot be expressed in the OpenAI Responses API and ${name === 'stop sequences' ? 'were' : 'was'} dropped`);
  }
  return result as OpenAiResponsesRequest;
}
