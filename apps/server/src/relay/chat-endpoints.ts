// The relay endpoint of a chat format's path (Anthropic Messages, OpenAI Responses, Gemini, …): estimates read the
// canonical request, and everything format-specific (URL reading, forwarded headers, output limit) comes from the format.
import type { Format } from '@turnpike/formats';
import type { RelayEndpoint } from './openai-endpoints';
import { estimateCanonicalPromptTokens } from './token-counter';

const notMeasured = (): never => {
  throw new Error('chat answers are measured by their format');
};

/** The relay endpoint of `format` at `path`. */
export function formatChatEndpoint(path: string, format: Format): RelayEndpoint {
  return {
    path,
    bodyType: 'json',
    format: format.id,
    readUrl: format.readUrl,
    forwardHeaders: format.forwardHeaders,
    readsCanonical: true,
    streamable: true,
    estimatePrompt: ({ canonical }, count) => estimateCanonicalPromptTokens(canonical(), count),
    maxTokens: ({ canonical }) => canonical().maxTokens ?? 0,
    output: 'limited',
    limitOutput: (json, limit) => format.limitOutputTokens(json, limit),
    measure: notMeasured,
  };
}
