// Channel type 41, Vertex AI: which location a model is called in and that location's API host. The channel's
// `other` holds one location (`us-central1`, `global`) or a JSON object mapping model names to locations with a
// `default` entry, as new-api reads it; an empty value or a map without a match means `global`.
// @see https://cloud.google.com/vertex-ai/generative-ai/docs/learn/locations
// @see https://cloud.google.com/vertex-ai/docs/reference/rest#service-endpoint
// @see https://github.com/anthropics/anthropic-sdk-typescript/blob/main/packages/vertex-sdk/src/client.ts (us/eu hosts)

/** The location used when `other` names none for a model. */
export const defaultVertexRegion = 'global';

/** An invalid `other` value (region name or region map). */
export class VertexRegionError extends Error {
  override readonly name = 'VertexRegionError';
}

const regionPattern = /^[a-z][a-z0-9-]*$/;

function checked(region: string): string {
  if (!regionPattern.test(region)) throw new VertexRegionError(`Vertex AI region "${region}" is not a location name such as us-central1 or global`);
  return region;
}

function fromMap(other: string, model: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(other);
  } catch {
    throw new VertexRegionError('Vertex AI region map is not valid JSON: use {"default": "us-central1", "<model>": "<region>"}');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new VertexRegionError('Vertex AI region map must be a JSON object');
  const map = parsed as Record<string, unknown>;
  const own = map[model];
  if (typeof own === 'string' && own.trim()) return own.trim();
  const fallback = map.default;
  return typeof fallback === 'string' && fallback.trim() ? fallback.trim() : defaultVertexRegion;
}

/** The location to call `model` in, read from the channel's `other` (a location, a JSON model→location map, or empty). */
export function vertexRegion(other: string, model: string): string {
  const value = other.trim();
  if (value === '') return defaultVertexRegion;
  return checked(value.startsWith('{') ? fromMap(value, model) : value);
}

/** The API host of a location: `aiplatform.googleapis.com` for `global`, the multi-region hosts for `us`/`eu`, else `{region}-aiplatform.googleapis.com`. */
export function vertexHost(region: string): string {
  if (region === 'global') return 'aiplatform.googleapis.com';
  if (region === 'us' || region === 'eu') return `aiplatform.${region}.rep.googleapis.com`;
  return `${checked(region)}-aiplatform.googleapis.com`;
}
