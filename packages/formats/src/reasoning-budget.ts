// Thinking budgets and reasoning efforts in each other's terms, written once for every encoder: a budget becomes an
// OpenAI effort, and a budget is moved into the range a model accepts, each with the warning the log entry keeps.
import type { ThinkingBudgetRange } from './model-capabilities';

/** The OpenAI reasoning effort of a thinking budget; -1 (the model decides) has none. */
export function effortForBudget(budgetTokens: number): string | undefined {
  if (budgetTokens < 0) return undefined;
  if (budgetTokens === 0) return 'none';
  if (budgetTokens <= 1024) return 'low';
  if (budgetTokens <= 8192) return 'medium';
  return 'high';
}

/** The warning written when a thinking budget is sent as an effort. */
export function budgetAsEffortWarning(budgetTokens: number, effort: string): string {
  return `thinking budget ${budgetTokens} was approximated as OpenAI reasoning effort "${effort}"`;
}

/** A budget inside `range` (-1, the model decides, is kept), and the warning when it had to move. */
export function fitThinkingBudget(budgetTokens: number, range: ThinkingBudgetRange | undefined, model: string): { budget: number; warning?: string } {
  if (!range || budgetTokens === -1) return { budget: budgetTokens };
  if (budgetTokens === 0) {
    if (range.off) return { budget: 0 };
    return { budget: range.min, warning: `thinking budget 0 was raised to ${range.min}: ${model} cannot turn thinking off` };
  }
  if (budgetTokens < range.min) return { budget: range.min, warning: `thinking budget ${budgetTokens} was raised to ${model}'s minimum of ${range.min}` };
  if (budgetTokens > range.max) return { budget: range.max, warning: `thinking budget ${budgetTokens} was lowered to ${model}'s maximum of ${range.max}` };
  return { budget: budgetTokens };
}
