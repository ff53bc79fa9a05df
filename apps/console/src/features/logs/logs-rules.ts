// Pure rules of the usage log page: the `other` JSON, time tags, retry chains, the billing breakdown, the default window.
// The cost formula itself is written once, in @turnpike/contract (billing-formula.ts), from the breakdown.
import { breakdownFromLegacyFields, LogType, readBillingBreakdown, type BillingBreakdownRow, type LegacyBillingFields } from '@turnpike/contract';

/** The fields of a log record's `other` JSON the page reads (spec 001 §3); every field is optional. */
export interface LogOther extends LegacyBillingFields {
  group_ratio?: number;
  /** An exclusive ratio for the user's group; -1 or absent when none applies. */
  user_group_ratio?: number;
  /** The rows the relay billed (records written before breakdowns have none). */
  billing_breakdown?: BillingBreakdownRow[];
  /** Quota the balance could not cover: the breakdown adds up to `quota` plus this. */
  unbilled_quota?: number;
  /** First-token time in milliseconds. */
  frt?: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  /** Channel ids tried, in order (admin only). */
  useChannel?: number[];
  reasoning_effort?: string;
  warnings?: string[];
}

const numberFields = [
  'model_ratio',
  'model_price',
  'completion_ratio',
  'group_ratio',
  'user_group_ratio',
  'cache_tokens',
  'cache_ratio',
  'cache_creation_tokens',
  'cache_creation_ratio',
  'frt',
  'unbilled_quota',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses the `other` text; anything that is not a JSON object gives an empty object. */
export function parseLogOther(text: string | null | undefined): LogOther {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const other: LogOther = {};
  for (const field of numberFields) {
    const raw = value[field];
    if (typeof raw === 'number' && Number.isFinite(raw)) other[field] = raw;
  }
  const breakdown = readBillingBreakdown(value.billing_breakdown);
  if (breakdown) other.billing_breakdown = breakdown;
  if (typeof value.is_model_mapped === 'boolean') other.is_model_mapped = value.is_model_mapped;
  if (typeof value.upstream_model_name === 'string') other.upstream_model_name = value.upstream_model_name;
  if (typeof value.reasoning_effort === 'string' && value.reasoning_effort) other.reasoning_effort = value.reasoning_effort;
  if (Array.isArray(value.warnings)) other.warnings = value.warnings.filter((item): item is string => typeof item === 'string');
  const adminInfo = value.admin_info;
  if (isRecord(adminInfo) && Array.isArray(adminInfo.use_channel)) {
    other.useChannel = adminInfo.use_channel.map(Number).filter((id) => Number.isFinite(id));
  }
  return other;
}

/** A tag colour of the time tags. */
export type TimeTagColor = 'green' | 'orange' | 'red';

/** Latency tag colour (use_time in seconds): under 101 green, under 300 orange, else red (spec 001 §4). */
export function latencyColor(seconds: number): TimeTagColor {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** First-token tag colour (frt in milliseconds): under 3 s green, under 10 s orange, else red (spec 001 §4). */
export function firstTokenColor(milliseconds: number): TimeTagColor {
  const seconds = milliseconds / 1000;
  if (seconds < 3) return 'green';
  if (seconds < 10) return 'orange';
  return 'red';
}

/** The retry chain "1 → 3" when more than one channel was tried, else null. */
export function retryChain(useChannel: readonly number[] | undefined): string | null {
  if (!useChannel || useChannel.length < 2) return null;
  return useChannel.join(' → ');
}

/** The log types of the type selector and their tag colours (0 = all, selector only). */
export const logTypeOptions = [
  { value: LogType.All, key: 'all', color: 'default' },
  { value: LogType.Topup, key: 'topup', color: 'cyan' },
  { value: LogType.Consume, key: 'consume', color: 'lime' },
  { value: LogType.Manage, key: 'manage', color: 'orange' },
  { value: LogType.System, key: 'system', color: 'purple' },
  { value: LogType.Error, key: 'error', color: 'red' },
] as const;

/** The key of a log type (for its label), or `unknown`. */
export type LogTypeKey = (typeof logTypeOptions)[number]['key'] | 'unknown';

/** The label key and colour of a record's type. */
export function logTypeInfo(type: number): { key: LogTypeKey; color: string } {
  const found = logTypeOptions.find((option) => option.value === type && option.value !== LogType.All);
  return found ? { key: found.key, color: found.color } : { key: 'unknown', color: 'default' };
}

/** The group ratio billed: the exclusive user-group ratio when one applied, else the group ratio. */
export function billedGroupRatio(other: LogOther): { ratio: number; exclusive: boolean } {
  if (other.user_group_ratio !== undefined && other.user_group_ratio >= 0) return { ratio: other.user_group_ratio, exclusive: true };
  return { ratio: other.group_ratio ?? 1, exclusive: false };
}

/** A consumption record's numbers its breakdown is read from. */
export interface BreakdownRecord {
  prompt_tokens: number;
  completion_tokens: number;
  quota: number;
}

/**
 * The billing rows of a consumption record: the ones the relay logged, or, for records written before breakdowns, the
 * rows derived from the legacy ratio fields (the only place the page derives them), over the quota billed.
 */
export function recordBreakdown(record: BreakdownRecord, other: LogOther, quotaPerUnit: number): BillingBreakdownRow[] {
  if (other.billing_breakdown) return other.billing_breakdown;
  const perUnit = quotaPerUnit > 0 ? quotaPerUnit : 500000;
  return breakdownFromLegacyFields(other, { promptTokens: record.prompt_tokens, completionTokens: record.completion_tokens, quota: record.quota + (other.unbilled_quota ?? 0), quotaPerUnit: perUnit });
}

/** The default query window: from the start of today (local time) to one hour from now, in seconds. */
export function defaultLogWindow(now: Date = new Date()): { start: number; end: number } {
  const startOfDay = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { start: Math.floor(startOfDay.getTime() / 1000), end: Math.floor(now.getTime() / 1000) + 3600 };
}

/** A column of the log table that can be hidden. */
export const logColumnKeys = [
  'created_at',
  'channel',
  'username',
  'token_name',
  'group',
  'type',
  'model_name',
  'use_time',
  'is_stream',
  'prompt_tokens',
  'completion_tokens',
  'quota',
  'retry',
  'content',
] as const;

/** One hideable column key. */
export type LogColumnKey = (typeof logColumnKeys)[number];

/** Columns only admins see. */
export const adminLogColumns: readonly LogColumnKey[] = ['channel', 'username', 'retry'];

/** Column visibility: every column on unless the stored map turns it off. */
export type LogColumnVisibility = Record<LogColumnKey, boolean>;

/** Reads the stored `logs-table-columns` JSON (key → boolean); unknown keys are ignored, missing keys are shown. */
export function parseColumnVisibility(raw: string | null): LogColumnVisibility {
  const visibility = Object.fromEntries(logColumnKeys.map((key) => [key, true])) as LogColumnVisibility;
  if (!raw) return visibility;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value)) return visibility;
    for (const key of logColumnKeys) {
      if (typeof value[key] === 'boolean') visibility[key] = value[key];
    }
  } catch {
    return visibility;
  }
  return visibility;
}

/** Whether a record has a cost breakdown or other details to expand. */
export function hasExpandableDetails(record: { type: number; content: string; other: string }): boolean {
  return record.type === LogType.Consume || record.type === LogType.Error || record.content !== '' || parseLogOther(record.other).warnings !== undefined;
}
