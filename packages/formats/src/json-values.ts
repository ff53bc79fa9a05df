// Reading untyped JSON the same way in every codec: objects (not arrays or null), and token counters.

/** A JSON object. */
export type JsonRecord = Record<string, unknown>;

/** True for a JSON object (not an array, not null). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A token counter of `record`: a positive finite number truncated to an integer, else 0. */
export function readCount(record: JsonRecord | undefined, key: string): number {
  const value = record?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}
