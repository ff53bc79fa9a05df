// Which OpenAI API a channel's chat calls go out in: chat completions, Responses, or chosen by model. Stored in the
// channel's `setting` JSON under `upstream_api`; data-only, so the console's channel editor reads and writes it too.

/** The choices of upstream API, `auto` first (the default). */
export const upstreamApiChoices = ['auto', 'chat-completions', 'responses'] as const;

/** One choice of upstream API. */
export type UpstreamApiChoice = (typeof upstreamApiChoices)[number];

/** The key of the choice in a channel's `setting` JSON. */
export const upstreamApiSettingKey = 'upstream_api';

const isChoice = (value: unknown): value is UpstreamApiChoice => typeof value === 'string' && (upstreamApiChoices as readonly string[]).includes(value);

/** The choice a channel's parsed `setting` makes; `auto` when it makes none (or an unknown one). */
export function readUpstreamApi(setting: Readonly<Record<string, unknown>> | undefined): UpstreamApiChoice {
  const value = setting?.[upstreamApiSettingKey];
  return isChoice(value) ? value : 'auto';
}

/**
 * OpenAI models served only by the Responses API: the `-pro` reasoning models (o1-pro, o3-pro, gpt-5-pro, …), the
 * codex models (gpt-5-codex, codex-mini-latest, …), the deep-research models and computer-use-preview. Only OpenAI's
 * own model names match, so a compatible upstream's `*-pro` model (gemini-2.5-pro) stays on chat completions.
 */
const responsesOnlyModel = /^(?:(?:o\d+|gpt-[\d.]+)-pro(?:-\d{4}-\d{2}-\d{2})?$|.*codex|o\d+(?:-mini)?-deep-research|computer-use-preview)/;

/** Whether `model` exists only on the Responses API (what `auto` sends to Responses). */
export function isResponsesOnlyModel(model: string): boolean {
  return responsesOnlyModel.test(model);
}

function parseSettingText(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The choice a channel's `setting` text makes (`auto` when the text is empty, not JSON or names none). */
export function upstreamApiOfSettingText(text: string): UpstreamApiChoice {
  return readUpstreamApi(parseSettingText(text));
}

/**
 * The `setting` text with the choice written into it (`auto` removes the key, and an empty object becomes empty text);
 * text that is not a JSON object is returned unchanged, for its own validation to report.
 */
export function withUpstreamApi(text: string, choice: UpstreamApiChoice): string {
  const setting = parseSettingText(text);
  if (!setting) return text;
  const next = { ...setting };
  if (choice === 'auto') delete next[upstreamApiSettingKey];
  else next[upstreamApiSettingKey] = choice;
  return Object.keys(next).length === 0 ? '' : JSON.stringify(next);
}
