// Length rules of usernames, display names and passwords (spec 000 §5), with their messages.
import { checkUsernameRule, usernameMaxLength } from '@turnpike/contract';
import { badRequest, problemError } from '../http/api-error';

/** Limits shared by registration, admin create/update and self update. */
export const accountLimits = { usernameMax: usernameMaxLength, displayNameMax: 20, passwordMin: 8, passwordMax: 20 } as const;

const length = (text: string): number => [...text].length;

/** The username to store (trimmed, NFC-normalized); throws a 400 unless it follows the shared username rule. */
export function checkUsername(raw: string): string {
  const checked = checkUsernameRule(raw);
  if (!checked.ok) throw problemError(checked.problem);
  return checked.value;
}

/** Throws a 400 unless the password has 8 to 20 characters. */
export function checkPassword(password: string): void {
  if (length(password) < accountLimits.passwordMin) throw badRequest(`the password must be at least ${accountLimits.passwordMin} characters`);
  if (length(password) > accountLimits.passwordMax) throw badRequest(`the password must be at most ${accountLimits.passwordMax} characters`);
}

/** Throws a 400 when the display name is longer than 20 characters. */
export function checkDisplayName(displayName: string): void {
  if (length(displayName) > accountLimits.displayNameMax) throw badRequest(`the display name must be at most ${accountLimits.displayNameMax} characters`);
}
