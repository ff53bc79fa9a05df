// Pure rules of the personal settings page: setting parsing, form checks, the affiliate link.

/** The user's setting as the server sends it: JSON text, an object, or nothing. */
export type UserSettingValue = string | Record<string, unknown> | null | undefined;

/** Notification preferences stored in the user's setting JSON. */
export interface NotificationSettings {
  notify_type: 'email' | 'webhook';
  quota_warning_threshold: number;
  webhook_url: string;
  webhook_secret: string;
  notification_email: string;
  accept_unset_model_ratio_model: boolean;
}

/** Default warning threshold once the settings are loaded (spec 000 §9). */
export const DefaultQuotaWarningThreshold = 500000;

/** Reads the notification settings out of the user's setting (JSON text or object), with defaults. */
export function parseNotificationSettings(setting: UserSettingValue): NotificationSettings {
  let raw: Record<string, unknown> = {};
  if (typeof setting === 'string' && setting.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(setting);
      if (typeof parsed === 'object' && parsed !== null) raw = parsed as Record<string, unknown>;
    } catch {
      raw = {};
    }
  } else if (typeof setting === 'object' && setting !== null) {
    raw = setting;
  }
  const threshold = Number(raw.quota_warning_threshold);
  return {
    notify_type: raw.notify_type === 'webhook' ? 'webhook' : 'email',
    quota_warning_threshold: Number.isFinite(threshold) && threshold > 0 ? threshold : DefaultQuotaWarningThreshold,
    webhook_url: typeof raw.webhook_url === 'string' ? raw.webhook_url : '',
    webhook_secret: typeof raw.webhook_secret === 'string' ? raw.webhook_secret : '',
    notification_email: typeof raw.notification_email === 'string' ? raw.notification_email : '',
    accept_unset_model_ratio_model: raw.accept_unset_model_ratio_model === true,
  };
}

/** The fields of the password form. */
export interface PasswordFormValues {
  original_password?: string;
  password?: string;
  password_confirmation?: string;
}

/** Returns the i18n key of the first rule the values break, or null when they are valid. */
export function passwordChangeProblem(values: PasswordFormValues): 'personal.passwordFieldsRequired' | 'personal.passwordSameAsOld' | 'auth.passwordMismatch' | null {
  if (!values.original_password || !values.password || !values.password_confirmation) return 'personal.passwordFieldsRequired';
  if (values.password === values.original_password) return 'personal.passwordSameAsOld';
  if (values.password !== values.password_confirmation) return 'auth.passwordMismatch';
  return null;
}

/** Threshold presets in quota units (spec 000 §9). */
export const ThresholdPresets = [100000, 500000, 1000000, 5000000] as const;

/** Threshold shown before the user's settings have loaded (spec 000 §9). */
export const InitialQuotaWarningThreshold = 100000;

/** Returns the i18n key of the first rule the settings break, or null when they are valid. */
export function notificationProblem(
  values: NotificationSettings,
): 'personal.thresholdInvalid' | 'personal.webhookRequired' | 'personal.webhookHttps' | null {
  if (!Number.isFinite(values.quota_warning_threshold) || values.quota_warning_threshold <= 0) return 'personal.thresholdInvalid';
  if (values.notify_type === 'webhook') {
    if (!values.webhook_url.trim()) return 'personal.webhookRequired';
    if (!/^https:\/\//i.test(values.webhook_url.trim())) return 'personal.webhookHttps';
  }
  return null;
}

/** The registration link carrying an affiliate code. */
export function affiliateLink(origin: string, code: string): string {
  return `${origin}/register?aff=${encodeURIComponent(code)}`;
}
