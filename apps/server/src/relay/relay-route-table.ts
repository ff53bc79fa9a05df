// The relay's route table and path prefixes, derived from the OpenAI endpoint list and the format registry: a new
// inbound format adds its endpoints here by being registered, with no edit in this file.
import { formatPathPrefixes, formatRegistry, type FormatId } from '@turnpike/formats';
import { formatChatEndpoint } from './chat-endpoints';
import { openAiEndpoints, type RelayEndpoint } from './openai-endpoints';

/** One relay route: an exact path, or (with `tail`) every path under a prefix whose rest the endpoint's `readUrl` reads. */
export interface RelayRoute {
  path: string;
  endpoint: RelayEndpoint;
  tail: boolean;
}

/** The OpenAI endpoints, then every format endpoint they do not already serve. */
function buildRoutes(): RelayRoute[] {
  const routes: RelayRoute[] = openAiEndpoints.map((endpoint) => ({ path: endpoint.path, endpoint, tail: false }));
  for (const format of formatRegistry) {
    for (const { path, tail } of format.endpoints) {
      const served = routes.find((route) => route.path === path);
      if (served) {
        if (served.endpoint.format !== format.id) throw new Error(`${path} is claimed by ${format.id} and by ${served.endpoint.format ?? 'an OpenAI-only endpoint'}`);
        continue;
      }
      routes.push({ path, endpoint: formatChatEndpoint(path, format), tail: tail === true });
    }
  }
  return routes;
}

/** Every relay route. */
export const relayRoutes: readonly RelayRoute[] = buildRoutes();

/** Path prefixes that belong to the relay (answered in the OpenAI error shape, never the SPA): the formats' and the task/playground ones. */
export const relayPrefixes: readonly string[] = [...new Set([...openAiEndpoints.map((endpoint) => `/${endpoint.path.split('/')[1]}`), ...formatPathPrefixes(), '/pg', '/mj', '/suno', '/dashboard'])];

const jsonRoutes = new Map<string, RelayEndpoint>(relayRoutes.filter((route) => !route.tail && route.endpoint.bodyType === 'json').map((route) => [route.path, route.endpoint]));
const tailRoutes = relayRoutes.filter((route) => route.tail);

/**
 * The JSON-body relay endpoint a request path (no query, no trailing slash) names, with the path's tail still
 * percent-encoded for endpoints that read their URL (the endpoint's `readUrl` decodes it); null for any other path.
 */
export function jsonEndpointFor(path: string): { endpoint: RelayEndpoint; tail: string | null } | null {
  const endpoint = jsonRoutes.get(path);
  if (endpoint) return { endpoint, tail: null };
  for (const route of tailRoutes) if (path.startsWith(route.path)) return { endpoint: route.endpoint, tail: path.slice(route.path.length) };
  return null;
}

/** The error format of a relay path: the format its endpoint speaks, the format whose error scope holds it, else OpenAI's. */
export function formatOfPath(url: string): FormatId {
  const path = url.split('?')[0].replace(/\/$/, '');
  return jsonEndpointFor(path)?.endpoint.format ?? formatRegistry.find((format) => format.errorScope !== undefined && path.startsWith(format.errorScope))?.id ?? 'openai-chat';
}
