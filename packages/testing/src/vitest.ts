// `@turnpike/testing/vitest`: the helpers that need vitest's runner (hooks, `expect`), for test files only; the
// package index stays importable from plain Node (the benchmark's mock upstream process).
export * from './local-server-kit';
export * from './mock-test-kit';
export * from './stream-split-expectations';
