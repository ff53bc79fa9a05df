// The username rule, shared by the server and the console: NFC-normalized, 1 to 20 characters, printable only
// (Unicode letters with their marks, decimal digits, `_`, `-` and `.`), so no control, bidi, zero-width or
// look-alike space characters can hide in a name or forge a log line.
import type { Checked } from './problems';

/** The most characters (code points, after normalization) a username may have (spec 000 §5). */
export const usernameMaxLength = 20;

const usernameCharacters = /^[\p{L}\p{M}\p{Nd}_.-]+$/u;

/** The form a username is stored and compared in: trimmed and NFC-normalized. */
export function normalizeUsername(raw: string): string {
  return raw.trim().normalize('NFC');
}

/** Checks a username against the rule; the value is the normalized name to store. */
export function checkUsernameRule(raw: string): Checked<string> {
  const username = normalizeUsername(raw);
  if (username.length === 0) return { ok: false, problem: { code: 'username_empty', params: {} } };
  if ([...username].length > usernameMaxLength) return { ok: false, problem: { code: 'username_too_long', params: { max: usernameMaxLength } } };
  if (!usernameCharacters.test(username)) return { ok: false, problem: { code: 'username_characters', params: {} } };
  return { ok: true, value: username };
}
