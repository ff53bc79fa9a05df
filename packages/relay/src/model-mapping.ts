// A channel's model_mapping: JSON {"requested": "upstream"}, followed in chains (a -> b -> c ends at c).
// Billing keeps the requested name; only the upstream request uses the mapped one.

/** The outcome of mapping a model name. */
export type ModelMappingResult =
  | { ok: true; upstreamModel: string; isMapped: boolean }
  | { ok: false; error: 'invalid-mapping' | 'mapping-cycle'; message: string };

/** A parsed mapping: requested model -> upstream model. */
export type ModelMapping = Readonly<Record<string, string>>;

/** Parses a channel's model_mapping text; empty text means no mapping, non-string values are ignored. */
export function parseModelMapping(text: string | null | undefined): ModelMapping | undefined {
  if (text === null || text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const mapping: Record<string, string> = {};
  for (const [from, to] of Object.entries(parsed)) if (typeof to === 'string') mapping[from] = to;
  return mapping;
}

/**
 * Follows the mapping from `model` to the end of its chain. A model mapped to itself ends the
 * chain (new-api: not a cycle); returning to any earlier name is a cycle and an error.
 */
export function resolveMappedModel(model: string, mapping: ModelMapping): ModelMappingResult {
  const visited = new Set([model]);
  let current = model;
  for (;;) {
    const next = Object.hasOwn(mapping, current) ? mapping[current] : undefined;
    if (next === undefined || next === '' || next === current) break;
    if (visited.has(next)) {
      return { ok: false, error: 'mapping-cycle', message: `model_mapping_contains_cycle: ${[...visited, next].join(' -> ')}` };
    }
    visited.add(next);
    current = next;
  }
  return { ok: true, upstreamModel: current, isMapped: current !== model };
}

/** Parses and applies a channel's model_mapping text in one step. */
export function mapModelName(model: string, mappingText: string | null | undefined): ModelMappingResult {
  const mapping = parseModelMapping(mappingText);
  if (!mapping) return { ok: false, error: 'invalid-mapping', message: 'unmarshal_model_mapping_failed' };
  return resolveMappedModel(model, mapping);
}
