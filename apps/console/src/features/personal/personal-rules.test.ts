import { describe, expect, it } from 'vitest';
import { affiliateLink, notificationProblem, parseNotificationSettings, passwordChangeProblem, type NotificationSettings } from './personal-rules';

const valid: NotificationSettings = {
  notify_type: 'email',
  quota_warning_threshold: 500000,
  webhook_url: '',
  webhook_secret: '',
  notification_email: '',
  accept_unset_model_ratio_model: false,
};

describe('parseNotificationSettings', () => {
  it('reads JSON text', () => {
    const parsed = parseNotificationSettings('{"notify_type":"webhook","quota_warning_threshold":100000,"webhook_url":"https://h.test","accept_unset_model_ratio_model":true}');
    expect(parsed).toEqual({ ...valid, notify_type: 'webhook', quota_warning_threshold: 100000, webhook_url: 'https://h.test', accept_unset_model_ratio_model: true });
  });
  it('defaults to e-mail and a 500 000 threshold when the setting is empty or broken', () => {
    expect(parseNotificationSettings('')).toEqual(valid);
    expect(parseNotificationSettings('{not json')).toEqual(valid);
    expect(parseNotificationSettings(null)).toEqual(valid);
  });
  it('accepts an object', () => {
    expect(parseNotificationSettings({ notification_email: 'a@b.test' }).notification_email).toBe('a@b.test');
  });
});

describe('passwordChangeProblem', () => {
  it('requires all three fields', () => {
    expect(passwordChangeProblem({ original_password: 'a', password: 'b' })).toBe('personal.passwordFieldsRequired');
  });
  it('rejects a new password equal to the original', () => {
    expect(passwordChangeProblem({ original_password: 'same1234', password: 'same1234', password_confirmation: 'same1234' })).toBe('personal.passwordSameAsOld');
  });
  it('rejects a confirmation that does not match', () => {
    expect(passwordChangeProblem({ original_password: 'old12345', password: 'new12345', password_confirmation: 'new12346' })).toBe('auth.passwordMismatch');
  });
  it('accepts a valid change', () => {
    expect(passwordChangeProblem({ original_password: 'old12345', password: 'new12345', password_confirmation: 'new12345' })).toBeNull();
  });
});

describe('notificationProblem', () => {
  it('requires a positive threshold', () => {
    expect(notificationProblem({ ...valid, quota_warning_threshold: 0 })).toBe('personal.thresholdInvalid');
  });
  it('requires an https webhook address for webhook notifications', () => {
    expect(notificationProblem({ ...valid, notify_type: 'webhook' })).toBe('personal.webhookRequired');
    expect(notificationProblem({ ...valid, notify_type: 'webhook', webhook_url: 'http://h.test' })).toBe('personal.webhookHttps');
    expect(notificationProblem({ ...valid, notify_type: 'webhook', webhook_url: 'https://h.test' })).toBeNull();
  });
  it('ignores the webhook address for e-mail notifications', () => {
    expect(notificationProblem({ ...valid, webhook_url: 'http://h.test' })).toBeNull();
  });
});

describe('affiliateLink', () => {
  it('points at the register page with the code', () => {
    expect(affiliateLink('https://gw.test', 'aB3')).toBe('https://gw.test/register?aff=aB3');
  });
});
