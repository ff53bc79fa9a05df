// Canonical request -> Cohere v2 Chat request. Tool results become `tool` messages, assistant tool calls keep
// their ids, reasoning replays as `thinking` content (or as `tool_plan` beside tool calls, where Cohere puts
// its plan). What the v2 Chat API cannot express is appended to `request.warnings`, never dropped silently.
// @see https://docs.cohere.com/reference/chat
// @see https://docs.cohere.com/docs/image-inputs
// @see https://docs.cohere.com/docs/tool-use-overview
import { addRequestWarning, type CanonicalMessage, type CanonicalPart, type CanonicalRequest, type CanonicalTool } from '@turnpike/formats';
import type {
  CohereChatRequest,
  CohereImageContent,
  CohereMessage,
  CohereResponseFormat,
  CohereTextContent,
  CohereThinking,
  CohereThinkingContent,
  CohereTool,
  CohereToolCall,
} from './cohere-wire';

/** The id of the Cohere v2 Chat dialect, recorded as the call's wire. */
export const cohereDialectId = 'cohere-v2';

/** Collects encoding losses, each distinct message once, then appends them to the request. */
class EncodeNotes {
  private readonly warnings = new Set<string>();

  drop(what: string): void {
    this.warnings.add(`${what} has no ${cohereDialectId} equivalent and was dropped`);
  }

  note(warning: string): void {
    this.warnings.add(warning);
  }

  flushInto(request: CanonicalRequest): void {
    const passthrough = request.passthrough;
    if (passthrough) for (const field of Object.keys(passthrough.fields)) this.drop(`${passthrough.format} field "${field}"`);
    for (const warning of this.warnings) addRequestWarning(request, warning);
  }
}

type UserItem = CohereTextContent | CohereImageContent;
type AssistantItem = CohereTextContent | CohereThinkingContent;

/** A single text item collapses to a plain string, the form every Cohere example uses. */
function collapse<T extends { type: string }>(items: T[]): string | T[] {
  const only = items[0];
  return items.length === 1 && only.type === 'text' && 'text' in only && typeof only.text === 'string' ? only.text : items;
}

function encodeSystem(message: CanonicalMessage, notes: EncodeNotes): CohereMessage | undefined {
  const items: CohereTextContent[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') items.push({ type: 'text', text: part.text });
    else notes.drop(`${part.type} part in a system message`);
  }
  return items.length === 0 ? undefined : { role: 'system', content: collapse(items) };
}

function encodeToolResult(part: Extract<CanonicalPart, { type: 'tool-result' }>, notes: EncodeNotes): CohereMessage {
  if (part.isError === true) notes.drop('tool result error flag');
  return { role: 'tool', tool_call_id: part.toolCallId, content: part.content };
}

/** A user turn: tool results it carries go first, as `tool` messages, then its text and images. */
function encodeUser(message: CanonicalMessage, notes: EncodeNotes): CohereMessage[] {
  const out: CohereMessage[] = [];
  const items: UserItem[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') items.push({ type: 'text', text: part.text });
    else if (part.type === 'image') items.push({ type: 'image_url', image_url: { url: part.url, ...(part.detail ? { detail: part.detail } : {}) } });
    else if (part.type === 'tool-result') out.push(encodeToolResult(part, notes));
    else notes.drop(`${part.type} part in a user message`);
  }
  if (items.length > 0) out.push({ role: 'user', content: collapse(items) });
  return out;
}

function encodeAssistant(message: CanonicalMessage, notes: EncodeNotes): CohereMessage | undefined {
  const calls: CohereToolCall[] = [];
  for (const part of message.parts) {
    if (part.type === 'tool-call') calls.push({ id: part.id, type: 'function', function: { name: part.name, arguments: part.arguments } });
  }
  const items: AssistantItem[] = [];
  const plan: string[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') items.push({ type: 'text', text: part.text });
    else if (part.type === 'reasoning') {
      if (part.redacted === true) notes.drop('redacted reasoning');
      // Cohere streams its plan before tool calls as `tool_plan`; reasoning beside tool calls replays there.
      else if (calls.length > 0) plan.push(part.text);
      else items.push({ type: 'thinking', thinking: part.text });
    } else if (part.type !== 'tool-call') notes.drop(`${part.type} part in an assistant message`);
  }
  if (items.length === 0 && calls.length === 0) {
    notes.note('an empty assistant message was left out of the cohere-v2 request');
    return undefined;
  }
  return {
    role: 'assistant',
    ...(items.length > 0 ? { content: collapse(items) } : {}),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(plan.length > 0 ? { tool_plan: plan.join('') } : {}),
  };
}

function encodeTool(message: CanonicalMessage, notes: EncodeNotes): CohereMessage[] {
  const out: CohereMessage[] = [];
  for (const part of message.parts) {
    if (part.type === 'tool-result') out.push(encodeToolResult(part, notes));
    else notes.drop(`${part.type} part in a tool message`);
  }
  return out;
}

function encodeMessages(messages: readonly CanonicalMessage[], notes: EncodeNotes): CohereMessage[] {
  const out: CohereMessage[] = [];
  for (const message of messages) {
    if (message.name !== undefined) notes.drop('message name');
    if (message.role === 'system') {
      const system = encodeSystem(message, notes);
      if (system) out.push(system);
    } else if (message.role === 'user') out.push(...encodeUser(message, notes));
    else if (message.role === 'assistant') {
      const assistant = encodeAssistant(message, notes);
      if (assistant) out.push(assistant);
    } else out.push(...encodeTool(message, notes));
  }
  return out;
}

function encodeFunction(tool: CanonicalTool): CohereTool {
  return { type: 'function', function: { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), parameters: tool.parameters } };
}

/** Tools, `strict_tools` and `tool_choice`; Cohere can force "some tool" but not a named one, so a named choice offers only that tool. */
function encodeTools(request: CanonicalRequest, notes: EncodeNotes): Pick<CohereChatRequest, 'tools' | 'strict_tools' | 'tool_choice'> {
  if (request.parallelToolCalls === false) notes.drop('parallel_tool_calls=false');
  let tools = request.tools ?? [];
  if (tools.length === 0) {
    if (request.toolChoice !== undefined && request.toolChoice !== 'auto' && request.toolChoice !== 'none') notes.drop('tool choice without tools');
    return {};
  }
  const choice = request.toolChoice;
  let toolChoice: CohereChatRequest['tool_choice'];
  if (choice === 'none') toolChoice = 'NONE';
  else if (choice === 'required') toolChoice = 'REQUIRED';
  else if (typeof choice === 'object') {
    toolChoice = 'REQUIRED';
    const named = tools.filter((tool) => tool.name === choice.name);
    if (named.length > 0) {
      tools = named;
      notes.note(`tool choice "${choice.name}" was sent to ${cohereDialectId} as REQUIRED with only that tool offered`);
    } else notes.note(`tool choice "${choice.name}" names no offered tool and was sent to ${cohereDialectId} as REQUIRED`);
  }
  const strictCount = tools.filter((tool) => tool.strict === true).length;
  if (strictCount > 0 && strictCount < tools.length) notes.note(`${cohereDialectId} applies strict schemas to all tools or none; strict was not requested`);
  return {
    tools: tools.map(encodeFunction),
    ...(strictCount > 0 && strictCount === tools.length ? { strict_tools: true } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
  };
}

/** `thinking` from a token budget (0 off, -1 model's choice) or, failing that, a reasoning effort. */
function encodeThinking(request: CanonicalRequest, notes: EncodeNotes): CohereThinking | undefined {
  const budget = request.reasoning?.budgetTokens;
  let thinking: CohereThinking | undefined;
  if (budget !== undefined) {
    if (budget === 0) thinking = { type: 'disabled' };
    else thinking = budget > 0 ? { type: 'enabled', token_budget: budget } : { type: 'enabled' };
  } else if (request.reasoningEffort !== undefined) {
    if (request.reasoningEffort === 'none') thinking = { type: 'disabled' };
    else {
      thinking = { type: 'enabled' };
      notes.note(`reasoning effort "${request.reasoningEffort}" was sent to ${cohereDialectId} as thinking enabled without a token budget`);
    }
  }
  if (thinking?.type === 'enabled' && request.reasoning?.includeThoughts === false) notes.drop('hiding thoughts while thinking');
  return thinking;
}

function encodeResponseFormat(request: CanonicalRequest): CohereResponseFormat | undefined {
  const format = request.responseFormat;
  if (format === undefined || format.type === 'text') return undefined;
  if (format.type === 'json-object') return { type: 'json_object' };
  return { type: 'json_object', json_schema: format.schema };
}

/** Encodes a canonical request (model already the upstream name) as a `POST /v2/chat` body; losses go to `request.warnings`. */
export function encodeCohereRequest(request: CanonicalRequest): CohereChatRequest {
  const notes = new EncodeNotes();
  const body: CohereChatRequest = { model: request.model, messages: encodeMessages(request.messages, notes), stream: request.stream, ...encodeTools(request, notes) };
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.p = request.topP;
  if (request.topK !== undefined) body.k = request.topK;
  if (request.stop !== undefined && request.stop.length > 0) body.stop_sequences = request.stop;
  if (request.seed !== undefined) body.seed = request.seed;
  if (request.frequencyPenalty !== undefined) body.frequency_penalty = request.frequencyPenalty;
  if (request.presencePenalty !== undefined) body.presence_penalty = request.presencePenalty;
  const responseFormat = encodeResponseFormat(request);
  if (responseFormat) body.response_format = responseFormat;
  const thinking = encodeThinking(request, notes);
  if (thinking) body.thinking = thinking;
  if (request.user !== undefined) notes.drop('end-user id');
  notes.flushInto(request);
  return body;
}
