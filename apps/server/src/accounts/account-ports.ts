// The outside-world ports of account routes (mail, bot check, mailed secrets), one set per server.
import type { AppContext } from '../context';
import { SmtpMailer, type Mailer } from './mailer';
import { CloudflareTurnstileVerifier, type TurnstileVerifier } from './turnstile';
import { DatabaseCodeStore, resetTokenRules, verificationCodeRules, type VerificationCodeStore } from './verification-code-store';

/** Replaceable implementations; tests swap the mailer or the bot check, production uses the defaults. */
export interface AccountPorts {
  mailer: Mailer;
  turnstile: TurnstileVerifier;
  /** Email verification codes (registration and email binding). */
  verificationCodes: VerificationCodeStore;
  /** Password reset tokens. */
  resetTokens: VerificationCodeStore;
}

const portsByServer = new WeakMap<AppContext, AccountPorts>();

/** The server's account ports, created with the default implementations on first use. */
export function accountPortsFor(context: AppContext): AccountPorts {
  let ports = portsByServer.get(context);
  if (!ports) {
    ports = {
      mailer: new SmtpMailer(context.options),
      turnstile: new CloudflareTurnstileVerifier(context.options),
      verificationCodes: new DatabaseCodeStore(context.db, verificationCodeRules),
      resetTokens: new DatabaseCodeStore(context.db, resetTokenRules),
    };
    portsByServer.set(context, ports);
  }
  return ports;
}
