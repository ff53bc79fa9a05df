// The site status from GET /api/status, kept locally under `status` plus the derived keys the shell reads.
import type { OAuthStatusFields } from '@turnpike/contract';
import { readJson, removeKey, StorageKeys, writeJson, writeString } from './storage';
import { useStoredValue } from './stored-value';
import { DefaultLogo, DefaultSystemName } from './constants';

/** One configured chat link: a map of display name to link template. */
export type ChatLink = Record<string, string>;

/** The status object (spec 001 §3 plus the new-api fields the console reads). All fields optional. */
export interface SiteStatus extends OAuthStatusFields {
  setup?: boolean;
  system_name?: string;
  logo?: string;
  footer_html?: string;
  server_address?: string;
  docs_link?: string;
  top_up_link?: string;
  min_topup?: number;
  enable_online_topup?: boolean;
  default_use_auto_group?: boolean;
  self_use_mode_enabled?: boolean;
  demo_site_enabled?: boolean;
  price?: number;
  usd_exchange_rate?: number;
  quota_per_unit?: number;
  display_in_currency?: boolean;
  enable_drawing?: boolean;
  enable_task?: boolean;
  enable_data_export?: boolean;
  data_export_default_time?: string;
  default_collapse_sidebar?: boolean;
  mj_notify_enabled?: boolean;
  chats?: ChatLink[];
  pay_methods?: unknown[];
  email_verification?: boolean;
  turnstile_check?: boolean;
  turnstile_site_key?: string;
  wechat_login?: boolean;
  wechat_qrcode?: string;
  github_oauth?: boolean;
  oidc_enabled?: boolean;
  linuxdo_oauth?: boolean;
  telegram_oauth?: boolean;
  telegram_bot_name?: string;
  passkey_login?: boolean;
  version?: string;
  start_time?: number;
}

function writeOptional(key: Parameters<typeof writeString>[0], value: unknown): void {
  if (value === undefined || value === null) removeKey(key);
  else writeString(key, String(value));
}

/** Stores the status and the derived keys (system name, logo, footer, flags, chats, …) like new-api does. */
export function applySiteStatus(status: SiteStatus): void {
  writeOptional(StorageKeys.systemName, status.system_name);
  writeOptional(StorageKeys.logo, status.logo);
  writeOptional(StorageKeys.footerHtml, status.footer_html);
  writeOptional(StorageKeys.quotaPerUnit, status.quota_per_unit);
  writeOptional(StorageKeys.displayInCurrency, status.display_in_currency);
  writeOptional(StorageKeys.enableDrawing, status.enable_drawing);
  writeOptional(StorageKeys.enableTask, status.enable_task);
  writeOptional(StorageKeys.enableDataExport, status.enable_data_export);
  writeOptional(StorageKeys.dataExportDefaultTime, status.data_export_default_time);
  writeOptional(StorageKeys.defaultCollapseSidebar, status.default_collapse_sidebar);
  writeOptional(StorageKeys.mjNotifyEnabled, status.mj_notify_enabled);
  writeJson(StorageKeys.chats, Array.isArray(status.chats) ? status.chats : []);
  writeJson(StorageKeys.payMethods, Array.isArray(status.pay_methods) ? status.pay_methods : []);
  if (status.docs_link) writeString(StorageKeys.docsLink, status.docs_link);
  else removeKey(StorageKeys.docsLink);
  writeJson(StorageKeys.status, status);
}

/** Records in the stored status that first-run setup is done (the server said so), so no page sends the visitor back to /setup. */
export function markSetupDone(): void {
  const stored = getStoredStatus();
  if (stored?.setup !== true) applySiteStatus({ ...(stored ?? {}), setup: true });
}

/** Returns the stored status, or null before the first successful load. */
export function getStoredStatus(): SiteStatus | null {
  return readJson<SiteStatus>(StorageKeys.status);
}

function parseStatus(raw: string | null): SiteStatus | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as SiteStatus) : null;
  } catch {
    return null;
  }
}

const emptyStatus: SiteStatus = {};

/** The stored status as React state; an empty object before the first load. */
export function useSiteStatus(): SiteStatus {
  return useStoredValue(StorageKeys.status, parseStatus) ?? emptyStatus;
}

/** True once a status has been stored at least once. */
export function useHasSiteStatus(): boolean {
  return useStoredValue(StorageKeys.status, parseStatus) !== null;
}

/** The system name to show, falling back to the product name. */
export function systemNameOf(status: SiteStatus): string {
  return status.system_name || DefaultSystemName;
}

/** The logo address to show, falling back to the bundled logo. */
export function logoOf(status: SiteStatus): string {
  return status.logo || DefaultLogo;
}

/** Parses the stored chats list (list of name → link maps); invalid data gives null. */
export function parseChats(raw: string | null): ChatLink[] | null {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return value.filter((item): item is ChatLink => typeof item === 'object' && item !== null);
  } catch {
    return null;
  }
}
