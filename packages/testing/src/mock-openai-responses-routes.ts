// The OpenAI Responses endpoint of the mock upstream: POST /v1/responses, JSON and SSE in the real
// event sequence (response.created … response.completed, every event with `event:` and a
// sequence_number). It rejects the mistakes a faulty conversion would make (chat-style roles, nested
// tools, tool outputs without their call) with errors worded like the real API's.
// @see https://platform.openai.com/docs/api-reference/responses
import {
  limitMockAnswer,
  mockCompletionTokens,
  mockReplyPieces,
  mockToolCallCompletionTokens,
  type MockBehaviour,
} from './mock-behaviour';
import type { MockExchange, MockRoute } from './mock-exchange';
import { isObject, listOf, type JsonObject } from './mock-json';
import { mockCreatedAt } from './mock-openai-chat-routes';
import { countMockTokens } from './mock-tokens';

/** The text of a content value: the string, or its parts' texts joined by spaces. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return listOf(content)
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join(' ');
}

/** The system prompt of a body: `instructions`, else its system and developer messages joined by newlines. */
export function readMockResponsesSystemPrompt(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  if (typeof body.instructions === 'string') return body.instructions;
  const system = listOf(body.input).filter((item) => isObject(item) && (item.role === 'system' || item.role === 'developer'));
  return system.length > 0 ? system.map((item) => textOf(isObject(item) ? item.content : undefined)).join('\n') : undefined;
}

/** Prompt tokens of a Responses body: the words of the instructions, message texts and function outputs (calls and reasoning are free). */
export function countMockResponsesPromptTokens(body: unknown): number {
  if (!isObject(body)) return 0;
  let total = typeof body.instructions === 'string' ? countMockTokens(body.instructions) : 0;
  if (typeof body.input === 'string') return total + countMockTokens(body.input);
  for (const item of listOf(body.input)) {
    if (!isObject(item)) continue;
    if (item.type === 'function_call_output') total += countMockTokens(textOf(item.output));
    else if (item.type === undefined || item.type === 'message') total += countMockTokens(textOf(item.content));
  }
  return total;
}

function invalid(exchange: MockExchange, message: string, param: string | null, code: string | null): Promise<void> {
  return exchange.sendJson(400, { error: { message, type: 'invalid_request_error', param, code } });
}

const messageRoles = new Set(['user', 'assistant', 'system', 'developer']);
const assistantPartTypes = new Set(['output_text', 'refusal']);
const inputPartTypes = new Set(['input_text', 'input_image', 'input_file', 'output_text', 'refusal']);

/** The first rule of the real API this body breaks, with its param; undefined when it is valid. */
function findInvalidity(body: JsonObject): { message: string; param: string | null; code: string | null } | undefined {
  if (typeof body.model !== 'string') return { message: "Missing required parameter: 'model'.", param: 'model', code: 'missing_required_parameter' };
  if (typeof body.input !== 'string' && !Array.isArray(body.input)) return { message: "Missing required parameter: 'input'.", param: 'input', code: 'missing_required_parameter' };
  for (const [index, tool] of listOf(body.tools).entries()) {
    if (isObject(tool) && tool.type === 'function' && typeof tool.name !== 'string') {
      return { message: `Missing required parameter: 'tools[${index}].name'.`, param: `tools[${index}].name`, code: 'missing_required_parameter' };
    }
  }
  const callIds = new Set<string>();
  for (const [index, item] of listOf(body.input).entries()) {
    if (!isObject(item)) continue;
    if (item.type === 'function_call') callIds.add(String(item.call_id));
    if (item.type === 'function_call_output' && !callIds.has(String(item.call_id))) {
      return { message: `No tool call found for function call output with call_id ${String(item.call_id)}.`, param: 'input', code: null };
    }
    if (item.type !== undefined && item.type !== 'message') continue;
    if (typeof item.role !== 'string' || !messageRoles.has(item.role)) {
      return { message: `Invalid value: '${String(item.role)}'. Supported values are: 'assistant', 'system', 'developer', and 'user'.`, param: `input[${index}].role`, code: 'invalid_value' };
    }
    const allowed = item.role === 'assistant' ? assistantPartTypes : inputPartTypes;
    for (const [position, part] of listOf(item.content).entries()) {
      const type = isObject(part) ? String(part.type) : typeof part;
      if (!allowed.has(type)) {
        return { message: `Invalid value: '${type}'. Supported values are: ${[...allowed].map((name) => `'${name}'`).join(', ')}.`, param: `input[${index}].content[${position}]`, code: 'invalid_value' };
      }
    }
  }
  return undefined;
}

/** The call the answer makes: when the behaviour asks for one, the body declares a function tool and its last item is no tool output. */
function chooseToolCall(body: JsonObject, behaviour: MockBehaviour): { name: string; arguments: string } | undefined {
  const reply = behaviour.replyToolCall;
  if (!reply) return undefined;
  const firstName = listOf(body.tools)
    .map((tool) => (isObject(tool) && tool.type === 'function' ? tool.name : undefined))
    .find((name) => typeof name === 'string');
  if (typeof firstName !== 'string') return undefined;
  const last = listOf(body.input).at(-1);
  if (isObject(last) && last.type === 'function_call_output') return undefined;
  return { name: reply.name ?? firstName, arguments: JSON.stringify(reply.arguments ?? {}) };
}

interface Answer {
  id: string;
  model: string;
  sequence: number;
  promptTokens: number;
  /** A reasoning item: when the body asks for a summary or for the encrypted reasoning state. */
  reasoning: { summary: string | undefined; encrypted: string | undefined } | undefined;
  pieces: string[];
  toolCall: { name: string; arguments: string } | undefined;
  outputTokens: number;
  /** The behaviour after `max_output_tokens` (see `limitMockAnswer`). */
  behaviour: MockBehaviour;
  /** `max_output_tokens` cut the answer: the response ends `incomplete`. */
  truncated: boolean;
}

function buildAnswer(exchange: MockExchange, body: JsonObject): Answer {
  const call = chooseToolCall(body, exchange.behaviour);
  // A function call is answered whole; a text answer is cut to max_output_tokens when the behaviour honours it.
  const { behaviour, truncated } = call ? { behaviour: exchange.behaviour, truncated: false } : limitMockAnswer(exchange.behaviour, body.max_output_tokens);
  const reasoningConfig = isObject(body.reasoning) ? body.reasoning : {};
  const wantsSummary = typeof reasoningConfig.summary === 'string' || typeof reasoningConfig.generate_summary === 'string';
  const wantsEncrypted = listOf(body.include).includes('reasoning.encrypted_content');
  return {
    id: `resp_mock_${exchange.sequence}`,
    model: String(body.model),
    sequence: exchange.sequence,
    promptTokens: behaviour.promptTokens ?? countMockResponsesPromptTokens(body),
    reasoning:
      wantsSummary || wantsEncrypted
        ? { summary: wantsSummary ? 'Mock reasoning summary.' : undefined, encrypted: wantsEncrypted ? `mock-encrypted-${exchange.sequence}` : undefined }
        : undefined,
    pieces: call ? [] : mockReplyPieces(behaviour),
    toolCall: call,
    outputTokens: call ? mockToolCallCompletionTokens(behaviour) : mockCompletionTokens(behaviour),
    behaviour,
    truncated,
  };
}

/** Usage in Responses terms: input includes cached tokens, output includes reasoning tokens. */
function responsesUsage(behaviour: MockBehaviour, promptTokens: number, outputTokens: number): JsonObject {
  return {
    input_tokens: promptTokens,
    // The current API (and its specification) always names cache writes, 0 when there were none.
    input_tokens_details: { cached_tokens: behaviour.cachedTokens, cache_write_tokens: behaviour.cacheWriteTokens },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: behaviour.reasoningTokens },
    total_tokens: promptTokens + outputTokens,
  };
}

const itemId = (prefix: string, answer: Answer, outputIndex: number): string => `${prefix}_mock_${answer.sequence}_${outputIndex}`;

function reasoningItem(answer: Answer, outputIndex: number, done: boolean): JsonObject {
  const item: JsonObject = { id: itemId('rs', answer, outputIndex), type: 'reasoning', summary: [] };
  if (done && answer.reasoning?.summary !== undefined) item.summary = [{ type: 'summary_text', text: answer.reasoning.summary }];
  if (done && answer.reasoning?.encrypted !== undefined) item.encrypted_content = answer.reasoning.encrypted;
  return item;
}

function messageItem(answer: Answer, outputIndex: number, done: boolean): JsonObject {
  const content = done ? [{ type: 'output_text', annotations: [], logprobs: [], text: answer.pieces.join('') }] : [];
  const status = !done ? 'in_progress' : answer.truncated ? 'incomplete' : 'completed';
  return { id: itemId('msg', answer, outputIndex), type: 'message', status, content, role: 'assistant' };
}

function functionCallItem(answer: Answer, call: { name: string; arguments: string }, outputIndex: number, done: boolean): JsonObject {
  return {
    id: itemId('fc', answer, outputIndex),
    type: 'function_call',
    status: done ? 'completed' : 'in_progress',
    arguments: done ? call.arguments : '',
    call_id: `call_mock_${answer.sequence}`,
    name: call.name,
  };
}

function outputItems(answer: Answer): JsonObject[] {
  const items: JsonObject[] = [];
  if (answer.reasoning) items.push(reasoningItem(answer, items.length, true));
  if (answer.toolCall) items.push(functionCallItem(answer, answer.toolCall, items.length, true));
  else items.push(messageItem(answer, items.length, true));
  return items;
}

function responseObject(answer: Answer, body: JsonObject, status: string, output: JsonObject[], usage: JsonObject | null): JsonObject {
  return {
    id: answer.id,
    object: 'response',
    created_at: mockCreatedAt,
    status,
    background: false,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: typeof body.instructions === 'string' ? body.instructions : null,
    max_output_tokens: typeof body.max_output_tokens === 'number' ? body.max_output_tokens : null,
    model: answer.model,
    output,
    parallel_tool_calls: body.parallel_tool_calls !== false,
    previous_response_id: typeof body.previous_response_id === 'string' ? body.previous_response_id : null,
    reasoning: { effort: null, summary: null, ...(isObject(body.reasoning) ? body.reasoning : {}) },
    store: body.store !== false,
    temperature: typeof body.temperature === 'number' ? body.temperature : 1,
    text: isObject(body.text) ? body.text : { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: listOf(body.tools).map(echoTool),
    top_p: typeof body.top_p === 'number' ? body.top_p : 1,
    truncation: 'disabled',
    usage,
    user: typeof body.user === 'string' ? body.user : null,
    metadata: isObject(body.metadata) ? body.metadata : {},
  };
}

/** A declared tool as the API echoes it: a function tool always names `strict` (true unless the request said otherwise). */
function echoTool(tool: unknown): unknown {
  if (!isObject(tool) || tool.type !== 'function') return tool;
  return { ...tool, strict: typeof tool.strict === 'boolean' ? tool.strict : true, parameters: isObject(tool.parameters) ? tool.parameters : null };
}

/** The frames of a streamed answer; each SSE event is one frame, so `drop` faults and delays count events. */
function streamFrames(exchange: MockExchange, answer: Answer, body: JsonObject): string[] {
  const behaviour = answer.behaviour;
  const frames: string[] = [];
  const event = (type: string, payload: JsonObject): void => {
    frames.push(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: frames.length, ...payload })}\n\n`);
  };
  const earlyUsage = behaviour.usage === 'every-chunk' ? responsesUsage(behaviour, answer.promptTokens, 0) : null;
  event('response.created', { response: responseObject(answer, body, 'in_progress', [], earlyUsage) });
  event('response.in_progress', { response: responseObject(answer, body, 'in_progress', [], earlyUsage) });
  let outputIndex = 0;
  if (answer.reasoning) {
    const id = itemId('rs', answer, outputIndex);
    event('response.output_item.added', { output_index: outputIndex, item: reasoningItem(answer, outputIndex, false) });
    const summary = answer.reasoning.summary;
    if (summary !== undefined) {
      const location = { item_id: id, output_index: outputIndex, summary_index: 0 };
      event('response.reasoning_summary_part.added', { ...location, part: { type: 'summary_text', text: '' } });
      event('response.reasoning_summary_text.delta', { ...location, delta: summary });
      event('response.reasoning_summary_text.done', { ...location, text: summary });
      event('response.reasoning_summary_part.done', { ...location, part: { type: 'summary_text', text: summary } });
    }
    event('response.output_item.done', { output_index: outputIndex, item: reasoningItem(answer, outputIndex, true) });
    outputIndex += 1;
  }
  if (answer.toolCall) {
    const call = answer.toolCall;
    const location = { item_id: itemId('fc', answer, outputIndex), output_index: outputIndex };
    event('response.output_item.added', { output_index: outputIndex, item: functionCallItem(answer, call, outputIndex, false) });
    const half = Math.ceil(call.arguments.length / 2);
    for (const delta of [call.arguments.slice(0, half), call.arguments.slice(half)]) event('response.function_call_arguments.delta', { ...location, delta });
    event('response.function_call_arguments.done', { ...location, name: call.name, arguments: call.arguments });
    event('response.output_item.done', { output_index: outputIndex, item: functionCallItem(answer, call, outputIndex, true) });
  } else {
    const location = { item_id: itemId('msg', answer, outputIndex), output_index: outputIndex, content_index: 0 };
    const text = answer.pieces.join('');
    event('response.output_item.added', { output_index: outputIndex, item: messageItem(answer, outputIndex, false) });
    event('response.content_part.added', { ...location, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
    for (const delta of answer.pieces) event('response.output_text.delta', { ...location, delta, logprobs: [] });
    event('response.output_text.done', { ...location, text, logprobs: [] });
    event('response.content_part.done', { ...location, part: { type: 'output_text', annotations: [], logprobs: [], text } });
    event('response.output_item.done', { output_index: outputIndex, item: messageItem(answer, outputIndex, true) });
  }
  const usage = behaviour.usage === 'omitted' ? null : responsesUsage(behaviour, answer.promptTokens, answer.outputTokens);
  // An answer cut by max_output_tokens ends with response.incomplete, as the real API's does.
  const status = answer.truncated ? 'incomplete' : 'completed';
  event(`response.${status}`, { response: responseObject(answer, body, status, outputItems(answer), usage) });
  return frames;
}

async function handleResponses(exchange: MockExchange): Promise<void> {
  const body = exchange.request.body;
  if (!isObject(body)) return invalid(exchange, 'We could not parse the JSON body of your request.', null, null);
  const systemPrompt = readMockResponsesSystemPrompt(body);
  if (systemPrompt !== undefined) exchange.request.systemPrompt = systemPrompt;
  const invalidity = findInvalidity(body);
  if (invalidity) return invalid(exchange, invalidity.message, invalidity.param, invalidity.code);
  const answer = buildAnswer(exchange, body);
  if (body.stream === true) return exchange.sendSse(streamFrames(exchange, answer, body));
  const usage = responsesUsage(answer.behaviour, answer.promptTokens, answer.outputTokens);
  const response = responseObject(answer, body, answer.truncated ? 'incomplete' : 'completed', outputItems(answer), usage);
  if (answer.behaviour.usage === 'omitted') delete response.usage;
  return exchange.sendJson(200, response);
}

/** The OpenAI Responses route. Status faults answer in OpenAI's error shape, which this API shares. */
export const openAiResponsesMockRoutes: readonly MockRoute[] = [{ method: 'POST', path: '/v1/responses', handle: handleResponses }];
