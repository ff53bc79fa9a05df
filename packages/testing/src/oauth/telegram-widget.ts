// Signs a Telegram Login Widget payload as Telegram does (written from Telegram's documentation, independently of the
// server's check): HMAC-SHA256 over the sorted `key=value` lines of the fields, keyed with SHA-256 of the bot token.
import crypto from 'node:crypto';

/** The widget's user fields. */
export interface TelegramWidgetUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
}

/** The payload the widget hands the page: the user fields as text plus `hash`. */
export function signTelegramWidget(user: TelegramWidgetUser, botToken: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(user)) if (value !== undefined && value !== '') fields[key] = String(value);
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = crypto.createHash('sha256').update(botToken).digest();
  return { ...fields, hash: crypto.createHmac('sha256', secret).update(dataCheckString).digest('hex') };
}
