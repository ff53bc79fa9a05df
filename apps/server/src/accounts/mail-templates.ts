// The account mails (verification code, password reset link): subject and HTML, with every inserted value escaped.
import type { MailMessage } from './mailer';

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEntities[character]);
}

/** The mail carrying a registration or binding code. */
export function verificationMail(systemName: string, to: string, code: string, validMinutes: number): MailMessage {
  const name = escapeHtml(systemName);
  return {
    to,
    subject: `${systemName} email verification`,
    html:
      `<p>Hello, you are verifying your email address for ${name}.</p>` +
      `<p>Your verification code is: <strong>${escapeHtml(code)}</strong></p>` +
      `<p>The code is valid for ${validMinutes} minutes. If you did not ask for it, ignore this mail.</p>`,
  };
}

/** The console address of the reset confirmation page for an address and token. */
export function passwordResetLink(serverAddress: string, email: string, token: string): string {
  const query = new URLSearchParams({ email, token });
  return `${serverAddress.replace(/\/+$/, '')}/user/reset?${query.toString()}`;
}

/** The mail carrying a password reset link. */
export function passwordResetMail(systemName: string, to: string, link: string, validMinutes: number): MailMessage {
  const name = escapeHtml(systemName);
  const href = escapeHtml(link);
  return {
    to,
    subject: `${systemName} password reset`,
    html:
      `<p>Hello, someone asked to reset the password of your ${name} account.</p>` +
      `<p><a href="${href}">Click here to reset the password</a>.</p>` +
      `<p>If the link does not open, copy this address into your browser:<br>${href}</p>` +
      `<p>The link is valid for ${validMinutes} minutes and works once. If you did not ask for it, ignore this mail.</p>`,
  };
}
