// Length rules of usernames, display names and passwords (spec 000 §5), with their messages.
import { badRequest } from '../http/api-error';

/** Limits shared by registration, admin create/update and self update. */
export const accountLimits = { usernameMax: 20, displayNameMax: 20, passwordMin: 8, passwordMax: 20 } as const;

const length = (text: string): number => [...text].length;

/** Throws a 400 unless the username has 1 to 20 characters. */
export function checkUsername(username: string): void {
  if (username.length === 0) throw badRequest('the username cannot be empty');
  if (length(username) > accountLimits.usernameMax) throw badRequest(`the username must be at most ${accountLimits.usernameMax} characters`);
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
