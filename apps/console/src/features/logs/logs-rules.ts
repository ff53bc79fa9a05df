// Pure rules of the usage log page: the `other` JSON, time tags, retry chains, the cost formula, the default window.
import { LogType } from '@turnpike/contract';

/** The fields of a log record's `other` JSON the page reads (spec 001 §3); every field is optional. */
export interface LogOther {
  model_ratio?: number;
  model_price?: number;
  completion_ratio?: number;
  group_ratio?: number;
  /** An exclusive ratio for the user's group; -1 or absent when none applies. */
  user_group_ratio?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
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

/** True when the record was billed per call: a fixed model price (ratio-mode records log model_price -1). */
export function isPriceMode(other: LogOther): boolean {
  return other.model_price !== undefined && other.model_price >= 0;
}

/** Formats a number for formula text: at most 6 decimals, no trailing zeros. */
export function formatFormulaNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return String(Number.parseFloat(value.toFixed(6)));
}

/** The numbers of a consumption record needed for its formula. */
export interface FormulaInput {
  promptTokens: number;
  completionTokens: number;
  quota: number;
  quotaPerUnit: number;
  other: LogOther;
}

/** The formula of a record: which mode, the numeric text and the dollar amount of the logged quota. */
export interface CostFormula {
  mode: 'ratio' | 'price';
  /** Has cache read or cache creation terms. */
  withCache: boolean;
  /** e.g. "(10 + 20 × 4) × 2.5 × 1 = 225" or "$0.04 × 1 = $0.04". */
  numeric: string;
  dollars: number;
}

/**
 * Builds the cost formula with the record's numbers.
 * Ratio mode: (prompt − cached − created + cached × cache ratio + created × creation ratio + completion × completion ratio)
 * × model ratio × group ratio = quota. Price mode: model price × group ratio = dollars.
 */
export function buildCostFormula(input: FormulaInput): CostFormula {
  const { other, quota } = input;
  const group = billedGroupRatio(other).ratio;
  const perUnit = input.quotaPerUnit > 0 ? input.quotaPerUnit : 500000;
  const dollars = quota / perUnit;
  const n = formatFormulaNumber;
  if (isPriceMode(other)) {
    const price = other.model_price ?? 0;
    return { mode: 'price', withCache: false, numeric: `$${n(price)} × ${n(group)} = $${n(price * group)}`, dollars };
  }
  const cached = other.cache_tokens ?? 0;
  const created = other.cache_creation_tokens ?? 0;
  const withCache = cached > 0 || created > 0;
  const terms = [String(Math.max(0, input.promptTokens - cached - created))];
  if (cached > 0) terms.push(`${cached} × ${n(other.cache_ratio ?? 1)}`);
  if (created > 0) terms.push(`${created} × ${n(other.cache_creation_ratio ?? 1)}`);
  terms.push(`${input.completionTokens} × ${n(other.completion_ratio ?? 1)}`);
  const numeric = `(${terms.join(' + ')}) × ${n(other.model_ratio ?? 0)} × ${n(group)} = ${quota}`;
  return { mode: 'ratio', withCache, numeric, dollars };
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
