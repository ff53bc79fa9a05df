// Loads a rarely used library on its feature's first call instead of at start: its code then costs no memory in the
// deployments that never use the feature (most never send mail, sign in through OIDC, use passkeys or trace).
import { createRequire } from 'node:module';

/** A loader that imports its module once, on the first call, and hands the same module to every later call. */
export type ModuleLoader<T> = () => Promise<T>;

/** Wraps `load` (a dynamic `import()`) so that it runs on the first call only; a failed load is retried next time. */
export function loadOnFirstUse<T>(load: () => Promise<T>): ModuleLoader<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

const requireFromServer = createRequire(import.meta.url);

/**
 * Requires a package on the first call and hands the same module to every later call: for a library a synchronous
 * caller needs (a constructor, a code check) that most deployments never use.
 */
export function requireOnFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromServer(name) as T);
}
