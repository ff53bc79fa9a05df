// The option registry: every key of both spec documents with its type, secrecy and JSON shape.
import { z } from 'zod';
import { modelCapabilityOverridesSchema } from './model-capability-overrides';
import { optionDefaults } from './option-defaults';
import { uptimeKumaGroupsSchema } from './uptime-kuma';

/** How an option's text value is read. */
export type OptionKind = 'boolean' | 'integer' | 'number' | 'string' | 'json';

/** One option definition. */
export interface OptionDefinition {
  key: string;
  kind: OptionKind;
  /** Secret options are write-only: never returned in clear by GET /api/option/. */
  secret?: boolean;
  /** Only root may change it (the top-up link belongs to the super admin). */
  rootOnly?: boolean;
  /** Shape of a JSON option (or the allowed values of a string option), checked on write. */
  schema?: z.ZodType;
  /** Lower bound of a numeric option. */
  min?: number;
  max?: number;
}

const numberMap = z.record(z.string(), z.number());
const groupRatioMap = z.record(z.string(), z.number().min(0));
const groupGroupRatio = z.record(z.string(), z.record(z.string(), z.number().min(0)));
const rateLimitGroups = z.record(z.string(), z.tuple([z.number().int().min(0), z.number().int().min(1)]));
const chats = z.array(z.record(z.string(), z.string()));
const payMethods = z.array(z.object({ name: z.string(), type: z.string(), color: z.string().optional() }).loose());
const stringMap = z.record(z.string(), z.string());

const definitions: OptionDefinition[] = [
  // Login and registration
  { key: 'PasswordLoginEnabled', kind: 'boolean' },
  { key: 'PasswordRegisterEnabled', kind: 'boolean' },
  { key: 'EmailVerificationEnabled', kind: 'boolean' },
  { key: 'RegisterEnabled', kind: 'boolean' },
  // Third-party login
  { key: 'GitHubOAuthEnabled', kind: 'boolean' },
  { key: 'GitHubClientId', kind: 'string' },
  { key: 'GitHubClientSecret', kind: 'string', secret: true },
  { key: 'oidc.enabled', kind: 'boolean' },
  { key: 'oidc.client_id', kind: 'string' },
  { key: 'oidc.client_secret', kind: 'string', secret: true },
  { key: 'oidc.well_known', kind: 'string' },
  { key: 'oidc.authorization_endpoint', kind: 'string' },
  { key: 'oidc.token_endpoint', kind: 'string' },
  { key: 'oidc.user_info_endpoint', kind: 'string' },
  { key: 'WeChatAuthEnabled', kind: 'boolean' },
  { key: 'WeChatServerAddress', kind: 'string' },
  { key: 'WeChatServerToken', kind: 'string', secret: true },
  { key: 'WeChatAccountQRCodeImageURL', kind: 'string' },
  { key: 'TelegramOAuthEnabled', kind: 'boolean' },
  { key: 'TelegramBotToken', kind: 'string', secret: true },
  { key: 'TelegramBotName', kind: 'string' },
  { key: 'LinuxDOOAuthEnabled', kind: 'boolean' },
  { key: 'LinuxDOClientId', kind: 'string' },
  { key: 'LinuxDOClientSecret', kind: 'string', secret: true },
  { key: 'LinuxDOMinimumTrustLevel', kind: 'integer', min: 0 },
  // Passkeys (WebAuthn)
  { key: 'passkey.enabled', kind: 'boolean' },
  { key: 'passkey.rp_display_name', kind: 'string' },
  { key: 'passkey.rp_id', kind: 'string' },
  { key: 'passkey.origins', kind: 'string' },
  { key: 'passkey.allow_insecure_origin', kind: 'boolean' },
  { key: 'passkey.user_verification', kind: 'string', schema: z.enum(['required', 'preferred', 'discouraged']) },
  { key: 'passkey.attachment_preference', kind: 'string', schema: z.enum(['', 'platform', 'cross-platform']) },
  { key: 'TurnstileCheckEnabled', kind: 'boolean' },
  { key: 'TurnstileSiteKey', kind: 'string' },
  { key: 'TurnstileSecretKey', kind: 'string', secret: true },
  // Email restriction and SMTP
  { key: 'EmailDomainRestrictionEnabled', kind: 'boolean' },
  { key: 'EmailAliasRestrictionEnabled', kind: 'boolean' },
  { key: 'EmailDomainWhitelist', kind: 'string' },
  { key: 'SMTPServer', kind: 'string' },
  { key: 'SMTPPort', kind: 'integer', min: 0, max: 65535 },
  { key: 'SMTPAccount', kind: 'string' },
  { key: 'SMTPFrom', kind: 'string' },
  { key: 'SMTPToken', kind: 'string', secret: true },
  { key: 'SMTPSSLEnabled', kind: 'boolean' },
  // Server and worker
  { key: 'ServerAddress', kind: 'string' },
  { key: 'WorkerUrl', kind: 'string' },
  { key: 'WorkerValidKey', kind: 'string', secret: true },
  { key: 'WorkerAllowHttpImageRequestEnabled', kind: 'boolean' },
  // Payment
  { key: 'PayAddress', kind: 'string' },
  { key: 'EpayId', kind: 'string' },
  { key: 'EpayKey', kind: 'string', secret: true },
  { key: 'Price', kind: 'number', min: 0 },
  { key: 'MinTopUp', kind: 'integer', min: 0 },
  { key: 'CustomCallbackAddress', kind: 'string' },
  { key: 'TopupGroupRatio', kind: 'json', schema: groupRatioMap },
  { key: 'PayMethods', kind: 'json', schema: payMethods },
  // Top-up presets (new-api's payment_setting): the amounts offered as buttons, and a price factor per preset amount.
  { key: 'payment_setting.amount_options', kind: 'json', schema: z.array(z.number().int().positive()).max(50) },
  { key: 'payment_setting.amount_discount', kind: 'json', schema: z.record(z.string().regex(/^\d+$/), z.number().positive().max(1)) },
  // Operation
  { key: 'Notice', kind: 'string' },
  { key: 'SystemName', kind: 'string' },
  { key: 'Logo', kind: 'string' },
  { key: 'Footer', kind: 'string' },
  // Version check: the release source (a code host's latest-release endpoint)
  { key: 'UpdateCheckUrl', kind: 'string' },
  { key: 'About', kind: 'string' },
  // Dashboard uptime panel (new-api's console_setting): Uptime Kuma status pages read by GET /api/uptime/status.
  { key: 'console_setting.uptime_kuma_enabled', kind: 'boolean' },
  { key: 'console_setting.uptime_kuma_groups', kind: 'json', schema: uptimeKumaGroupsSchema },
  { key: 'HomePageContent', kind: 'string' },
  { key: 'TopUpLink', kind: 'string', rootOnly: true },
  { key: 'general_setting.docs_link', kind: 'string' },
  { key: 'general_setting.ping_interval_enabled', kind: 'boolean' },
  { key: 'general_setting.ping_interval_seconds', kind: 'integer', min: 1 },
  // General
  { key: 'QuotaPerUnit', kind: 'number', min: 0.000001 },
  { key: 'RetryTimes', kind: 'integer', min: 0, max: 10 },
  { key: 'USDExchangeRate', kind: 'number', min: 0 },
  { key: 'DisplayInCurrencyEnabled', kind: 'boolean' },
  { key: 'DisplayTokenStatEnabled', kind: 'boolean' },
  { key: 'DefaultCollapseSidebar', kind: 'boolean' },
  { key: 'DemoSiteEnabled', kind: 'boolean' },
  { key: 'SelfUseModeEnabled', kind: 'boolean' },
  // Drawing
  { key: 'DrawingEnabled', kind: 'boolean' },
  { key: 'MjNotifyEnabled', kind: 'boolean' },
  { key: 'MjAccountFilterEnabled', kind: 'boolean' },
  { key: 'MjForwardUrlEnabled', kind: 'boolean' },
  { key: 'MjModeClearEnabled', kind: 'boolean' },
  { key: 'MjActionCheckSuccessEnabled', kind: 'boolean' },
  // Sensitive words
  { key: 'CheckSensitiveEnabled', kind: 'boolean' },
  { key: 'CheckSensitiveOnPromptEnabled', kind: 'boolean' },
  { key: 'CheckSensitiveOnCompletionEnabled', kind: 'boolean' },
  { key: 'StopOnSensitiveEnabled', kind: 'boolean' },
  { key: 'SensitiveWords', kind: 'string' },
  // Logs and dashboard
  { key: 'LogConsumeEnabled', kind: 'boolean' },
  { key: 'DataExportEnabled', kind: 'boolean' },
  { key: 'DataExportInterval', kind: 'integer', min: 1 },
  { key: 'DataExportDefaultTime', kind: 'string' },
  // Monitoring
  { key: 'ChannelDisableThreshold', kind: 'number', min: 0 },
  { key: 'QuotaRemindThreshold', kind: 'integer', min: 0 },
  { key: 'AutomaticDisableChannelEnabled', kind: 'boolean' },
  { key: 'AutomaticEnableChannelEnabled', kind: 'boolean' },
  { key: 'AutomaticDisableKeywords', kind: 'string' },
  // Quota
  { key: 'QuotaForNewUser', kind: 'integer', min: 0 },
  { key: 'PreConsumedQuota', kind: 'integer', min: 0 },
  { key: 'QuotaForInviter', kind: 'integer', min: 0 },
  { key: 'QuotaForInvitee', kind: 'integer', min: 0 },
  { key: 'StreamCacheQueueLength', kind: 'integer', min: 0 },
  // Reserves: the output a call without a limit may produce when the model catalog does not know the model, and
  // whether a call the balance cannot cover in full is capped to what it affords (else refused).
  { key: 'DefaultMaxOutputTokens', kind: 'integer', min: 1 },
  { key: 'QuotaOutputCapEnabled', kind: 'boolean' },
  // Realtime sessions (GET /v1/realtime): idle and total deadlines, the largest frame, sessions per API key (0: no limit).
  { key: 'RealtimeIdleTimeoutSeconds', kind: 'integer', min: 1 },
  { key: 'RealtimeMaxSessionSeconds', kind: 'integer', min: 1 },
  { key: 'RealtimeMaxFrameBytes', kind: 'integer', min: 1024 },
  { key: 'RealtimeMaxSessionsPerToken', kind: 'integer', min: 0 },
  // Pricing and groups
  { key: 'ModelPrice', kind: 'json', schema: numberMap },
  { key: 'ModelRatio', kind: 'json', schema: numberMap },
  { key: 'CompletionRatio', kind: 'json', schema: numberMap },
  { key: 'CacheRatio', kind: 'json', schema: numberMap },
  { key: 'AudioRatio', kind: 'json', schema: numberMap },
  { key: 'AudioCompletionRatio', kind: 'json', schema: numberMap },
  { key: 'GroupRatio', kind: 'json', schema: groupRatioMap },
  { key: 'UserUsableGroups', kind: 'json', schema: stringMap },
  { key: 'GroupGroupRatio', kind: 'json', schema: groupGroupRatio },
  { key: 'AutoGroups', kind: 'json', schema: z.array(z.string()) },
  { key: 'DefaultUseAutoGroup', kind: 'boolean' },
  { key: 'Chats', kind: 'json', schema: chats },
  // Rate limit
  { key: 'ModelRequestRateLimitEnabled', kind: 'boolean' },
  { key: 'ModelRequestRateLimitCount', kind: 'integer', min: 0 },
  { key: 'ModelRequestRateLimitSuccessCount', kind: 'integer', min: 1 },
  { key: 'ModelRequestRateLimitDurationMinutes', kind: 'integer', min: 0 },
  { key: 'ModelRequestRateLimitGroup', kind: 'json', schema: rateLimitGroups },
  // Gemini
  { key: 'gemini.safety_settings', kind: 'json', schema: stringMap },
  { key: 'gemini.version_settings', kind: 'json', schema: stringMap },
  { key: 'gemini.supported_imagine_models', kind: 'json', schema: z.array(z.string()) },
  { key: 'gemini.thinking_adapter_enabled', kind: 'boolean' },
  { key: 'gemini.thinking_adapter_budget_tokens_percentage', kind: 'number', min: 0.1, max: 1 },
  // Claude
  { key: 'claude.model_headers_settings', kind: 'json', schema: z.record(z.string(), z.record(z.string(), z.array(z.string()))) },
  { key: 'claude.default_max_tokens', kind: 'json', schema: z.record(z.string(), z.number().int().min(1)) },
  { key: 'claude.thinking_adapter_enabled', kind: 'boolean' },
  { key: 'claude.thinking_adapter_budget_tokens_percentage', kind: 'number', min: 0.1, max: 1 },
  // Global
  { key: 'global.pass_through_request_enabled', kind: 'boolean' },
  // Per-model request rules over the catalog's (accepts effort, max_completion_tokens, sampling, thinking budget range)
  { key: 'ModelCapabilityOverrides', kind: 'json', schema: modelCapabilityOverridesSchema },
];

/** Every option definition, keyed by option key. */
export const optionDefinitions: ReadonlyMap<string, OptionDefinition> = new Map(definitions.map((d) => [d.key, d]));

/** The typed value of an option as the server uses it. */
export type OptionValue = string | number | boolean | unknown[] | Record<string, unknown>;

/** Result of reading a text value against its definition. */
export type OptionParseResult = { ok: true; value: OptionValue } | { ok: false; message: string };

/** Reads an option's stored text into its typed value, or explains why the text is invalid. */
export function parseOptionValue(definition: OptionDefinition, text: string): OptionParseResult {
  switch (definition.kind) {
    case 'boolean':
      if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' };
      return { ok: false, message: `${definition.key} must be true or false` };
    case 'integer':
    case 'number': {
      const value = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(value)) return { ok: false, message: `${definition.key}: please enter a number` };
      if (definition.kind === 'integer' && !Number.isInteger(value)) return { ok: false, message: `${definition.key} must be an integer` };
      if (definition.min !== undefined && value < definition.min) return { ok: false, message: `${definition.key} must be at least ${definition.min}` };
      if (definition.max !== undefined && value > definition.max) return { ok: false, message: `${definition.key} must be at most ${definition.max}` };
      return { ok: true, value };
    }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { ok: false, message: `${definition.key}: not a valid JSON string` };
      }
      const checked = definition.schema ? definition.schema.safeParse(parsed) : { success: true as const, data: parsed };
      if (!checked.success) return { ok: false, message: `${definition.key}: ${checked.error.issues[0]?.message ?? 'invalid value'}` };
      return { ok: true, value: checked.data as OptionValue };
    }
    default: {
      const checked = definition.schema?.safeParse(text);
      if (checked && !checked.success) return { ok: false, message: `${definition.key}: ${checked.error.issues[0]?.message ?? 'invalid value'}` };
      return { ok: true, value: text };
    }
  }
}

/** Turns a typed value (or text) into the stored text form: booleans as `true`/`false`, JSON compact. */
export function formatOptionValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** The default text value of every option. */
export function defaultOptionText(key: string): string {
  return formatOptionValue(optionDefaults[key]);
}
