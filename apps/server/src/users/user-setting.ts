// The user setting JSON (spec 000 §3): notification channel, quota warning threshold, webhook, email, unset-ratio models.
import { z } from 'zod';
import { isEmailAddress } from '../accounts/email-rules';
import { badRequest } from '../http/api-error';

/** The stored setting; unknown keys written by newer versions are kept. */
export interface UserSetting {
  notify_type?: 'email' | 'webhook';
  quota_warning_threshold?: number;
  webhook_url?: string;
  webhook_secret?: string;
  notification_email?: string;
  accept_unset_model_ratio_model?: boolean;
  [key: string]: unknown;
}

/** Body of `PUT /api/user/setting`. */
export const userSettingSchema = z.object({
  notify_type: z.string().default('email'),
  quota_warning_threshold: z.number('quota_warning_threshold must be a number').default(500000),
  webhook_url: z.string().default(''),
  webhook_secret: z.string().default(''),
  notification_email: z.string().default(''),
  accept_unset_model_ratio_model: z.boolean('accept_unset_model_ratio_model must be true or false').default(false),
});

/** Messages of the setting rules. */
export const userSettingMessages = {
  notifyType: 'the notification type must be email or webhook',
  threshold: 'the quota warning threshold must be at least 0',
  webhookRequired: 'the webhook address cannot be empty',
  webhookHttps: 'the webhook address must be an https:// URL',
  webhookPublic: 'the webhook address must be a public internet address',
  email: 'invalid notification email address',
} as const;

/** Reads the stored setting text; anything unreadable counts as no setting. */
export function parseUserSetting(text: string | null): UserSetting {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as UserSetting) : {};
  } catch {
    return {};
  }
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Checks the new values and merges them into the stored setting (webhook fields only for webhook, email only for email). */
export function applyUserSetting(current: UserSetting, input: z.infer<typeof userSettingSchema>): UserSetting {
  if (input.notify_type !== 'email' && input.notify_type !== 'webhook') throw badRequest(userSettingMessages.notifyType);
  if (!Number.isFinite(input.quota_warning_threshold) || input.quota_warning_threshold < 0) throw badRequest(userSettingMessages.threshold);
  const next: UserSetting = { ...current, notify_type: input.notify_type, quota_warning_threshold: input.quota_warning_threshold };
  next.accept_unset_model_ratio_model = input.accept_unset_model_ratio_model;
  delete next.webhook_url;
  delete next.webhook_secret;
  delete next.notification_email;
  if (input.notify_type === 'webhook') {
    const url = input.webhook_url.trim();
    if (!url) throw badRequest(userSettingMessages.webhookRequired);
    if (!isHttpsUrl(url)) throw badRequest(userSettingMessages.webhookHttps);
    next.webhook_url = url;
    if (input.webhook_secret) next.webhook_secret = input.webhook_secret;
  } else if (input.notification_email.trim()) {
    const email = input.notification_email.trim();
    if (!isEmailAddress(email)) throw badRequest(userSettingMessages.email);
    next.notification_email = email;
  }
  return next;
}
