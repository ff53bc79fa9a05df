// Each upstream model's request rules (`ModelCapabilities`), written once here: the catalog's facts where it has the
// model, and the providers' documented naming rules for models newer than the catalog's data.
import type { ModelCapabilities, ThinkingBudgetRange } from '@turnpike/formats';
import { bundledModelCatalog, type ModelCatalog } from './model-catalog';

/** OpenAI reasoning models (o1, o3, o4-mini, gpt-5…) refuse `max_tokens` on chat completions. @see https://platform.openai.com/docs/guides/reasoning */
const openAiReasoningName = /^(?:o\d|gpt-5)/;

/** A Claude model's family and version, from `claude-opus-4-5-20251101` or the older `claude-3-7-sonnet-20250219`. */
interface ClaudeVersion {
  family: string;
  /** Major × 10 + minor: 37 for 3.7, 45 for 4.5, 40 for `claude-sonnet-4-20250514`. */
  version: number;
}

const claudeNewName = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d)(?!\d))?/;
const claudeOldName = /^claude-(\d+)(?:-(\d)(?!\d))?-(opus|sonnet|haiku)/;

function claudeVersionOf(name: string): ClaudeVersion | undefined {
  const fresh = claudeNewName.exec(name);
  if (fresh) return { family: fresh[1], version: Number(fresh[2]) * 10 + Number(fresh[3] ?? 0) };
  const old = claudeOldName.exec(name);
  if (old) return { family: old[3], version: Number(old[1]) * 10 + Number(old[2] ?? 0) };
  return undefined;
}

/**
 * `output_config.effort` is accepted by Claude Opus 4.5 and every Claude 4.6 or later; Sonnet 4.5, Haiku 4.5 and older
 * answer 400 "This model does not support the effort parameter". @see https://docs.claude.com/en/docs/build-with-claude/effort
 */
function claudeAcceptsEffort(claude: ClaudeVersion | undefined): boolean {
  if (!claude) return false;
  return claude.version >= 46 || (claude.family === 'opus' && claude.version >= 45);
}

/**
 * Claude Opus 4.1, every Claude 4.5 and later refuse `temperature` together with `top_p` ("`temperature` and `top_p`
 * cannot both be specified for this model"). @see https://docs.claude.com/en/docs/about-claude/models/migrating-to-claude-4
 */
function claudeExclusiveSampling(claude: ClaudeVersion | undefined): boolean {
  if (!claude) return false;
  return claude.version >= 45 || (claude.family === 'opus' && claude.version >= 41);
}

/** OpenAI's chat models without reasoning, which refuse `reasoning_effort`. @see https://platform.openai.com/docs/guides/reasoning */
const openAiPlainName = /^(?:gpt-4|gpt-3\.5|chatgpt-4o)/;

/**
 * Gemini 2.5 thinking budgets: Pro 128–32768 and cannot turn thinking off; Flash 0–24576; Flash-Lite 512–24576 or 0.
 * @see https://ai.google.dev/gemini-api/docs/thinking#set-budget
 */
function geminiThinkingBudget(name: string): ThinkingBudgetRange | undefined {
  if (name.startsWith('gemini-2.5-pro')) return { min: 128, max: 32768, off: false };
  if (name.startsWith('gemini-2.5-flash-lite')) return { min: 512, max: 24576, off: true };
  if (name.startsWith('gemini-2.5-flash')) return { min: 1, max: 24576, off: true };
  return undefined;
}

/** Extended thinking starts with Claude 3.7 Sonnet. @see https://docs.claude.com/en/docs/build-with-claude/extended-thinking */
const claudeFirstThinkingVersion = 37;

/** The request rules of `modelName` (the upstream's name, after mapping), from `catalog` and the naming rules. */
export function capabilitiesOf(modelName: string, catalog: ModelCatalog): ModelCapabilities {
  const entry = catalog.find(modelName);
  const name = modelName.trim().toLowerCase();
  const bare = name.slice(name.lastIndexOf('/') + 1);
  const claude = claudeVersionOf(bare);
  const openAiReasoning = openAiReasoningName.test(bare) || (entry?.provider === 'openai' && entry.reasoning === true);
  const thinkingBudget = geminiThinkingBudget(bare);
  return {
    maxCompletionTokens: openAiReasoning,
    acceptsEffort: claudeAcceptsEffort(claude),
    exclusiveSampling: claudeExclusiveSampling(claude),
    // Unknown models (Anthropic-compatible servers) are given the benefit of the doubt: a budget is the portable form.
    thinking: claude ? claude.version >= claudeFirstThinkingVersion || entry?.reasoning === true : (entry?.reasoning ?? true),
    reasoningEffort: !(openAiPlainName.test(bare) || (entry?.provider === 'openai' && entry.reasoning === false)),
    samplingFixed: openAiReasoning,
    ...(thinkingBudget ? { thinkingBudget } : {}),
  };
}

/** An operator's corrections of some models' records (the ModelCapabilities option), by upstream model name. */
export type ModelCapabilityOverrides = Readonly<Record<string, Partial<ModelCapabilities>>>;

/** Past this many distinct names the memo starts over, so arbitrary model names cannot grow it without bound. */
const memoLimit = 1024;

/** A memoised `capabilitiesOf` over `catalog`, with the operator's `overrides` on top: the relay asks once per model name, not once per request. */
export function createCapabilityLookup(catalog: ModelCatalog, overrides: ModelCapabilityOverrides = {}): (modelName: string) => ModelCapabilities {
  const memo = new Map<string, ModelCapabilities>();
  return (modelName) => {
    let capabilities = memo.get(modelName);
    if (capabilities === undefined) {
      if (memo.size >= memoLimit) memo.clear();
      const override = Object.hasOwn(overrides, modelName) ? overrides[modelName] : undefined;
      capabilities = override ? { ...capabilitiesOf(modelName, catalog), ...override } : capabilitiesOf(modelName, catalog);
      memo.set(modelName, capabilities);
    }
    return capabilities;
  };
}

/** The capability lookup over the bundled catalog. */
export const bundledModelCapabilities: (modelName: string) => ModelCapabilities = createCapabilityLookup(bundledModelCatalog);
