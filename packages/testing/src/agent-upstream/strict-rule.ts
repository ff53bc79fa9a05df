// What a strict provider rule returns when a request breaks it: the status and the provider's own error body.
import { isObject, listOf, type JsonObject } from '../mock-json';

/** A refused request: the status and body the real provider answers with. */
export interface StrictRefusal {
  status: number;
  body: unknown;
}

/** One documented validation rule of a provider: the refusal for `body`, or undefined when the body passes it. */
export type StrictRule = (body: JsonObject) => StrictRefusal | undefined;

/** The first refusal of `rules` for `body`, in order. */
export function firstRefusal(rules: readonly StrictRule[], body: JsonObject): StrictRefusal | undefined {
  for (const rule of rules) {
    const refusal = rule(body);
    if (refusal) return refusal;
  }
  return undefined;
}

/** The objects of a JSON list (other entries skipped). */
export function objectsOf(value: unknown): JsonObject[] {
  return listOf(value).filter(isObject);
}

/** Tool and function names every provider accepts: letters, digits, `_` and `-`. */
export const portableToolName = /^[a-zA-Z0-9_-]{1,64}$/;

/** OpenAI reasoning models (o-series and gpt-5), which refuse `max_tokens`, `temperature` other than 1 and `top_p`. */
export const openAiReasoningModel = /^(?:o\d|gpt-5)/;
