// The strict agent upstream: provider validation rules per wire and the scripted two-turn tool loop.
export * from './agent-turns';
export * from './strict-agent-upstream';
export * from './strict-anthropic-rules';
export * from './strict-gemini-rules';
export * from './strict-openai-rules';
export * from './strict-rule';
