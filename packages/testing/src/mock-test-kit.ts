// The lifecycle of a test file that talks to one mock upstream over one keep-alive agent (test files only: it
// registers vitest hooks, so the package index does not export it).
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startMockUpstream, type MockUpstream } from './mock-upstream';

/** A test file's mock upstream and the agent its requests go through. */
export interface MockUpstreamFixture {
  /** The running mock (started before the file's tests, reset before each one). */
  readonly mock: MockUpstream;
  readonly dispatcher: Agent;
}

/** Starts a mock upstream before the file's tests, resets it before each test and closes it and the agent after. */
export function useMockUpstream(): MockUpstreamFixture {
  const dispatcher = new Agent({ keepAliveTimeout: 10 });
  let current: MockUpstream | undefined;
  beforeAll(async () => {
    current = await startMockUpstream();
  });
  afterAll(async () => {
    await current?.close();
    await dispatcher.close();
  });
  beforeEach(() => current?.reset());
  return {
    get mock(): MockUpstream {
      if (!current) throw new Error('the mock upstream starts in beforeAll');
      return current;
    },
    dispatcher,
  };
}
