// The data-only half of the providers package (descriptors and their registry), safe to bundle into the console.
export * from './provider-descriptor';
export * from './provider-registry';
export * from './openai-compatible/upstream-api';
