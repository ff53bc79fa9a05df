// Channel type 41, Google Vertex AI: Gemini models through generateContent / streamGenerateContent?alt=sse and
// Anthropic's Claude models through rawPredict / streamRawPredict (the Messages format with `anthropic_version`
// in the body and the model in the URL), both with a service-account OAuth access token.
// @see https://cloud.google.com/vertex-ai/docs/reference/rest/v1/projects.locations.publishers.models/generateContent
// @see https://cloud.google.com/vertex-ai/docs/reference/rest/v1/projects.locations.publishers.models/streamGenerateContent
// @see https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude
// @see https://docs.anthropic.com/en/api/claude-on-vertex-ai
import type { FormatId } from '@turnpike/formats';
import type { AdaptorChannel, AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { embeddingsPath, vertexEmbeddingsTranslation } from '../gemini/gemini-embeddings';
import { isVertexClaudeModel, vertexClaudeModelId } from './vertex-models';
import { vertexHost, vertexRegion } from './vertex-region';
import { parseVertexServiceAccount } from './vertex-service-account';
import { vertexCredentials } from './vertex-signing';

/** The `anthropic_version` Vertex requires in Claude request bodies. */
export const vertexAnthropicVersion = 'vertex-2023-10-16';

/** The Vertex API version in request URLs. */
export const vertexApiVersion = 'v1';

// Headers the adaptor sets itself, or that Vertex takes elsewhere (`anthropic-version` goes in the body).
const ownHeaders = new Set(['authorization', 'content-type', 'accept', 'anthropic-version', 'x-api-key', 'x-goog-api-key', 'host', 'content-length']);

function passedHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => !ownHeaders.has(name.toLowerCase())));
}

/** The API root of a channel in a region: the custom base URL (with `/v1`), else the region's host. */
export function apiBase(channel: AdaptorChannel, region: string): string {
  const custom = channel.baseUrl.trim().replace(/\/+$/, '');
  if (custom === '') return `https://${vertexHost(region)}/${vertexApiVersion}`;
  return custom.endsWith(`/${vertexApiVersion}`) ? custom : `${custom}/${vertexApiVersion}`;
}

const pathSegment = (value: string): string => encodeURIComponent(value).replace(/%40/g, '@');

/** The publisher model URL of a chat call: `…/publishers/google/models/{model}:generateContent` or the Claude `:rawPredict` form. */
export function vertexChatUrl(channel: AdaptorChannel, projectId: string, model: string, stream: boolean): string {
  const region = vertexRegion(channel.other, model);
  const location = `${apiBase(channel, region)}/projects/${pathSegment(projectId)}/locations/${region}`;
  if (isVertexClaudeModel(model)) {
    return `${location}/publishers/anthropic/models/${pathSegment(vertexClaudeModelId(model))}:${stream ? 'streamRawPredict' : 'rawPredict'}`;
  }
  return `${location}/publishers/google/models/${pathSegment(model)}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;
}

/** The publisher model URL of an embeddings call: `…/publishers/google/models/{model}:predict`. */
export function vertexPredictUrl(channel: AdaptorChannel, projectId: string, model: string): string {
  const region = vertexRegion(channel.other, model);
  return `${apiBase(channel, region)}/projects/${pathSegment(projectId)}/locations/${region}/publishers/google/models/${pathSegment(model)}:predict`;
}

/** Vertex AI: Claude models in the Anthropic Messages wire, all others in the Gemini wire; bearer token from `vertexCredentials`. */
export const vertexAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const account = parseVertexServiceAccount(input.channel.key);
    if (!input.accessToken) throw new Error('Vertex AI: no access token; the service-account token exchange must run first');
    return {
      url: input.path === embeddingsPath ? vertexPredictUrl(input.channel, account.projectId, input.model) : vertexChatUrl(input.channel, account.projectId, input.model, input.stream),
      method: 'POST',
      headers: {
        ...passedHeaders(input.headers),
        ...(account.quotaProjectId ? { 'x-goog-user-project': account.quotaProjectId } : {}),
        authorization: `Bearer ${input.accessToken}`,
        'content-type': 'application/json',
        accept: input.stream ? 'text/event-stream' : 'application/json',
      },
      body: input.body,
    };
  },
  chatWire(model: string, _inbound: FormatId): string {
    return isVertexClaudeModel(model) ? 'anthropic-messages' : 'gemini';
  },
  patchChatBody(body: Record<string, unknown>, model: string, stream: boolean): void {
    if (!isVertexClaudeModel(model)) return;
    delete body.model;
    body.anthropic_version = vertexAnthropicVersion;
    // streamRawPredict answers in SSE only when the body asks for a stream, as Anthropic's Vertex SDK sends it.
    if (stream) body.stream = true;
    else delete body.stream;
  },
  credentials: vertexCredentials,
  streaming: { kind: 'native' },
  translatedPaths: new Map([[embeddingsPath, vertexEmbeddingsTranslation]]),
};
