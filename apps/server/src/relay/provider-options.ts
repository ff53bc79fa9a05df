// The Claude and Gemini option groups of spec 001 §3 as they shape an upstream chat call. A format names its group
// (`Format.settingsGroup`); the group's settings are read here, and the format applies them to its own body.
import type { SettingsGroup } from '@turnpike/formats';
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

/** What one settings group contributes to an upstream call. */
interface GroupSettings {
  /** The adapter's share of max tokens when `…thinking_adapter_budget_tokens_percentage` is unset. */
  defaultPercentage: number;
  /** `<model>-nothinking` turns thinking off. */
  knowsNoThinking: boolean;
  /** Keeps a budget within what the upstream accepts. */
  clampBudget(budget: number): number;
  /** Extra request headers for the model. */
  headers(options: OptionStore, model: string): Record<string, string> | null;
  /** The API version for the model, where the provider puts one in the URL. */
  apiVersion(options: OptionStore, model: string): string | undefined;
  /** Safety settings to add to a request without its own, or null. */
  safetySettings: ((options: OptionStore) => unknown) | null;
}

const noHeaders = (): null => null;
const noVersion = (): undefined => undefined;

/** The option groups, by name (spec 001 §3 `claude.*` and `gemini.*`). */
const groups: Record<SettingsGroup, GroupSettings> = {
  claude: {
    defaultPercentage: 0.8,
    knowsNoThinking: false,
    // Anthropic's smallest thinking budget.
    clampBudget: (budget) => Math.max(1024, budget),
    headers: claudeModelHeaders,
    apiVersion: noVersion,
    safetySettings: null,
  },
  gemini: {
    defaultPercentage: 0.6,
    knowsNoThinking: true,
    clampBudget: (budget) => Math.min(geminiThinkingBudgetCap, budget),
    headers: noHeaders,
    apiVersion: geminiVersionFor,
    safetySettings: geminiSafetySettings,
  },
};

/** The settings of a group, or undefined for formats no group shapes. */
export function groupSettings(group: SettingsGroup | null): GroupSettings | undefined {
  return group ? groups[group] : undefined;
}

/**
 * The thinking adapters (`claude.thinking_adapter_*`, `gemini.thinking_adapter_*`): a model requested as
 * `<model>-thinking` is called as `<model>` with thinking on and a budget of max tokens × the configured
 * percentage, `<model>-thinking-<n>` with a budget of n, and `<model>-nothinking` (Gemini) with thinking off.
 */
export function chooseThinking(options: OptionStore, group: SettingsGroup | null, model: string, maxTokens: number): ThinkingChoice {
  const settings = groupSettings(group);
  if (!settings || !options.bool(`${group}.thinking_adapter_enabled`)) return { model, budget: null };
  if (settings.knowsNoThinking && model.endsWith('-nothinking')) return { model: model.slice(0, -'-nothinking'.length), budget: 0 };
  const match = /-thinking(?:-(\d+))?$/.exec(model);
  if (!match) return { model, budget: null };
  const base = model.slice(0, match.index);
  const percentage = options.number(`${group}.thinking_adapter_budget_tokens_percentage`) || settings.defaultPercentage;
  const budget = match[1] ? Number(match[1]) : Math.floor(maxTokens * percentage);
  return { model: base, budget: settings.clampBudget(budget) };
}

/** `claude.default_max_tokens`: per model, else its `default` entry, else 8192. */
export function claudeDefaultMaxTokens(options: OptionStore, model: string): number {
  const table = options.json<Record<string, number>>('claude.default_max_tokens') ?? {};
  return table[model] ?? table.default ?? 8192;
}

/** `claude.model_headers_settings`: extra headers (e.g. anthropic-beta) per model, values joined by commas. */
function claudeModelHeaders(options: OptionStore, model: string): Record<string, string> {
  const settings = options.json<Record<string, Record<string, string[]>>>('claude.model_headers_settings') ?? {};
  return Object.fromEntries(Object.entries(settings[model] ?? {}).map(([name, values]) => [name, values.join(',')]));
}

/** `gemini.version_settings`: the API version per model, else its `default`, else the adaptor's. */
function geminiVersionFor(options: OptionStore, model: string): string | undefined {
  const settings = options.json<Record<string, string>>('gemini.version_settings') ?? {};
  return settings[model] ?? settings.default;
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
