// Example values shown when a JSON option does not have the shape the server expects (they are language-neutral).

/** An example per JSON option key. */
export const jsonExamples: Record<string, string> = {
  ModelPrice: '{"dall-e-3": 0.04}',
  ModelRatio: '{"gpt-4o": 1.25}',
  CompletionRatio: '{"gpt-4o": 4}',
  CacheRatio: '{"gpt-4o": 0.5}',
  AudioRatio: '{"gpt-4o-realtime-preview": 8}',
  AudioCompletionRatio: '{"gpt-4o-realtime-preview": 2}',
  GroupRatio: '{"default": 1, "vip": 1}',
  UserUsableGroups: '{"default": "Default group"}',
  GroupGroupRatio: '{"vip": {"default": 0.9}}',
  AutoGroups: '["default"]',
  TopupGroupRatio: '{"default": 1}',
  Chats: '[{"ChatGPT Next Web": "https://app.nextchat.dev/#/?settings={\\"key\\":\\"{key}\\",\\"url\\":\\"{address}\\"}"}]',
  PayMethods: '[{"name": "Alipay", "type": "zfb", "color": "blue"}]',
  ModelRequestRateLimitGroup: '{"default": [200, 100]}',
  'gemini.safety_settings': '{"default": "OFF"}',
  'gemini.version_settings': '{"default": "v1beta"}',
  'gemini.supported_imagine_models': '["gemini-2.0-flash-exp"]',
  'claude.model_headers_settings': '{"claude-3-7-sonnet-20250219": {"anthropic-beta": ["output-128k-2025-02-19"]}}',
  'claude.default_max_tokens': '{"default": 8192}',
  ModelCapabilityOverrides: '{"my-reasoner": {"maxCompletionTokens": true, "samplingFixed": true}}',
};
