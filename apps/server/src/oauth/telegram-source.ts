// Telegram Login Widget: the widget's fields are signed by Telegram with the bot token; checked as Telegram documents it.
import crypto from 'node:crypto';
import type { OptionStore } from '../options/option-store';
import { ProviderError, type ExternalAccount, type IdentitySource } from './identity-source';

/** Telegram as an identity source (TelegramOAuthEnabled). */
export const telegramSource: IdentitySource = { name: 'Telegram', column: 'telegram_id', usernamePrefix: 'telegram_', enabledOption: 'TelegramOAuthEnabled' };

/** The fields the widget signs (anything else, such as the console's `lang`, is not part of the check). */
export const telegramWidgetFields = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date'] as const;

/** A login is refused once its `auth_date` is older than this (seconds). */
export const telegramMaxAgeSeconds = 24 * 3600;

/** Messages of the widget check. */
export const telegramMessages = {
  invalid: 'the Telegram login data is invalid',
  expired: 'the Telegram login data has expired, please log in again',
} as const;

/** The data-check-string: `key=value` of every signed field received, sorted by key, joined with line feeds. */
export function telegramDataCheckString(fields: Record<string, string>): string {
  return telegramWidgetFields
    .filter((key) => fields[key] !== undefined && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

/** The widget hash: HMAC-SHA256 of the data-check-string keyed with SHA-256 of the bot token, in hex. */
export function telegramHash(fields: Record<string, string>, botToken: string): string {
  const secret = crypto.createHash('sha256').update(botToken).digest();
  return crypto.createHmac('sha256', secret).update(telegramDataCheckString(fields)).digest('hex');
}

/** Reads the widget fields from a query or body object (strings and numbers only). */
export function readTelegramFields(input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof input !== 'object' || input === null) return fields;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (typeof value === 'string') fields[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) fields[key] = String(value);
  }
  return fields;
}

/** The Telegram account of a widget payload whose hash matches (constant time) and whose auth_date is under a day old. */
export function telegramAccountOf(options: OptionStore, fields: Record<string, string>, now = Date.now()): ExternalAccount {
  const botToken = options.string('TelegramBotToken');
  const given = (fields.hash ?? '').toLowerCase();
  if (!botToken || !/^\d+$/.test(fields.id ?? '') || !/^[0-9a-f]{64}$/.test(given)) throw new ProviderError(telegramMessages.invalid);
  const expected = telegramHash(fields, botToken);
  if (!crypto.timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) throw new ProviderError(telegramMessages.invalid);
  const authDate = Number(fields.auth_date);
  if (!Number.isInteger(authDate) || now / 1000 - authDate > telegramMaxAgeSeconds) throw new ProviderError(telegramMessages.expired);
  const displayName = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
  return { id: fields.id, username: fields.username ?? '', displayName: displayName || fields.username || 'Telegram User' };
}
