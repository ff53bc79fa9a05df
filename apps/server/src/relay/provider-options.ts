// The Claude, Gemini and global option groups of spec 001 §3 as they shape an upstream chat request.
import type { OptionStore } from '../options/option-store';

/** What the thinking adapter decided for one upstream call. */
export interface ThinkingChoice {
  /** The upstream model with the adapter's suffix removed. */
  model: string;
  /** Thinking budget in tokens, 0 to turn thinking off, or null when the adapter does not apply. */
  budget: number | null;
}

/** Gemini 2.5 accepts budgets up to this many tokens (spec 001 §9). */
export const geminiThinkingBudgetCap = 24576;
/** Anthropic's smallest thinking budget. */
const claudeMinimumBudget = 1024;

/**
 * The thinking adapters (`claude.thinking_adapter_*`, `gemini.thinking_adapter_*`): a model requested as
 * `<model>-thinking` is called as `<model>` with thinking on and a budget of max tokens × the configured
 * percentage, `<model>-thinking-<n>` with a budget of n, and `<model>-nothinking` (Gemini) with thinking off.
 */
export function chooseThinking(options: OptionStore, wire: string, model: string, maxTokens: number): ThinkingChoice {
  const prefix = wire === 'anthropic-messages' ? 'claude' : wire === 'gemini' ? 'gemini' : null;
  if (!prefix || !options.bool(`${prefix}.thinking_adapter_enabled`)) return { model, budget: null };
  if (prefix === 'gemini' && model.endsWith('-nothinking')) return { model: model.slice(0, -'-nothinking'.length), budget: 0 };
  const match = /-thinking(?:-(\d+))?$/.exec(model);
  if (!match) return { model, budget: null };
  const base = model.slice(0, match.index);
  const percentage = options.number(`${prefix}.thinking_adapter_budget_tokens_percentage`) || (prefix === 'claude' ? 0.8 : 0.6);
  let budget = match[1] ? Number(match[1]) : Math.floor(maxTokens * percentage);
  if (prefix === 'claude') budget = Math.max(claudeMinimumBudget, budget);
  else budget = Math.min(geminiThinkingBudgetCap, budget);
  return { model: base, budget };
}

const geminiHarmCategories = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
];

/**
 * `gemini.safety_settings`: a threshold per harm category, else its `default`. Applied only when the caller sent
 * no safety settings of its own. @see https://ai.google.dev/api/generate-content#safetysetting
 */
export function geminiSafetySettings(options: OptionStore): Array<{ category: string; threshold: string }> {
  const table = options.json<Record<string, string>>('gemini.safety_settings') ?? {};
  return geminiHarmCategories.map((category) => ({ category, threshold: table[category] ?? table.default ?? 'OFF' }));
}

/** Applies the thinking choice and Gemini safety settings to an upstream body about to be sent. */
export function shapeUpstreamBody(options: OptionStore, wire: string, body: Record<string, unknown>, thinking: ThinkingChoice): void {
  if (wire === 'anthropic-messages' && thinking.budget !== null) {
    body.thinking = thinking.budget > 0 ? { type: 'enabled', budget_tokens: thinking.budget } : { type: 'disabled' };
    // Anthropic requires max_tokens above the thinking budget.
    if (thinking.budget > 0 && (typeof body.max_tokens !== 'number' || body.max_tokens <= thinking.budget)) body.max_tokens = thinking.budget + 1024;
    // Sampling controls are not allowed together with thinking.
    if (thinking.budget > 0) delete body.temperature;
  }
  if (wire === 'gemini') {
    if (thinking.budget !== null) {
      const config = (body.generationConfig && typeof body.generationConfig === 'object' ? body.generationConfig : {}) as Record<string, unknown>;
      config.thinkingConfig = { thinkingBudget: thinking.budget, includeThoughts: thinking.budget > 0 };
      body.generationConfig = config;
    }
    if (body.safetySettings === undefined && body.safety_settings === undefined) body.safetySettings = geminiSafetySettings(options);
  }
}
