// A real SMTP server for tests (smtp-server + mailparser): plain, STARTTLS or implicit TLS, AUTH, parsed mail.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One delivered message: the SMTP envelope, how it arrived and the parsed mail. */
export interface SunkMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The user name the client authenticated with, or null. */
  username: string | null;
  /** True when the session ran over TLS (implicit or after STARTTLS). */
  secure: boolean;
  parsed: ParsedMail;
  /** The HTML body ('' when the mail had none). */
  html: string;
}

/** How the sink speaks: `tls` turns on STARTTLS (`mode: 'starttls'`) or TLS from the first byte (`mode: 'implicit'`). */
export interface SmtpSinkSettings {
  tls?: { mode: 'starttls' | 'implicit'; key: string; cert: string };
  /** Answer 550 to every RCPT TO (a refusing server). */
  rejectRecipients?: boolean;
  /** Accept only this user name and password (any credentials when unset). */
  credentials?: { username: string; password: string };
}

/** A running sink. */
export interface SmtpSink {
  port: number;
  received: SunkMail[];
  /** The first received mail (already here or still to come) sent to `address`; taken mails are not returned again. */
  nextMailTo(address: string): Promise<SunkMail>;
  close(): Promise<void>;
}

/** Starts the sink on 127.0.0.1 and an ephemeral port. */
export async function startSmtpSink(settings: SmtpSinkSettings = {}): Promise<SmtpSink> {
  const received: SunkMail[] = [];
  const taken = new Set<SunkMail>();
  const waiters: Array<{ address: string; resolve: (mail: SunkMail) => void }> = [];
  const usernames = new Map<string, string>();

  const deliver = (mail: SunkMail) => {
    received.push(mail);
    const index = waiters.findIndex((waiter) => mail.envelopeTo.includes(waiter.address.toLowerCase()));
    if (index < 0) return;
    const [waiter] = waiters.splice(index, 1);
    taken.add(mail);
    waiter.resolve(mail);
  };

  const options: SMTPServerOptions = {
    secure: settings.tls?.mode === 'implicit',
    key: settings.tls?.key,
    cert: settings.tls?.cert,
    hideSTARTTLS: settings.tls?.mode !== 'starttls',
    // Without TLS the sink still takes AUTH, as a local relay does (the mailer only sends a password in clear to loopback).
    allowInsecureAuth: true,
    authOptional: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, session, callback) {
      const expected = settings.credentials;
      if (expected && (auth.username !== expected.username || auth.password !== expected.password)) {
        callback(new Error('535 authentication failed'));
        return;
      }
      usernames.set(session.id, auth.username ?? '');
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      if (settings.rejectRecipients) {
        const refusal = Object.assign(new Error('no such mailbox'), { responseCode: 550 });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          deliver({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            username: usernames.get(session.id) ?? null,
            secure: session.secure,
            parsed,
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  };
  const server = new SMTPServer(options);
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    received,
    nextMailTo(address) {
      const waiting = received.find((mail) => !taken.has(mail) && mail.envelopeTo.includes(address.toLowerCase()));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve) => waiters.push({ address, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
