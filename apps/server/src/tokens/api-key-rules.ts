// Status rules of API tokens (the input schemas are @turnpike/contract's): the status a token has now, and why it may not be enabled.
import { TokenStatus } from '@turnpike/contract';
import type { ApiKeyRow } from '../db/schema';

/** The status a token has right now: expired or exhausted override an enabled flag. */
export function effectiveStatus(row: Pick<ApiKeyRow, 'status' | 'expired_time' | 'remain_quota' | 'unlimited_quota'>, nowSeconds: number): number {
  if (row.status !== TokenStatus.Enabled) return row.status;
  if (row.expired_time !== -1 && row.expired_time <= nowSeconds) return TokenStatus.Expired;
  if (!row.unlimited_quota && row.remain_quota <= 0) return TokenStatus.Exhausted;
  return TokenStatus.Enabled;
}

/** Why a token may not be enabled now, or null when it may. */
export function enableRefusal(row: Pick<ApiKeyRow, 'expired_time' | 'remain_quota' | 'unlimited_quota'>, nowSeconds: number): string | null {
  if (row.expired_time !== -1 && row.expired_time <= nowSeconds) {
    return 'the token has expired and cannot be enabled; change its expiry time or set it to never expire first';
  }
  if (!row.unlimited_quota && row.remain_quota <= 0) {
    return 'the token quota is used up and cannot be enabled; change its remaining quota or make it unlimited first';
  }
  return null;
}
