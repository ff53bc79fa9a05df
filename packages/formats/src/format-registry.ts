// The registry of wire dialects (the Format contract is in format-contract.ts). A new dialect is one folder plus one
// line below: the relay's route table and path prefixes are derived from this list.
import type { Format } from './format-contract';
import { openAiChatFormat } from './openai-chat/openai-chat-format';
import { geminiFormat } from './gemini/gemini-format';
import { anthropicMessagesFormat } from './anthropic-messages/anthropic-messages-format';
import { openAiResponsesFormat } from './openai-responses/openai-responses-format';

/** Every registered wire dialect. */
export const formatRegistry: readonly Format[] = [openAiChatFormat, geminiFormat, anthropicMessagesFormat, openAiResponsesFormat];

/** Finds a dialect by id; undefined when none is registered under it. */
export function findFormat(id: string): Format | undefined {
  return formatRegistry.find((format) => format.id === id);
}

/** A format's endpoint a request path (no query, no trailing slash) names, with the path's tail for `tail` endpoints; null for none. */
export function formatEndpointFor(path: string): { format: Format; tail: string | null } | null {
  for (const format of formatRegistry) {
    for (const endpoint of format.endpoints) {
      if (endpoint.tail) {
        if (path.startsWith(endpoint.path)) return { format, tail: path.slice(endpoint.path.length) };
      } else if (path === endpoint.path) return { format, tail: null };
    }
  }
  return null;
}

/** The first path segments every format's endpoints live under (`/v1`, `/v1beta`), for the relay's prefix list. */
export function formatPathPrefixes(): string[] {
  const prefixes = new Set<string>();
  for (const format of formatRegistry) for (const endpoint of format.endpoints) prefixes.add(endpoint.prefix ?? `/${endpoint.path.split('/')[1] ?? ''}`);
  return [...prefixes];
}
