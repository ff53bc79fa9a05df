// Canonical request -> Anthropic Messages request. System messages are hoisted into `system`, tool
// messages become tool_result blocks in user turns, consecutive same-role turns are merged (the API
// needs alternation), argument strings become input objects. What Anthropic cannot express is
// appended to `request.warnings` for the log entry, never dropped silently.
// @see https://docs.claude.com/en/api/messages
import {
  addRequestWarning,
  listDroppedPassthroughFields,
  type CanonicalMessage,
  type CanonicalPart,
  type CanonicalRequest,
  type CanonicalToolChoice,
} from '../canonical-model';
import type {
  AnthropicContentBlock,
  AnthropicMessage,
  AnthropicMessagesRequest,
  AnthropicTextBlock,
  AnthropicThinkingConfig,
  AnthropicToolChoice,
} from './anthropic-messages-schema';
import { isRecord, type JsonRecord } from '../json-values';
import { defaultModelCapabilities, type ModelCapabilities } from '../model-capabilities';

/** `max_tokens` is required by Anthropic; used when neither the caller nor the relay (`claude.default_max_tokens`) set one. */
export const anthropicDefaultMaxTokens = 8192;

/** The smallest thinking budget Anthropic accepts. @see https://docs.claude.com/en/docs/build-with-claude/extended-thinking */
export const anthropicMinimumThinkingBudget = 1024;

/** Image media types the API accepts inline. @see https://docs.claude.com/en/docs/build-with-claude/vision */
const imageMediaTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** `output_config.effort` levels. @see https://docs.claude.com/en/docs/build-with-claude/effort */
const effortLevels = new Set(['low', 'medium', 'high', 'xhigh', 'max']);

/** Collects encoding losses, each distinct message once, then appends them to the request. */
class EncodeNotes {
  private readonly warnings = new Set<string>();

  drop(what: string): void {
    this.warnings.add(`${what} has no anthropic-messages equivalent and was dropped`);
  }

  note(warning: string): void {
    this.warnings.add(warning);
  }

  flushInto(request: CanonicalRequest): void {
    for (const warning of listDroppedPassthroughFields(request, 'anthropic-messages')) addRequestWarning(request, warning);
    for (const warning of this.warnings) addRequestWarning(request, warning);
  }
}

function encodeImageUrl(url: string, notes: EncodeNotes): AnthropicContentBlock | undefined {
  const dataUrl = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (dataUrl) {
    const mediaType = (dataUrl[1] ?? '').toLowerCase();
    if (!imageMediaTypes.has(mediaType)) {
      notes.drop(`image of type ${mediaType}`);
      return undefined;
    }
    return { type: 'image', source: { type: 'base64', media_type: mediaType, data: dataUrl[2] ?? '' } };
  }
  if (/^https?:\/\//i.test(url)) return { type: 'image', source: { type: 'url', url } };
  notes.drop('image URL that is neither http(s) nor a base64 data URL');
  return undefined;
}

function encodeFile(part: Extract<CanonicalPart, { type: 'file' }>, notes: EncodeNotes): AnthropicContentBlock | undefined {
  const mediaType = part.mediaType?.toLowerCase();
  const title = part.filename === undefined ? {} : { title: part.filename };
  if (part.fileId !== undefined) {
    if (mediaType?.startsWith('image/')) return { type: 'image', source: { type: 'file', file_id: part.fileId } };
    return { type: 'document', source: { type: 'file', file_id: part.fileId }, ...title };
  }
  if (part.data !== undefined) {
    if (mediaType === 'application/pdf') return { type: 'document', source: { type: 'base64', media_type: mediaType, data: part.data }, ...title };
    if (mediaType === 'text/plain') {
      return { type: 'document', source: { type: 'text', media_type: mediaType, data: Buffer.from(part.data, 'base64').toString('utf8') }, ...title };
    }
    if (mediaType?.startsWith('image/')) return encodeImageUrl(`data:${mediaType};base64,${part.data}`, notes);
  } else if (part.url !== undefined && (mediaType === undefined || mediaType === 'application/pdf')) {
    return { type: 'document', source: { type: 'url', url: part.url }, ...title };
  }
  notes.drop(`file attachment of type ${mediaType ?? 'unknown'}`);
  return undefined;
}

function parseToolInput(part: Extract<CanonicalPart, { type: 'tool-call' }>, notes: EncodeNotes): JsonRecord {
  if (part.arguments.trim() === '') return {};
  try {
    const input: unknown = JSON.parse(part.arguments);
    if (isRecord(input)) return input;
  } catch {
    // Reported below: Anthropic needs an object, so unparseable arguments cannot be forwarded.
  }
  notes.note(`tool call ${part.id} arguments are not a JSON object and were replaced by {} for anthropic-messages`);
  return {};
}

/** Encodes one canonical part for a message of `role`; undefined when the part cannot be sent there. */
function encodePart(part: CanonicalPart, role: CanonicalMessage['role'], notes: EncodeNotes): AnthropicContentBlock | undefined {
  switch (part.type) {
    case 'text':
      // The API rejects empty text blocks.
      return part.text.length > 0 ? { type: 'text', text: part.text } : undefined;
    case 'image':
      if (part.detail !== undefined) notes.drop('image detail');
      return role === 'assistant' ? dropInAssistant('image', notes) : encodeImageUrl(part.url, notes);
    case 'file':
      return role === 'assistant' ? dropInAssistant('file', notes) : encodeFile(part, notes);
    case 'tool-call':
      if (role !== 'assistant') return dropOutOfPlace('tool call', role, notes);
      return { type: 'tool_use', id: part.id, name: part.name, input: parseToolInput(part, notes) };
    case 'tool-result': {
      if (role !== 'tool') return dropOutOfPlace('tool result', role, notes);
      const block: AnthropicContentBlock = { type: 'tool_result', tool_use_id: part.toolCallId, content: part.content };
      if (part.isError === true) block.is_error = true;
      return block;
    }
    case 'reasoning':
      if (role !== 'assistant') return dropOutOfPlace('reasoning', role, notes);
      if (part.redacted === true && part.signature !== undefined) return { type: 'redacted_thinking', data: part.signature };
      // Anthropic verifies thinking blocks by signature; reasoning from other providers cannot be replayed.
      if (part.signature === undefined || part.signature.length === 0) return dropUnsigned(notes);
      return { type: 'thinking', thinking: part.text, signature: part.signature };
  }
}

function dropInAssistant(what: string, notes: EncodeNotes): undefined {
  notes.drop(`${what} in an assistant message`);
  return undefined;
}

function dropOutOfPlace(what: string, role: string, notes: EncodeNotes): undefined {
  notes.drop(`${what} in a ${role} message`);
  return undefined;
}

function dropUnsigned(notes: EncodeNotes): undefined {
  notes.drop('reasoning without a signature');
  return undefined;
}

interface EncodedConversation {
  system: string | AnthropicTextBlock[] | undefined;
  messages: AnthropicMessage[];
}

function encodeConversation(request: CanonicalRequest, notes: EncodeNotes): EncodedConversation {
  const systemTexts: string[] = [];
  const turns: { role: 'user' | 'assistant'; content: AnthropicContentBlock[] }[] = [];
  for (const [position, message] of request.messages.entries()) {
    if (message.name !== undefined) notes.drop('message name');
    if (message.role === 'system') {
      if (turns.length > 0) notes.note(`system message at position ${position} was moved into the anthropic-messages top-level system prompt`);
      for (const part of message.parts) {
        if (part.type === 'text') {
          if (part.text.length > 0) systemTexts.push(part.text);
        } else notes.drop(`${part.type} part in a system message`);
      }
      continue;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = message.parts.flatMap((part) => encodePart(part, message.role, notes) ?? []);
    if (blocks.length === 0) continue;
    const previous = turns.at(-1);
    if (previous?.role === role) previous.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  const messages = turns.map(({ role, content }): AnthropicMessage => {
    const only = content.length === 1 ? content[0] : undefined;
    return { role, content: only?.type === 'text' && typeof only.text === 'string' ? only.text : content };
  });
  let system: EncodedConversation['system'];
  if (systemTexts.length === 1) system = systemTexts[0];
  else if (systemTexts.length > 1) system = systemTexts.map((text) => ({ type: 'text' as const, text }));
  return { system, messages };
}

function encodeToolChoice(choice: CanonicalToolChoice | undefined, parallelToolCalls: boolean | undefined): AnthropicToolChoice | undefined {
  const disable = parallelToolCalls === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined) return parallelToolCalls === false ? { type: 'auto', disable_parallel_tool_use: true } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto', ...disable };
  if (choice === 'required') return { type: 'any', ...disable };
  return { type: 'tool', name: choice.name, ...disable };
}

function encodeThinking(request: CanonicalRequest, maxTokens: number, notes: EncodeNotes): AnthropicThinkingConfig | undefined {
  const reasoning = request.reasoning;
  const budget = reasoning?.budgetTokens;
  if (budget === undefined) return request.reasoningEffort === 'none' ? { type: 'disabled' } : undefined;
  if (budget === 0) return { type: 'disabled' };
  // Only `omitted` changes what the caller sees; `summarized` is the default of the models that know `display`.
  const display = reasoning?.includeThoughts === false ? { display: 'omitted' as const } : {};
  if (budget < 0) return { type: 'adaptive', ...display };
  let budgetTokens = budget;
  if (budgetTokens < anthropicMinimumThinkingBudget) {
    notes.note(`thinking budget ${budget} was raised to the anthropic-messages minimum of ${anthropicMinimumThinkingBudget}`);
    budgetTokens = anthropicMinimumThinkingBudget;
  }
  if (budgetTokens >= maxTokens) notes.note(`thinking budget ${budgetTokens} is not below max_tokens ${maxTokens}; the upstream may reject the request`);
  return { type: 'enabled', budget_tokens: budgetTokens, ...display };
}

/**
 * Share of `max_tokens` a reasoning effort may spend thinking, for models that take no `effort` (the proportions
 * OpenRouter documents for the same conversion). @see https://openrouter.ai/docs/use-cases/reasoning-tokens
 */
const effortBudgetShares: Readonly<Record<string, number>> = { minimal: 0.1, low: 0.2, medium: 0.5, high: 0.8, xhigh: 0.9, max: 0.95 };

/** A reasoning effort in the model's terms: `output_config.effort` where accepted, else a thinking budget below `max_tokens`. */
interface EncodedEffort {
  effort?: string;
  thinking?: AnthropicThinkingConfig;
}

function encodeEffort(request: CanonicalRequest, maxTokens: number, capabilities: ModelCapabilities, notes: EncodeNotes): EncodedEffort {
  const effort = request.reasoningEffort;
  if (effort === undefined || effort === 'none') return {};
  if (capabilities.acceptsEffort) {
    if (effortLevels.has(effort)) return { effort };
    if (effort === 'minimal') {
      notes.note('reasoning effort "minimal" was sent as anthropic-messages effort "low"');
      return { effort: 'low' };
    }
    notes.drop(`reasoning effort "${effort}"`);
    return {};
  }
  const share = effortBudgetShares[effort];
  if (share === undefined) {
    notes.drop(`reasoning effort "${effort}"`);
    return {};
  }
  const refused = `reasoning effort "${effort}" was dropped: ${request.model} takes no effort parameter`;
  if (request.reasoning?.budgetTokens !== undefined) {
    notes.note(`${refused}, and the request sets its thinking budget`);
    return {};
  }
  if (!capabilities.thinking) {
    notes.note(`${refused} nor extended thinking`);
    return {};
  }
  // Every share is below 1, so only the minimum can reach max_tokens (which the budget must stay below).
  const budget = Math.max(anthropicMinimumThinkingBudget, Math.floor(maxTokens * share));
  if (budget >= maxTokens) {
    notes.note(`${refused}, and max_tokens ${maxTokens} leaves no room for the smallest thinking budget (${anthropicMinimumThinkingBudget})`);
    return {};
  }
  notes.note(`reasoning effort "${effort}" was sent as a thinking budget of ${budget} tokens: ${request.model} takes no effort parameter`);
  return { thinking: { type: 'enabled', budget_tokens: budget } };
}

function encodeOutputConfig(request: CanonicalRequest, passthrough: JsonRecord, effort: string | undefined, notes: EncodeNotes): JsonRecord | undefined {
  const config: JsonRecord = isRecord(passthrough.output_config) ? { ...passthrough.output_config } : {};
  if (effort !== undefined) config.effort = effort;
  const format = request.responseFormat;
  if (format?.type === 'json-schema') config.format = { type: 'json_schema', schema: format.schema };
  else if (format?.type === 'json-object') notes.drop('JSON object mode (response_format json_object)');
  return Object.keys(config).length > 0 ? config : undefined;
}

/**
 * Encodes a canonical request as an Anthropic Messages body for a model with `capabilities`. `max_tokens` falls back
 * to `anthropicDefaultMaxTokens`; what cannot be expressed is appended to `request.warnings`.
 */
export function encodeAnthropicMessagesRequest(request: CanonicalRequest, capabilities: ModelCapabilities = defaultModelCapabilities): AnthropicMessagesRequest {
  const notes = new EncodeNotes();
  const passthrough = request.passthrough?.format === 'anthropic-messages' ? request.passthrough.fields : {};
  const { system, messages } = encodeConversation(request, notes);
  const maxTokens = request.maxTokens ?? anthropicDefaultMaxTokens;
  const result: AnthropicMessagesRequest = { ...passthrough, model: request.model, messages, max_tokens: maxTokens };
  if (system !== undefined) result.system = system;
  if (request.stream) result.stream = true;
  if (request.temperature !== undefined) result.temperature = request.temperature;
  if (request.topP !== undefined) {
    if (capabilities.exclusiveSampling && request.temperature !== undefined) notes.note(`top_p was dropped: ${request.model} takes temperature or top_p, not both`);
    else result.top_p = request.topP;
  }
  if (request.topK !== undefined) result.top_k = request.topK;
  if (request.stop !== undefined && request.stop.length > 0) result.stop_sequences = request.stop;
  if (request.seed !== undefined) notes.drop('seed');
  if (request.presencePenalty !== undefined) notes.drop('presence_penalty');
  if (request.frequencyPenalty !== undefined) notes.drop('frequency_penalty');
  if (request.tools !== undefined && request.tools.length > 0) {
    result.tools = request.tools.map((tool) => {
      // input_schema must be an object schema; OpenAI allows omitting the type.
      const inputSchema = tool.parameters.type === undefined ? { type: 'object', ...tool.parameters } : tool.parameters;
      const definition: { name: string; input_schema: JsonRecord; description?: string; strict?: boolean } = { name: tool.name, input_schema: inputSchema };
      if (tool.description !== undefined) definition.description = tool.description;
      if (tool.strict !== undefined) definition.strict = tool.strict;
      return definition;
    });
    const toolChoice = encodeToolChoice(request.toolChoice, request.parallelToolCalls);
    if (toolChoice !== undefined) result.tool_choice = toolChoice;
  }
  const effort = encodeEffort(request, maxTokens, capabilities, notes);
  const thinking = encodeThinking(request, maxTokens, notes) ?? effort.thinking;
  if (thinking !== undefined) result.thinking = thinking;
  const outputConfig = encodeOutputConfig(request, passthrough, effort.effort, notes);
  if (outputConfig !== undefined) result.output_config = outputConfig;
  if (request.user !== undefined) result.metadata = { ...(isRecord(passthrough.metadata) ? passthrough.metadata : {}), user_id: request.user };
  notes.flushInto(request);
  return result;
}
