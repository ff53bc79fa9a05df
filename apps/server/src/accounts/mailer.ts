// The Mailer port and its SMTP implementation (nodemailer, loaded on the first mail), configured by the SMTP* options
// at send time.
import type { ConnectionOptions } from 'node:tls';
import type Nodemailer from 'nodemailer';
import { ApiError, badRequest } from '../http/api-error';
import { loadOnFirstUse, type ModuleLoader } from '../load-on-first-use';
import type { OptionStore } from '../options/option-store';

/** One HTML mail to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
}

/** Sends mail; throws an ApiError the caller can pass on. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Message when no SMTP server is configured. */
export const smtpNotConfiguredMessage = 'SMTP is not configured: the administrator must set the SMTP server first';

/** Prefix of every delivery failure; the rest names the step and the server's answer. */
export const mailFailedPrefix = 'failed to send the email: ';

/** Extra transport settings the options cannot express (a private CA the operator's SMTP server is signed by). */
export interface SmtpTransportExtras {
  tls?: ConnectionOptions;
}

/** Loads nodemailer on the first mail: most deployments never send one, and its code is large. */
export const loadNodemailer: ModuleLoader<typeof Nodemailer> = loadOnFirstUse(async () => (await import('nodemailer')).default);

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1']);
const timeoutMilliseconds = 15_000;

/** True when the SMTP* options name a server to send through. */
export function smtpConfigured(options: OptionStore): boolean {
  return options.string('SMTPServer').trim() !== '';
}

/** Throws the operator-facing 400 when no SMTP server is configured (checked before any code or lock is issued). */
export function requireSmtp(options: OptionStore): void {
  if (!smtpConfigured(options)) throw badRequest(smtpNotConfiguredMessage);
}

/** The part of a nodemailer error worth showing: the SMTP step and the server's reply, else the error text. */
export function describeMailError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { command, response } = error as Error & { command?: unknown; response?: unknown };
  if (typeof response === 'string' && response && typeof command === 'string' && command && command !== 'CONN') {
    // nodemailer names the step "AUTH PLAIN"/"RCPT TO"/"DATA"; the reply is the server's own line.
    return `SMTP ${command} failed: ${response}`;
  }
  return error.message.replace(/\s+/g, ' ').trim();
}

/**
 * Sends through the SMTP server of the options, read at each send so a saved change applies at once.
 * `SMTPSSLEnabled` (or port 465) means TLS from the first byte; otherwise STARTTLS is used when the server offers it,
 * and is required when a password would otherwise cross the network in clear (any host but loopback).
 */
export class SmtpMailer implements Mailer {
  constructor(
    private readonly options: OptionStore,
    private readonly extras: SmtpTransportExtras = {},
    private readonly loadMailLibrary: ModuleLoader<typeof Nodemailer> = loadNodemailer,
  ) {}

  async send(message: MailMessage): Promise<void> {
    requireSmtp(this.options);
    const host = this.options.string('SMTPServer').trim();
    const account = this.options.string('SMTPAccount').trim();
    const port = this.options.number('SMTPPort') || 587;
    const nodemailer = await this.loadMailLibrary();
    const transport = nodemailer.createTransport({
      host,
      port,
      secure: this.options.bool('SMTPSSLEnabled') || port === 465,
      requireTLS: account !== '' && !loopbackHosts.has(host),
      auth: account ? { user: account, pass: this.options.string('SMTPToken') } : undefined,
      connectionTimeout: timeoutMilliseconds,
      greetingTimeout: timeoutMilliseconds,
      socketTimeout: timeoutMilliseconds,
      tls: this.extras.tls,
    });
    try {
      await transport.sendMail({
        from: { name: this.options.string('SystemName') || 'Turnpike', address: this.options.string('SMTPFrom').trim() || account },
        to: message.to,
        subject: message.subject,
        html: message.html,
        // Our own HTML never embeds files or remote URLs: nodemailer must not fetch any.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (error) {
      throw new ApiError(502, mailFailedPrefix + describeMailError(error));
    } finally {
      transport.close();
    }
  }
}
