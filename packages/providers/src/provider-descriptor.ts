// The data-only description of one channel type: what the console form and the admin API need to know.
// No I/O and no code paths here, so `packages/contract` and the console can import it safely.

/**
 * The wire dialect a provider's upstream speaks. `native` means the provider folder converts
 * requests and answers itself (Baidu v1, Xunfei, Tencent, Cohere, Dify, Coze, …); `midjourney`
 * and `suno` are task protocols relayed by their own handlers.
 */
export type ProviderFormat = 'openai' | 'anthropic' | 'gemini' | 'native' | 'midjourney' | 'suno' | 'kling';

/** The channel form's `other` input, whose meaning differs per type (api version, region, account id, bot id, …). */
export interface ProviderOtherField {
  /** Label shown above the input. */
  label: string;
  /** Placeholder text with an example value. */
  placeholder: string;
  /** Value stored when the operator leaves the input empty. */
  default?: string;
  /** True when the channel cannot work without a value (and no default exists). */
  required?: boolean;
}

/** Everything the admin API and the console know about a channel type before any request is built. */
export interface ProviderDescriptor {
  /** Channel type id (spec 001 §3). */
  type: number;
  /** Display name of the type. */
  label: string;
  /** Tag colour in the console (an antd preset colour name: blue, cyan, geekblue, gold, green, magenta, orange, purple, red, volcano, …). */
  color: string;
  /** Base URL used when the channel leaves base_url empty; '' when it is computed (region, signing) or must be given. */
  defaultBaseUrl: string;
  /** True when the operator must enter a base URL (self-hosted or per-resource endpoints). */
  baseUrlRequired: boolean;
  /** Format of the key the operator pastes (spec 001 §9 key format hints). */
  keyHint: string;
  /** Models filled in by the form's auto-fill; empty only for the custom type. */
  defaultModels: readonly string[];
  /** The `other` input, when this type uses one. */
  otherField?: ProviderOtherField;
  /** True when the upstream has a balance API the gateway can query. */
  balanceSupported: boolean;
  /** True for asynchronous task channels (Midjourney, Suno): submit, then poll. */
  task: boolean;
  /** The wire dialect of the upstream. */
  format: ProviderFormat;
  /**
   * The upstream also serves OpenAI's Responses API: Responses callers pass through, and the channel chooses which API
   * chat calls go out in (`setting.upstream_api`, see upstream-api.ts).
   */
  responsesApi?: boolean;
}
