// Test helpers (importable from plain Node; the vitest-only ones are `@turnpike/testing/vitest`): the one upstream
// emulator (the mock upstream: routes per dialect, fault injection, custom answers for providers' own APIs, HTTPS and
// WebSocket sessions) with its deterministic token counting, the checks of what providers verify, and the one
// fixture loader with the stream-splitting helpers.
export * from './aws-event-stream-encoder';
export * from './fixtures';
export * from './local-listener';
export * from './mock-behaviour';
export * from './mock-exchange';
export * from './mock-multipart';
export * from './mock-raw-answers';
export * from './mock-recording';
export * from './mock-sockets';
export * from './mock-tokens';
export * from './mock-anthropic-routes';
export * from './mock-gemini-routes';
export * from './mock-openai-chat-routes';
export * from './mock-openai-media-routes';
export * from './mock-openai-responses-routes';
export * from './malicious-upstream';
export * from './mock-upstream';
export * from './provider-signatures';
export * from './replay-corpus';
export * from './self-signed-certificate';
export * from './smtp-sink';
export * from './service-accounts';
export * from './stream-splits';
export * from './epay-gateway';
export * from './emulated-task-board';
export * from './midjourney-proxy-emulator';
export * from './suno-api-emulator';
export * from './agent-upstream/index';
export * from './video-api-emulators';
export * from './realtime-upstream-emulator';
export * from './openai-spec/openai-spec-validator';
export * from './software-authenticator';
