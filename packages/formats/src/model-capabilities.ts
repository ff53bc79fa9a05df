// What an upstream model accepts where providers' rules differ by model rather than by wire format. The relay builds
// these records from its model catalog (`@turnpike/relay` model-capabilities.ts, where each rule is written) and hands
// one to `encodeRequest`, so an encoder never sends a field the model is known to refuse.

/** One upstream model's request rules, as the request encoders consult them. */
export interface ModelCapabilities {
  /** OpenAI chat: the output limit must go as `max_completion_tokens` (reasoning models refuse `max_tokens`). */
  readonly maxCompletionTokens: boolean;
  /** Anthropic: `output_config.effort` is accepted; elsewhere an effort becomes a thinking budget. */
  readonly acceptsEffort: boolean;
  /** Anthropic: extended thinking (`thinking: {type: 'enabled', budget_tokens}`) is accepted. */
  readonly thinking: boolean;
  /** `temperature` and `top_p` are refused together (Claude 4.1 and later): only `temperature` is sent. */
  readonly exclusiveSampling: boolean;
  /** OpenAI chat and Responses: a reasoning effort is accepted (OpenAI's models without reasoning refuse it). */
  readonly reasoningEffort: boolean;
  /** OpenAI reasoning models: only the default sampling is accepted, so `temperature` and `top_p` are not sent. */
  readonly samplingFixed: boolean;
  /** Gemini: the thinking budgets the model accepts; a budget outside is moved to the nearest end. */
  readonly thinkingBudget?: ThinkingBudgetRange;
}

/** A model's accepted thinking budgets: `min`..`max`, and whether 0 (thinking off) is accepted too. */
export interface ThinkingBudgetRange {
  readonly min: number;
  readonly max: number;
  readonly off: boolean;
}

/** The rules an encoder applies when it is told nothing about the model: the fields every upstream of the wire accepts. */
export const defaultModelCapabilities: ModelCapabilities = {
  maxCompletionTokens: false,
  acceptsEffort: false,
  thinking: true,
  exclusiveSampling: false,
  reasoningEffort: true,
  samplingFixed: false,
};
