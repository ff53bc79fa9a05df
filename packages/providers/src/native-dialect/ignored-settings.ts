// The request settings an upstream has no field for: which of them a request sets, reported as one warning.
import { addRequestWarning, type CanonicalRequest } from '@turnpike/formats';

/** A canonical request setting with its OpenAI name, the name a warning shows. */
export type NamedSetting = readonly [field: keyof CanonicalRequest, name: string];

/** Every model setting of a canonical request, in the order warnings list them. */
export const modelSettings: readonly NamedSetting[] = [
  ['temperature', 'temperature'],
  ['topP', 'top_p'],
  ['topK', 'top_k'],
  ['maxTokens', 'max_tokens'],
  ['stop', 'stop'],
  ['seed', 'seed'],
  ['presencePenalty', 'presence_penalty'],
  ['frequencyPenalty', 'frequency_penalty'],
  ['tools', 'tools'],
  ['toolChoice', 'tool_choice'],
  ['responseFormat', 'response_format'],
  ['reasoningEffort', 'reasoning_effort'],
  ['reasoning', 'reasoning'],
];

/** The model settings but the given ones (those the upstream does take), in the same order. */
export function modelSettingsExcept(...taken: ReadonlyArray<keyof CanonicalRequest>): readonly NamedSetting[] {
  return modelSettings.filter(([field]) => !taken.includes(field));
}

/** Adds one warning, `{lead}; ignored: a, b`, naming the settings the request sets; nothing when it sets none of them. */
export function warnIgnoredSettings(request: CanonicalRequest, lead: string, settings: readonly NamedSetting[] = modelSettings): void {
  const ignored = settings.filter(([field]) => request[field] !== undefined).map(([, name]) => name);
  if (ignored.length > 0) addRequestWarning(request, `${lead}; ignored: ${ignored.join(', ')}`);
}
