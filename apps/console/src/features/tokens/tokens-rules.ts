// Pure rules of the token page: quick picks, expiry shortcuts and parsing, batch count, status, payload (spec 001 §4, §5, §9).
import dayjs, { type Dayjs } from 'dayjs';
import { checkInput, problem, splitNameList, tokenCreateSchema, tokenFieldsSchema, TokenStatus, type Problem, type TokenCreateInput } from '@turnpike/contract';
import { formatCompactNumber, type QuotaDisplay } from '../../lib/quota-format';

/** Quota quick picks: $1, $10, $50, $100, $500, $1000 at 500 000 units per dollar. */
export const TokenQuotaPicks = [500000, 5000000, 25000000, 50000000, 250000000, 500000000] as const;

/** Quota of a new token. */
export const DefaultTokenQuota = 500000;

/** Batch-create count choices; any positive integer may be typed instead. */
export const TokenBatchCounts = [10, 20, 30, 100] as const;

/** Expiry shortcuts: never, one hour, one day, one month (30 days). */
export const ExpiryShortcuts = ['never', 'hour', 'day', 'month'] as const;

/** One expiry shortcut. */
export type ExpiryShortcut = (typeof ExpiryShortcuts)[number];

/** The expiry a shortcut sets, from `now`; null means never. */
export function expiryFromShortcut(shortcut: ExpiryShortcut, now: Dayjs): Dayjs | null {
  if (shortcut === 'hour') return now.add(1, 'hour');
  if (shortcut === 'day') return now.add(1, 'day');
  if (shortcut === 'month') return now.add(30, 'day');
  return null;
}

/** Expiry to Unix seconds: empty, null or -1 give -1 (never); an unparsable value gives null (expiry time format error). */
export function expiryToSeconds(value: Dayjs | string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '' || value === -1 || value === '-1') return -1;
  const parsed = typeof value === 'number' ? dayjs.unix(value) : dayjs(value);
  if (!parsed.isValid()) return null;
  return Math.ceil(parsed.valueOf() / 1000);
}

/** Expiry seconds to the picker value: -1 (or 0) is null (never). */
export function expiryFromSeconds(seconds: number): Dayjs | null {
  return seconds > 0 ? dayjs.unix(seconds) : null;
}

/** A batch count: a positive integer, else null. */
export function parseBatchCount(value: unknown): number | null {
  const text = String(value ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const count = Number.parseInt(text, 10);
  return count > 0 ? count : null;
}

/** The label of a quota quick pick: dollars when currency display is on ($1, $10…), else a compact count. */
export function quotaPickLabel(quota: number, display: QuotaDisplay): string {
  if (!display.displayInCurrency) return formatCompactNumber(quota);
  const dollars = quota / (display.quotaPerUnit > 0 ? display.quotaPerUnit : DefaultTokenQuota);
  return `$${Number(dollars.toFixed(2))}`;
}

/** How a token's status is shown. */
export type TokenStatusKey = 'enabled' | 'enabledWithLimits' | 'disabled' | 'expired' | 'exhausted' | 'unknown';

const statusKeys: Record<number, TokenStatusKey> = {
  [TokenStatus.Enabled]: 'enabled',
  [TokenStatus.Disabled]: 'disabled',
  [TokenStatus.Expired]: 'expired',
  [TokenStatus.Exhausted]: 'exhausted',
};

/** The status label of a token: enabled (or enabled with model limits), disabled, expired, exhausted. */
export function tokenStatusKey(token: { status: number; model_limits_enabled?: boolean }): TokenStatusKey {
  const key = statusKeys[token.status] ?? 'unknown';
  return key === 'enabled' && token.model_limits_enabled ? 'enabledWithLimits' : key;
}

/** Splits a comma-joined model list into names. */
export function modelLimitList(text: string | undefined): string[] {
  return splitNameList(text);
}

/** `sk-` + the first and last four characters, the middle hidden. */
export function maskTokenKey(key: string): string {
  if (key.length <= 8) return `sk-${key}`;
  return `sk-${key.slice(0, 4)}${'*'.repeat(8)}${key.slice(-4)}`;
}

/** The token form's values. */
export interface TokenFormValues {
  name?: string;
  remain_quota?: number | string | null;
  unlimited_quota?: boolean;
  expired_time?: Dayjs | null;
  model_limits?: string[];
  allow_ips?: string;
  group?: string;
  count?: string | number;
}

/** Body of POST /api/token/ (count only on create) and PUT /api/token/ (with id), as the shared schemas read it. */
export type TokenPayload = Omit<TokenCreateInput, 'count'> & { count?: number };

/** Builds the payload and checks it with the shared token schema; the expiry picker's value must parse first. */
export function buildTokenPayload(values: TokenFormValues, creating: boolean): { payload: TokenPayload } | { problem: Problem } {
  const expiry = expiryToSeconds(values.expired_time ?? null);
  if (expiry === null) return { problem: problem('token_expiry_invalid') };
  const models = splitNameList(values.model_limits ?? []);
  const fields = {
    name: values.name ?? '',
    remain_quota: values.remain_quota ?? 0,
    unlimited_quota: values.unlimited_quota === true,
    expired_time: expiry,
    model_limits_enabled: models.length > 0,
    model_limits: models.join(','),
    allow_ips: (values.allow_ips ?? '').trim(),
    group: values.group ?? '',
  };
  if (!creating) {
    const checked = checkInput(tokenFieldsSchema, fields);
    return checked.ok ? { payload: checked.value } : { problem: checked.problem };
  }
  // The count box takes free text: what is not a positive whole number reads as 0, which the schema refuses.
  const checked = checkInput(tokenCreateSchema, { ...fields, count: parseBatchCount(values.count ?? 1) ?? 0 });
  return checked.ok ? { payload: checked.value } : { problem: checked.problem };
}
