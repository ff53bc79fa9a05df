// Test helpers: the mock upstream server (routes per dialect, fault injection) and its deterministic token counting.
export * from './mock-behaviour';
export * from './mock-exchange';
export * from './mock-multipart';
export * from './mock-tokens';
export * from './mock-anthropic-routes';
export * from './mock-gemini-routes';
export * from './mock-openai-chat-routes';
export * from './mock-openai-media-routes';
export * from './mock-openai-responses-routes';
export * from './mock-upstream';
export * from './epay-gateway';
