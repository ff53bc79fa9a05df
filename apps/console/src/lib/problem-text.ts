// Shows a contract problem in the interface language: the shared schemas' codes, translated with their params.
import { isProblemCode, problemNeedsValues, type Problem } from '@turnpike/contract';
import i18n from '../i18n/i18n';

/** The translated text of a problem; `overrides` replace params the console words itself (a type's localised field label). */
export function problemMessage(problem: Problem, overrides: Readonly<Record<string, string | number>> = {}): string {
  return i18n.t(`problems.${problem.code}`, { ...problem.params, ...overrides });
}

/** The translated text of a failed `/api` answer's code; null when the code is unknown or its text needs values the answer does not carry. */
export function translateErrorCode(code: unknown): string | null {
  return isProblemCode(code) && !problemNeedsValues(code) ? i18n.t(`problems.${code}`) : null;
}

/** A form validator's answer: resolves when there is no problem, else rejects with its translated text. */
export async function rejectProblem(problem: Problem | null): Promise<void> {
  if (problem) throw new Error(problemMessage(problem));
}
