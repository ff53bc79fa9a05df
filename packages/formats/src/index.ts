// Wire dialects: the canonical model, SSE parsing and writing, and one folder per format.
export * from './canonical-model';
export * from './sse-parser';
export * from './sse-writer';
export * from './format-registry';
export * from './openai-chat/openai-chat-schema';
export * from './openai-chat/openai-chat-usage';
export * from './openai-chat/openai-chat-request-codec';
export * from './openai-chat/openai-chat-response-codec';
export * from './openai-chat/openai-chat-stream-codec';
export * from './openai-chat/openai-chat-format';
