// The reasoning effort an OpenAI upstream (chat completions or Responses) is sent, written once for both encoders: the
// caller's effort, else its thinking budget as an effort; nothing for a model that refuses efforts. Each conversion
// or drop is written to the request's warnings for the log entry.
import { addRequestWarning, type CanonicalRequest } from './canonical-model';
import type { ModelCapabilities } from './model-capabilities';
import { budgetAsEffortWarning, effortForBudget } from './reasoning-budget';

/** The effort to send as `field` (`reasoning_effort` or `reasoning.effort`), or undefined to send none. */
export function openAiEffortOf(request: CanonicalRequest, capabilities: ModelCapabilities, field: string): string | undefined {
  const budget = request.reasoning?.budgetTokens;
  let effort = request.reasoningEffort;
  let fromBudget = false;
  if (effort === undefined && budget !== undefined) {
    effort = effortForBudget(budget);
    fromBudget = effort !== undefined;
  }
  if (effort === undefined) return undefined;
  if (!capabilities.reasoningEffort) {
    const what = fromBudget ? `thinking budget ${budget}` : `reasoning effort "${effort}"`;
    addRequestWarning(request, `${what} was dropped: ${request.model} takes no ${field}`);
    return undefined;
  }
  if (fromBudget && budget !== undefined) addRequestWarning(request, budgetAsEffortWarning(budget, effort));
  return effort;
}
