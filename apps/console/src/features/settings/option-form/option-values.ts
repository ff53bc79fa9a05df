// Pure conversions between stored option text and form values, and the "which keys changed" rule.
import { optionDefinitions, type OptionKind } from '@turnpike/contract';

/** Options as the server lists them: key → stored text. */
export type OptionMap = Record<string, string>;

/** One option write: PUT /api/option/ {key, value}. */
export interface OptionEntry {
  key: string;
  value: string;
}

/** How one form field maps to and from the stored text (a default exists for every option kind). */
export interface OptionCodec {
  toForm: (text: string) => unknown;
  toText: (value: unknown) => string;
}

/** Reads the GET /api/option/ answer (a list of {key, value}) into a map; anything else gives an empty map. */
export function toOptionMap(list: unknown): OptionMap {
  const map: OptionMap = {};
  if (!Array.isArray(list)) return map;
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { key, value } = item as { key?: unknown; value?: unknown };
    if (typeof key === 'string') map[key] = value === undefined || value === null ? '' : String(value);
  }
  return map;
}

/** The kind of an option key; unknown keys are plain strings. */
export function optionKindOf(key: string): OptionKind {
  return optionDefinitions.get(key)?.kind ?? 'string';
}

/** True for write-only options (the server lists them empty). */
export function isSecretOption(key: string): boolean {
  return optionDefinitions.get(key)?.secret === true;
}

/** JSON with object keys sorted, so two texts that differ only in order or spacing compare equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Pretty-prints JSON text for a text area; text that does not parse is returned unchanged. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** True when the text parses as JSON. */
export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function defaultCodec(key: string): OptionCodec {
  if (isSecretOption(key)) return { toForm: () => '', toText: (value) => (typeof value === 'string' ? value : '') };
  switch (optionKindOf(key)) {
    case 'boolean':
      return { toForm: (text) => text === 'true', toText: (value) => (value === true ? 'true' : 'false') };
    case 'integer':
    case 'number':
      return {
        toForm: (text) => {
          const value = Number(text);
          return text.trim() === '' || !Number.isFinite(value) ? null : value;
        },
        toText: (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : ''),
      };
    case 'json':
      return { toForm: prettyJson, toText: (value) => (typeof value === 'string' ? value.trim() : '') };
    default:
      return { toForm: (text) => text, toText: (value) => (value === undefined || value === null ? '' : String(value)) };
  }
}

/** The codec of a key: the caller's override, else the default for its kind. */
export function codecFor(key: string, overrides?: Partial<Record<string, OptionCodec>>): OptionCodec {
  return overrides?.[key] ?? defaultCodec(key);
}

/** Form values for `keys` from the stored options (missing keys read as empty text). */
export function toFormValues(keys: readonly string[], options: OptionMap, overrides?: Partial<Record<string, OptionCodec>>): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, codecFor(key, overrides).toForm(options[key] ?? '')]));
}

/** True when two stored texts of `key` mean the same value (JSON compared by content, numbers by value). */
export function sameOptionText(key: string, left: string, right: string): boolean {
  if (left === right) return true;
  const kind = optionKindOf(key);
  if (kind === 'json') {
    try {
      return canonicalJson(JSON.parse(left)) === canonicalJson(JSON.parse(right));
    } catch {
      return false;
    }
  }
  if (kind === 'integer' || kind === 'number') return left.trim() !== '' && right.trim() !== '' && Number(left) === Number(right);
  return false;
}

/**
 * The writes a save needs: every key whose text differs from the stored one, secrets only when non-empty.
 * Switches come last so that a provider's id and secret are stored before it is turned on.
 */
export function changedEntries(
  keys: readonly string[],
  stored: OptionMap,
  values: Record<string, unknown>,
  overrides?: Partial<Record<string, OptionCodec>>,
): OptionEntry[] {
  const entries: OptionEntry[] = [];
  for (const key of keys) {
    const text = codecFor(key, overrides).toText(values[key]);
    if (isSecretOption(key)) {
      if (text !== '') entries.push({ key, value: text });
      continue;
    }
    if (!sameOptionText(key, stored[key] ?? '', text)) entries.push({ key, value: text });
  }
  const isSwitch = (entry: OptionEntry): number => (optionKindOf(entry.key) === 'boolean' ? 1 : 0);
  return entries.sort((left, right) => isSwitch(left) - isSwitch(right));
}
