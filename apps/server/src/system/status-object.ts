// The public status object of GET /api/status (spec 001 §3 plus the fields the console keeps locally).
// Every field is read from a non-secret option or a server fact; secret options only ever feed derived booleans.
import type { OptionStore } from '../options/option-store';
import { checkoutProvider } from '../payments/payment-providers';

/** Facts about the running server that are not options. */
export interface ServerFacts {
  setup: boolean;
  version: string;
  /** Unix seconds when this instance started. */
  startTime: number;
  nodeName: string;
  /** Address used for server_address when the ServerAddress option is empty (the request's origin). */
  fallbackServerAddress: string;
}

/** What GET /api/status answers; field names are the console's (and new-api's). */
export interface StatusObject {
  server_address: string;
  top_up_link: string;
  min_topup: number;
  enable_online_topup: boolean;
  default_use_auto_group: boolean;
  setup: boolean;
  self_use_mode_enabled: boolean;
  demo_site_enabled: boolean;
  docs_link: string;
  price: number;
  usd_exchange_rate: number;
  system_name: string;
  logo: string;
  footer_html: string;
  notice: string;
  about: string;
  home_page_content: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  display_token_stat: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  chats: unknown[];
  pay_methods: unknown[];
  email_verification: boolean;
  register_enabled: boolean;
  password_register_enabled: boolean;
  password_login_enabled: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  github_oauth: boolean;
  github_client_id: string;
  oidc_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  passkey_login: boolean;
  passkey_display_name: string;
  passkey_rp_id: string;
  passkey_origins: string;
  passkey_allow_insecure: boolean;
  passkey_user_verification: string;
  passkey_attachment: string;
  /** Whether the dashboard shows the uptime panel (new-api's console_setting.uptime_kuma_enabled). */
  uptime_kuma_enabled: boolean;
  version: string;
  start_time: number;
  node_name: string;
}

/** Builds the status object from the options cache and the server facts. */
export function buildStatusObject(options: OptionStore, facts: ServerFacts): StatusObject {
  const text = (key: string): string => options.string(key);
  const flag = (key: string): boolean => options.bool(key);
  return {
    server_address: text('ServerAddress') || facts.fallbackServerAddress,
    top_up_link: text('TopUpLink'),
    min_topup: options.number('MinTopUp'),
    // Derived from the epay settings; the key itself (secret) is never exposed.
    enable_online_topup: checkoutProvider(options) !== null,
    default_use_auto_group: flag('DefaultUseAutoGroup'),
    setup: facts.setup,
    self_use_mode_enabled: flag('SelfUseModeEnabled'),
    demo_site_enabled: flag('DemoSiteEnabled'),
    docs_link: text('general_setting.docs_link'),
    price: options.number('Price'),
    usd_exchange_rate: options.number('USDExchangeRate'),
    system_name: text('SystemName'),
    logo: text('Logo'),
    footer_html: text('Footer'),
    notice: text('Notice'),
    about: text('About'),
    home_page_content: text('HomePageContent'),
    quota_per_unit: options.number('QuotaPerUnit'),
    display_in_currency: flag('DisplayInCurrencyEnabled'),
    display_token_stat: flag('DisplayTokenStatEnabled'),
    enable_drawing: flag('DrawingEnabled'),
    // Task channels (Suno) are relayed and the task log exists: new-api's TaskEnabled, on by default.
    enable_task: true,
    enable_data_export: flag('DataExportEnabled'),
    data_export_default_time: text('DataExportDefaultTime'),
    default_collapse_sidebar: flag('DefaultCollapseSidebar'),
    mj_notify_enabled: flag('MjNotifyEnabled'),
    chats: options.json<unknown[]>('Chats'),
    pay_methods: options.json<unknown[]>('PayMethods'),
    email_verification: flag('EmailVerificationEnabled'),
    register_enabled: flag('RegisterEnabled'),
    password_register_enabled: flag('PasswordRegisterEnabled'),
    password_login_enabled: flag('PasswordLoginEnabled'),
    turnstile_check: flag('TurnstileCheckEnabled'),
    turnstile_site_key: text('TurnstileSiteKey'),
    github_oauth: flag('GitHubOAuthEnabled'),
    github_client_id: text('GitHubClientId'),
    oidc_enabled: flag('oidc.enabled'),
    oidc_client_id: text('oidc.client_id'),
    oidc_authorization_endpoint: text('oidc.authorization_endpoint'),
    linuxdo_oauth: flag('LinuxDOOAuthEnabled'),
    linuxdo_client_id: text('LinuxDOClientId'),
    wechat_login: flag('WeChatAuthEnabled'),
    wechat_qrcode: text('WeChatAccountQRCodeImageURL'),
    telegram_oauth: flag('TelegramOAuthEnabled'),
    telegram_bot_name: text('TelegramBotName'),
    passkey_login: flag('passkey.enabled'),
    passkey_display_name: text('passkey.rp_display_name') || text('SystemName'),
    passkey_rp_id: text('passkey.rp_id'),
    passkey_origins: text('passkey.origins'),
    passkey_allow_insecure: flag('passkey.allow_insecure_origin'),
    passkey_user_verification: text('passkey.user_verification') || 'preferred',
    passkey_attachment: text('passkey.attachment_preference'),
    uptime_kuma_enabled: flag('console_setting.uptime_kuma_enabled'),
    version: facts.version,
    start_time: facts.startTime,
    node_name: facts.nodeName,
  };
}
