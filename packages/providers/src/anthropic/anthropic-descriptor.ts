// Channel type 14, Anthropic Claude: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.anthropic.com/en/api/messages
import type { ProviderDescriptor } from '../provider-descriptor';

/** The Claude models every Claude channel (Anthropic, AWS Bedrock) fills in by default. */
export const claudeModels: readonly string[] = [
  'claude-opus-4-1-20250805',
  'claude-opus-4-20250514',
  'claude-sonnet-4-5-20250929',
  'claude-sonnet-4-20250514',
  'claude-haiku-4-5-20251001',
  'claude-3-7-sonnet-20250219',
  'claude-3-5-sonnet-20241022',
  'claude-3-5-haiku-20241022',
  'claude-3-haiku-20240307',
];

/** Anthropic Claude (channel type 14). */
export const anthropicDescriptor: ProviderDescriptor = {
  type: 14,
  label: 'Anthropic Claude',
  color: 'geekblue',
  defaultBaseUrl: 'https://api.anthropic.com',
  baseUrlRequired: false,
  keyHint: 'sk-ant-…',
  defaultModels: claudeModels,
  balanceSupported: false,
  task: false,
  format: 'anthropic',
};
