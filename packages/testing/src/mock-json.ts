// Readers of parsed JSON request bodies, shared by the dialect routes of the mock upstream.

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is an array, else an empty list. */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
