// Real HTTP peers for a test file: each test starts what it needs, and every server it started is closed after it
// (test files only: it registers a vitest hook, so the package index does not export it).
import type { RequestListener } from 'node:http';
import { afterEach } from 'vitest';
import { listenLocal, type Listening } from './local-listener';

/** Returns `listen(handler)`, which serves `handler` on 127.0.0.1 and resolves with its base URL; servers close after each test. */
export function useLocalServers(): (handler: RequestListener) => Promise<string> {
  const open: Listening[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((listening) => listening.close()));
  });
  return async (handler) => {
    const listening = await listenLocal(handler);
    open.push(listening);
    return listening.url;
  };
}
