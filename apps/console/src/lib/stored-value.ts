// A React binding for one local store key: components re-render when the key changes.
import { useSyncExternalStore } from 'react';
import { readString, subscribeKey, type StorageKey } from './storage';

/** Returns the raw string under `key` and re-renders when it changes. */
export function useStoredString(key: StorageKey): string | null {
  return useSyncExternalStore(
    (listener) => subscribeKey(key, listener),
    () => readString(key),
    () => null,
  );
}

/** Returns `parse(raw)` for the value under `key`; `parse` must be a pure module-level function; its result is cached per raw text. */
export function useStoredValue<T>(key: StorageKey, parse: (raw: string | null) => T): T {
  const raw = useStoredString(key);
  return parseCached(raw, parse);
}

// One cache entry per parser, so a stable object is returned while the raw text is unchanged.
const parseCache = new WeakMap<(raw: string | null) => unknown, { raw: string | null; value: unknown }>();

function parseCached<T>(raw: string | null, parse: (raw: string | null) => T): T {
  const cached = parseCache.get(parse);
  if (cached && cached.raw === raw) return cached.value as T;
  const value = parse(raw);
  parseCache.set(parse, { raw, value });
  return value;
}
