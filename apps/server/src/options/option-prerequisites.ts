// Switches that only make sense once their settings are filled in (as new-api refuses them on PUT /api/option/).

/** One rule: turning `key` on needs every option of `requires` to be non-empty. */
export interface OptionPrerequisite {
  key: string;
  requires: string[];
  message: string;
}

/** The registry of enable prerequisites. */
export const optionPrerequisites: OptionPrerequisite[] = [
  { key: 'GitHubOAuthEnabled', requires: ['GitHubClientId', 'GitHubClientSecret'], message: 'cannot enable GitHub OAuth: fill in the GitHub Client Id and Client Secret first' },
  { key: 'oidc.enabled', requires: ['oidc.client_id', 'oidc.client_secret'], message: 'cannot enable OIDC login: fill in the OIDC Client Id and Client Secret first' },
  { key: 'LinuxDOOAuthEnabled', requires: ['LinuxDOClientId', 'LinuxDOClientSecret'], message: 'cannot enable Linux DO OAuth: fill in the Linux DO Client Id and Client Secret first' },
  { key: 'WeChatAuthEnabled', requires: ['WeChatServerAddress'], message: 'cannot enable WeChat login: fill in the WeChat server address and token first' },
  { key: 'TelegramOAuthEnabled', requires: ['TelegramBotToken', 'TelegramBotName'], message: 'cannot enable Telegram login: fill in the Telegram bot token and bot name first' },
  { key: 'TurnstileCheckEnabled', requires: ['TurnstileSiteKey', 'TurnstileSecretKey'], message: 'cannot enable Turnstile: fill in the Turnstile site key and secret key first' },
  { key: 'EmailVerificationEnabled', requires: ['SMTPServer'], message: 'cannot enable email verification: fill in the SMTP server first' },
  { key: 'EmailDomainRestrictionEnabled', requires: ['EmailDomainWhitelist'], message: 'cannot enable the email domain whitelist: fill in the allowed domains first' },
];

/** The message of the first unmet prerequisite when `key` is being turned on, or null when it may be. */
export function unmetPrerequisite(key: string, enabling: boolean, currentText: (key: string) => string): string | null {
  if (!enabling) return null;
  const rule = optionPrerequisites.find((entry) => entry.key === key);
  if (!rule) return null;
  return rule.requires.every((required) => currentText(required).trim() !== '') ? null : rule.message;
}
