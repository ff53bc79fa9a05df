// Channel type 39, Cloudflare Workers AI: the data-only descriptor (form fields, defaults, key format).
// @see https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility/
import type { ProviderDescriptor } from '../provider-descriptor';

/** Cloudflare Workers AI (channel type 39). */
export const cloudflareDescriptor: ProviderDescriptor = {
  type: 39,
  label: 'Cloudflare Workers AI',
  color: 'gold',
  defaultBaseUrl: 'https://api.cloudflare.com',
  baseUrlRequired: false,
  keyHint: 'a Cloudflare API token with Workers AI permission',
  defaultModels: [
    '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
    '@cf/meta/llama-3.1-8b-instruct',
    '@cf/meta/llama-4-scout-17b-16e-instruct',
    '@cf/openai/gpt-oss-120b',
    '@cf/openai/gpt-oss-20b',
    '@cf/google/gemma-3-12b-it',
    '@cf/mistralai/mistral-small-3.1-24b-instruct',
    '@cf/qwen/qwq-32b',
    '@cf/deepseek-ai/deepseek-r1-distill-qwen-32b',
    '@cf/baai/bge-m3',
    '@cf/openai/whisper',
    '@cf/black-forest-labs/flux-1-schnell',
  ],
  otherField: { label: 'Account ID', placeholder: 'your Cloudflare account ID, e.g. d6b5da8hk1awo8nap34ube6gh', required: true },
  balanceSupported: false,
  task: false,
  format: 'openai',
};
