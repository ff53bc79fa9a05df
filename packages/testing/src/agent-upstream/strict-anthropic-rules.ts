// The documented validation rules of Anthropic's Messages API that a gateway can break, with the error bodies the real
// API answers (`{type: 'error', error: {type: 'invalid_request_error', message}}`, status 400). The mock's own route
// checks the rest (the system role, tool_use/tool_result pairing).
// @see https://docs.claude.com/en/api/messages
// @see https://docs.claude.com/en/docs/build-with-claude/extended-thinking
// @see https://docs.claude.com/en/docs/build-with-claude/effort
import { mockAnthropicErrorBody, wantsThinking } from '../mock-anthropic-routes';
import { isObject, type JsonObject } from '../mock-json';
import { objectsOf, type StrictRefusal, type StrictRule } from './strict-rule';

/** Anthropic's 400 body. */
export function anthropicRefusal(message: string): StrictRefusal {
  return { status: 400, body: mockAnthropicErrorBody(400, message) };
}

/** Claude models that take `output_config.effort`: Opus 4.5 and every 4.6 or later. */
const effortModel = /^claude-(?:opus-4-5|(?:opus|sonnet|haiku)-4-[6-9]|(?:opus|sonnet|haiku)-[5-9])/;
/** Claude models that refuse `temperature` together with `top_p`: the 4.1 generation and later. */
const exclusiveSamplingModel = /^claude-(?:opus-4-[1-9]|(?:opus|sonnet|haiku)-4-[5-9]|(?:opus|sonnet|haiku)-[5-9])/;

const modelOf = (body: JsonObject): string => (typeof body.model === 'string' ? body.model : '');

const effortRefused: StrictRule = (body) =>
  isObject(body.output_config) && body.output_config.effort !== undefined && !effortModel.test(modelOf(body)) ? anthropicRefusal('This model does not support the effort parameter.') : undefined;

const temperatureWithTopP: StrictRule = (body) =>
  body.temperature !== undefined && body.top_p !== undefined && exclusiveSamplingModel.test(modelOf(body))
    ? anthropicRefusal('`temperature` and `top_p` cannot both be specified for this model. Please use only one.')
    : undefined;

const thinkingBudget: StrictRule = (body) => {
  const thinking = isObject(body.thinking) ? body.thinking : undefined;
  if (thinking?.type !== 'enabled') return undefined;
  const budget = thinking.budget_tokens;
  if (typeof budget !== 'number' || budget < 1024) return anthropicRefusal('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
  if (typeof body.max_tokens === 'number' && body.max_tokens <= budget) {
    return anthropicRefusal(
      '`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size',
    );
  }
  return undefined;
};

const userIdLength: StrictRule = (body) => {
  const userId = isObject(body.metadata) ? body.metadata.user_id : undefined;
  return typeof userId === 'string' && userId.length > 256 ? anthropicRefusal('metadata.user_id: String should have at most 256 characters') : undefined;
};

const toolNames: StrictRule = (body) => {
  for (const [index, tool] of objectsOf(body.tools).entries()) {
    if (tool.type !== undefined && tool.type !== 'custom') continue;
    if (typeof tool.name !== 'string' || !/^[a-zA-Z0-9_-]{1,128}$/.test(tool.name)) return anthropicRefusal(`tools.${index}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
  }
  return undefined;
};

const nonEmptyText: StrictRule = (body) => {
  for (const message of objectsOf(body.messages)) {
    if (message.content === '') return anthropicRefusal('messages: text content blocks must be non-empty');
    for (const block of objectsOf(message.content)) if (block.type === 'text' && block.text === '') return anthropicRefusal('messages: text content blocks must be non-empty');
  }
  return undefined;
};

/**
 * Thinking blocks carry the signature the API issued (the mock issues `mock-signature-N`), and with thinking on, the
 * assistant turn of a tool loop in progress starts with its thinking block.
 */
const signedThinking: StrictRule = (body) => {
  const messages = objectsOf(body.messages);
  for (const [index, message] of messages.entries()) {
    for (const [position, block] of objectsOf(message.content).entries()) {
      if (block.type !== 'thinking') continue;
      if (typeof block.signature !== 'string') return anthropicRefusal(`messages.${index}.content.${position}.thinking.signature: Field required`);
      if (!/^mock-signature-\d+$/.test(block.signature)) return anthropicRefusal(`messages.${index}.content.${position}: Invalid \`signature\` in \`thinking\` block`);
    }
  }
  const thinkingOn = isObject(body.thinking) && (body.thinking.type === 'enabled' || body.thinking.type === 'adaptive');
  const last = messages.at(-1);
  const lastAssistantIndex = messages.findLastIndex((message) => message.role === 'assistant');
  const inToolLoop = last?.role === 'user' && objectsOf(last.content).some((block) => block.type === 'tool_result');
  if (thinkingOn && inToolLoop && lastAssistantIndex >= 0) {
    const first = objectsOf(messages[lastAssistantIndex].content)[0];
    if (first && first.type !== 'thinking' && first.type !== 'redacted_thinking') {
      return anthropicRefusal(
        `messages.${lastAssistantIndex}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
      );
    }
  }
  return undefined;
};

/** The Messages rules, in the order the API checks them. */
export const anthropicRules: readonly StrictRule[] = [userIdLength, toolNames, effortRefused, temperatureWithTopP, thinkingBudget, nonEmptyText, signedThinking];

/** The signed thinking the mock issued with each tool_use (by the tool_use id). */
export type IssuedThinking = ReadonlyMap<string, { text: string; signature: string }>;

/**
 * With thinking on, every tool_use the mock issued together with a thinking block comes back preceded, in its assistant
 * message (after the previous tool_use), by that very block: the same signature and the same text (Anthropic verifies
 * the text against the signature). A missing block is refused as the API refuses a turn without thinking; another
 * signature or altered text as an invalid signature.
 */
export function issuedThinkingRule(issued: IssuedThinking): StrictRule {
  return (body) => {
    if (!wantsThinking(body)) return undefined;
    for (const [index, message] of objectsOf(body.messages).entries()) {
      if (message.role !== 'assistant') continue;
      const blocks = objectsOf(message.content);
      let segment: JsonObject[] = [];
      for (const [position, block] of blocks.entries()) {
        if (block.type !== 'tool_use') {
          segment.push(block);
          continue;
        }
        const expected = typeof block.id === 'string' ? issued.get(block.id) : undefined;
        const thinking = segment.filter((seen) => seen.type === 'thinking');
        segment = [];
        if (!expected) continue;
        if (thinking.length === 0) {
          return anthropicRefusal(
            `messages.${index}.content.${position}.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`tool_use\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
          );
        }
        if (!thinking.some((seen) => seen.signature === expected.signature && seen.thinking === expected.text)) {
          return anthropicRefusal(`messages.${index}.content.${blocks.indexOf(thinking[0])}: Invalid \`signature\` in \`thinking\` block`);
        }
      }
    }
    return undefined;
  };
}
