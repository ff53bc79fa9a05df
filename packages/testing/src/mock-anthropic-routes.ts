// Anthropic endpoint of the mock upstream: POST /v1/messages, JSON and SSE in the real event order
// (message_start, ping, content blocks, message_delta, message_stop). It checks what the real API
// checks and a converter can get wrong: the `anthropic-version` header, `max_tokens`, the system
// prompt at top level (never a "system" message) and tool_use/tool_result pairing.
// Usage follows Anthropic semantics: `input_tokens` EXCLUDES cached tokens (`cachedTokens` is
// reported as `cache_read_input_tokens`, `cacheWriteTokens` as `cache_creation_input_tokens`), so the
// canonical prompt total equals `promptTokens` as in the other dialects. `usage: 'omitted'` sends no
// usage at all (the real API always does) so gateways exercise their estimation path; the SDK's
// `messages.stream()` helper cannot accumulate such a stream.
// @see https://docs.claude.com/en/api/messages
// @see https://docs.claude.com/en/docs/build-with-claude/streaming
import { limitMockAnswer, mockCompletionTokens, mockReplyPieces, mockToolCallCompletionTokens, type MockBehaviour, type MockFault } from './mock-behaviour';
import type { MockExchange, MockRoute } from './mock-exchange';
import { isObject, listOf, type JsonObject } from './mock-json';
import { countMockTokens } from './mock-tokens';

/** Error types and default texts per status. @see https://docs.claude.com/en/api/errors */
const anthropicStatusDefaults: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  402: { type: 'billing_error', message: 'Your credit balance is too low to access the Anthropic API.' },
  403: { type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' },
  404: { type: 'not_found_error', message: 'Not found' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit.' },
  500: { type: 'api_error', message: 'Internal server error' },
  504: { type: 'timeout_error', message: 'Request timed out' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

/** The Anthropic error body for a status; `type` overrides the documented error type of that status. */
export function mockAnthropicErrorBody(status: number, message?: string, type?: string): { type: 'error'; error: { type: string; message: string }; request_id: string } {
  const defaults = anthropicStatusDefaults[status] ?? { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: `mock error ${status}` };
  return { type: 'error', error: { type: type ?? defaults.type, message: message ?? defaults.message }, request_id: 'req_011CMockUpstream' };
}

function renderAnthropicFault(fault: Extract<MockFault, { type: 'status' }>): unknown {
  return mockAnthropicErrorBody(fault.status, fault.message, fault.errorType);
}

function sendAnthropicInvalid(exchange: MockExchange, message: string): Promise<void> {
  return exchange.sendJson(400, mockAnthropicErrorBody(400, message));
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return listOf(content)
    .map((block) => (isObject(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .join(' ');
}

/** The system prompt text of a body: the string, or its text blocks joined by newlines. */
export function readMockAnthropicSystemPrompt(body: unknown): string | undefined {
  const system = isObject(body) ? body.system : undefined;
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return undefined;
  return system.map((block) => (isObject(block) && typeof block.text === 'string' ? block.text : '')).join('\n');
}

/** Prompt tokens of an Anthropic body: the words of the system prompt, text blocks and tool results (thinking and tool calls are free). */
export function countMockAnthropicPromptTokens(body: unknown): number {
  if (!isObject(body)) return 0;
  let total = countMockTokens(textOf(body.system));
  for (const message of listOf(body.messages)) {
    const content = isObject(message) ? message.content : undefined;
    if (typeof content === 'string') {
      total += countMockTokens(content);
      continue;
    }
    for (const block of listOf(content)) {
      if (!isObject(block)) continue;
      if (block.type === 'text' && typeof block.text === 'string') total += countMockTokens(block.text);
      else if (block.type === 'tool_result') total += countMockTokens(textOf(block.content));
    }
  }
  return total;
}

function blocksOf(message: unknown): JsonObject[] {
  const content = isObject(message) ? message.content : undefined;
  return listOf(content).filter(isObject);
}

/** The first rule of the real API this body breaks, as the API words it; undefined when it is valid. */
function findInvalidity(body: JsonObject): string | undefined {
  if (typeof body.model !== 'string') return 'model: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: Field required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  const messages = body.messages;
  for (const [index, message] of messages.entries()) {
    const role = isObject(message) ? message.role : undefined;
    if (role === 'system') {
      return `messages.${index}: Unexpected role "system". The Messages API accepts a top-level \`system\` parameter, not "system" as an input message role.`;
    }
    const toolUses = blocksOf(message).filter((block) => block.type === 'tool_use').map((block) => String(block.id));
    const resultIds = new Set(blocksOf(messages[index + 1]).filter((block) => block.type === 'tool_result').map((block) => String(block.tool_use_id)));
    const unanswered = toolUses.filter((id) => !resultIds.has(id));
    if (index + 1 < messages.length && unanswered.length > 0) {
      return `messages.${index + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
    }
    const previousUses = new Set(index > 0 ? blocksOf(messages[index - 1]).filter((block) => block.type === 'tool_use').map((block) => String(block.id)) : []);
    for (const [position, block] of blocksOf(message).entries()) {
      if (block.type === 'tool_result' && !previousUses.has(String(block.tool_use_id))) {
        return `messages.${index}.content.${position}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      }
    }
  }
  return undefined;
}

/** The call the answer makes, when the behaviour asks for one, the body declares tools and its last message carries no tool results. */
function chooseToolCall(body: JsonObject, behaviour: MockBehaviour): { name: string; input: JsonObject } | undefined {
  const reply = behaviour.replyToolCall;
  if (!reply) return undefined;
  const firstName = listOf(body.tools)
    .map((tool) => (isObject(tool) ? tool.name : undefined))
    .find((name) => typeof name === 'string');
  if (typeof firstName !== 'string') return undefined;
  if (blocksOf(listOf(body.messages).at(-1)).some((block) => block.type === 'tool_result')) return undefined;
  return { name: reply.name ?? firstName, input: reply.arguments ?? {} };
}

/** The signed thinking block the mock issues in answer `sequence` when thinking is on. */
export function mockAnthropicThinking(sequence: number): { text: string; signature: string } {
  return { text: 'Mock thinking.', signature: `mock-signature-${sequence}` };
}

/** The id of the tool_use block the mock issues in answer `sequence`. */
export function mockAnthropicToolUseId(sequence: number): string {
  return `toolu_mock_${sequence}`;
}

/** Thinking is on: `enabled` or `adaptive`. */
export function wantsThinking(body: JsonObject): boolean {
  return isObject(body.thinking) && (body.thinking.type === 'enabled' || body.thinking.type === 'adaptive');
}

interface Answer {
  id: string;
  model: string;
  promptTokens: number;
  thinking: { text: string; signature: string } | undefined;
  pieces: string[];
  toolCall: { id: string; name: string; input: JsonObject } | undefined;
  outputTokens: number;
  /** The behaviour after `max_tokens` (see `limitMockAnswer`). */
  behaviour: MockBehaviour;
  /** `max_tokens` cut the answer: it stops with `max_tokens`. */
  truncated: boolean;
}

function buildAnswer(exchange: MockExchange, body: JsonObject): Answer {
  const call = chooseToolCall(body, exchange.behaviour);
  // A tool call is answered whole; a text answer is cut to max_tokens when the behaviour honours it.
  const { behaviour, truncated } = call ? { behaviour: exchange.behaviour, truncated: false } : limitMockAnswer(exchange.behaviour, body.max_tokens);
  return {
    id: `msg_mock_${exchange.sequence}`,
    model: String(body.model),
    promptTokens: behaviour.promptTokens ?? countMockAnthropicPromptTokens(body),
    thinking: wantsThinking(body) ? mockAnthropicThinking(exchange.sequence) : undefined,
    pieces: call ? [] : mockReplyPieces(behaviour),
    toolCall: call ? { id: mockAnthropicToolUseId(exchange.sequence), ...call } : undefined,
    outputTokens: call ? mockToolCallCompletionTokens(behaviour) : mockCompletionTokens(behaviour),
    behaviour,
    truncated,
  };
}

/** Usage in Anthropic terms: cache tokens are reported apart and taken out of `input_tokens`. */
function anthropicUsage(behaviour: MockBehaviour, answer: Answer, outputTokens: number): JsonObject {
  const cached = behaviour.cachedTokens + behaviour.cacheWriteTokens;
  const usage: JsonObject = {
    input_tokens: Math.max(0, answer.promptTokens - cached),
    cache_creation_input_tokens: behaviour.cacheWriteTokens,
    cache_read_input_tokens: behaviour.cachedTokens,
    output_tokens: outputTokens,
  };
  if (behaviour.reasoningTokens > 0) usage.output_tokens_details = { thinking_tokens: behaviour.reasoningTokens };
  return behaviour.usageFields ? { ...usage, ...behaviour.usageFields } : usage;
}

function contentBlocks(answer: Answer): JsonObject[] {
  const blocks: JsonObject[] = [];
  if (answer.thinking) blocks.push({ type: 'thinking', thinking: answer.thinking.text, signature: answer.thinking.signature });
  if (answer.toolCall) blocks.push({ type: 'tool_use', ...answer.toolCall });
  else if (answer.pieces.length > 0) blocks.push({ type: 'text', text: answer.pieces.join('') });
  return blocks;
}

function stopReason(answer: Answer): string {
  if (answer.toolCall) return 'tool_use';
  return answer.truncated ? 'max_tokens' : 'end_turn';
}

function sendJsonAnswer(exchange: MockExchange, answer: Answer): Promise<void> {
  const message: JsonObject = {
    id: answer.id,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content: contentBlocks(answer),
    stop_reason: stopReason(answer),
    stop_sequence: null,
  };
  if (answer.behaviour.usage !== 'omitted') message.usage = { ...anthropicUsage(answer.behaviour, answer, answer.outputTokens), service_tier: 'standard' };
  return exchange.sendJson(200, message);
}

function event(type: string, payload: JsonObject = {}): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;
}

/** The frames of a streamed answer; each SSE event is one frame, so `drop` faults and delays count events. */
function streamFrames(answer: Answer): string[] {
  const behaviour = answer.behaviour;
  const withUsage = behaviour.usage !== 'omitted';
  const startMessage: JsonObject = { id: answer.id, type: 'message', role: 'assistant', model: answer.model, content: [], stop_reason: null, stop_sequence: null };
  if (withUsage) startMessage.usage = { ...anthropicUsage(behaviour, answer, 1), service_tier: 'standard' };
  const frames = [event('message_start', { message: startMessage })];
  let index = 0;
  const afterFirstStart = (): void => {
    // The API sends a ping right after the first content block opens.
    if (index === 0) frames.push(event('ping'));
  };
  if (answer.thinking) {
    frames.push(event('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
    afterFirstStart();
    frames.push(event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: answer.thinking.text } }));
    frames.push(event('content_block_delta', { index, delta: { type: 'signature_delta', signature: answer.thinking.signature } }));
    frames.push(event('content_block_stop', { index }));
    index += 1;
  }
  if (answer.toolCall) {
    const { id, name, input } = answer.toolCall;
    frames.push(event('content_block_start', { index, content_block: { type: 'tool_use', id, name, input: {} } }));
    afterFirstStart();
    const json = JSON.stringify(input);
    const half = Math.ceil(json.length / 2);
    for (const partial of ['', json.slice(0, half), json.slice(half)]) {
      frames.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: partial } }));
    }
    frames.push(event('content_block_stop', { index }));
  } else if (answer.pieces.length > 0) {
    frames.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    afterFirstStart();
    answer.pieces.forEach((text, position) => {
      frames.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
      if (behaviour.usage === 'every-chunk') {
        const usage = anthropicUsage(behaviour, answer, position + 1);
        frames.push(event('message_delta', { delta: { stop_reason: null, stop_sequence: null }, usage }));
      }
    });
    frames.push(event('content_block_stop', { index }));
  }
  const closing: JsonObject = { delta: { stop_reason: stopReason(answer), stop_sequence: null } };
  if (withUsage) closing.usage = anthropicUsage(behaviour, answer, answer.outputTokens);
  frames.push(event('message_delta', closing), event('message_stop'));
  return frames;
}

async function handleMessages(exchange: MockExchange): Promise<void> {
  if (exchange.request.headers['anthropic-version'] === undefined) return sendAnthropicInvalid(exchange, 'anthropic-version: header is required');
  const body = exchange.request.body;
  if (!isObject(body)) return sendAnthropicInvalid(exchange, 'There was an issue with the format of your request body.');
  const systemPrompt = readMockAnthropicSystemPrompt(body);
  if (systemPrompt !== undefined) exchange.request.systemPrompt = systemPrompt;
  const invalidity = findInvalidity(body);
  if (invalidity !== undefined) return sendAnthropicInvalid(exchange, invalidity);
  const answer = buildAnswer(exchange, body);
  if (body.stream === true) return exchange.sendSse(streamFrames(answer));
  return sendJsonAnswer(exchange, answer);
}

/** The Anthropic routes. */
export const anthropicMockRoutes: readonly MockRoute[] = [{ method: 'POST', path: '/v1/messages', handle: handleMessages, renderError: renderAnthropicFault }];
