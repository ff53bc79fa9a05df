// Gemini's REST API speaks protobuf JSON, which accepts every field under its lowerCamelCase JSON
// name and under its original snake_case proto name; Google's own curl samples use both
// (`system_instruction`, `inline_data`, `generationConfig`). Bodies are normalised to camelCase
// once, before validation, so the codecs read one spelling. Caller data is never renamed.
// @see https://protobuf.dev/programming-guides/json/ (parsers accept the proto field name too)

/** Fields whose values are caller data (call arguments, JSON schemas), not API structure. */
const opaqueFields = new Set(['args', 'response', 'parameters', 'parametersJsonSchema', 'responseSchema', 'responseJsonSchema', 'partMetadata', 'labels']);

function toCamelCase(name: string): string {
  return name.includes('_') ? name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase()) : name;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns a copy of a Gemini body with snake_case field names renamed to camelCase; a camelCase field wins over its twin. */
export function normaliseGeminiFieldNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normaliseGeminiFieldNames);
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, fieldValue] of Object.entries(value)) {
    const name = toCamelCase(key);
    if (name !== key && name in value) continue;
    result[name] = opaqueFields.has(name) ? fieldValue : normaliseGeminiFieldNames(fieldValue);
  }
  return result;
}
