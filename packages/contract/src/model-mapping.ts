// The model mapping chain rule: a channel's `model_mapping` may chain names but never loop.

/**
 * Names the first model whose mapping chain returns to an earlier name, or null. A model mapped to
 * itself ends its chain (new-api treats `{"a": "a"}` as no mapping), so it is not a cycle.
 */
export function findMappingCycle(mapping: Readonly<Record<string, string>>): string | null {
  for (const start of Object.keys(mapping)) {
    const visited = new Set([start]);
    let current = start;
    for (;;) {
      const next = Object.hasOwn(mapping, current) ? mapping[current] : '';
      if (next === '' || next === current) break;
      if (visited.has(next)) return start;
      visited.add(next);
      current = next;
    }
  }
  return null;
}
