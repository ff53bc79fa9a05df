// Which email addresses may receive a verification code: format, domain whitelist, alias restriction.
import type { OptionStore } from '../options/option-store';
import { badRequest } from '../http/api-error';

const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** True when the text looks like a deliverable email address (no spaces, CR/LF or angle brackets). */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && emailPattern.test(text);
}

/** Throws a 400 when the address is malformed, outside EmailDomainWhitelist (when restricted) or an alias (when restricted). */
export function checkEmailAllowed(options: OptionStore, email: string): void {
  if (!isEmailAddress(email)) throw badRequest('invalid email address');
  const at = email.lastIndexOf('@');
  const localPart = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (options.bool('EmailDomainRestrictionEnabled')) {
    const allowed = options
      .string('EmailDomainWhitelist')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    if (!allowed.includes(domain)) throw badRequest('the administrator has enabled the email domain whitelist and your email domain is not in it');
  }
  if (options.bool('EmailAliasRestrictionEnabled') && /[+.]/.test(localPart)) {
    throw badRequest('the administrator has enabled the email alias restriction: addresses with "+" or "." before the @ are refused');
  }
}
