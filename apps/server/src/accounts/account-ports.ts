// The outside-world ports of account routes (mail, bot check, verification codes), one set per server.
import type { AppContext } from '../context';
import { SmtpMailer, type Mailer } from './mailer';
import { CloudflareTurnstileVerifier, type TurnstileVerifier } from './turnstile';
import { MemoryVerificationCodeStore, type VerificationCodeStore } from './verification-code-store';

/** Replaceable implementations; tests swap the mailer or the bot check, production uses the defaults. */
export interface AccountPorts {
  mailer: Mailer;
  turnstile: TurnstileVerifier;
  verificationCodes: VerificationCodeStore;
}

const portsByServer = new WeakMap<AppContext, AccountPorts>();

/** The server's account ports, created with the default implementations on first use. */
export function accountPortsFor(context: AppContext): AccountPorts {
  let ports = portsByServer.get(context);
  if (!ports) {
    ports = {
      mailer: new SmtpMailer(context.options),
      turnstile: new CloudflareTurnstileVerifier(context.options),
      verificationCodes: new MemoryVerificationCodeStore(),
    };
    portsByServer.set(context, ports);
  }
  return ports;
}
