// The Mailer port and its SMTP implementation configured by the SMTP* options.
import { ApiError, badRequest } from '../http/api-error';
import type { OptionStore } from '../options/option-store';
import { sendSmtpMail, SmtpError, type MailMessage } from './smtp-client';

/** Sends mail; throws an ApiError the caller can pass on. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Message when no SMTP server is configured. */
export const smtpNotConfiguredMessage = 'SMTP is not configured: the administrator must set the SMTP server first';

/** Sends through the SMTP server of the options (read at send time, so option changes apply at once). */
export class SmtpMailer implements Mailer {
  constructor(private readonly options: OptionStore) {}

  async send(message: MailMessage): Promise<void> {
    const host = this.options.string('SMTPServer').trim();
    if (!host) throw badRequest(smtpNotConfiguredMessage);
    const account = this.options.string('SMTPAccount');
    const port = this.options.number('SMTPPort') || 587;
    try {
      await sendSmtpMail(
        {
          host,
          port,
          secure: this.options.bool('SMTPSSLEnabled') || port === 465,
          username: account,
          password: this.options.string('SMTPToken'),
          from: this.options.string('SMTPFrom') || account,
          fromName: this.options.string('SystemName') || 'Turnpike',
        },
        message,
      );
    } catch (error) {
      if (error instanceof SmtpError) throw new ApiError(502, `failed to send the email: ${error.message}`);
      throw error;
    }
  }
}
