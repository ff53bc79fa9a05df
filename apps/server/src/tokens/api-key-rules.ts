// Input rules for API tokens: the create/update payload, IP allow-lists, model limits and status transitions.
import net from 'node:net';
import { TokenStatus } from '@turnpike/contract';
import { z } from 'zod';
import type { ApiKeyRow } from '../db/schema';

/** True when every non-empty line is an IPv4/IPv6 address or CIDR block. */
export function isValidAllowList(text: string): boolean {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .every((line) => {
      const [address, prefix, extra] = line.split('/');
      const family = net.isIP(address);
      if (family === 0 || extra !== undefined) return false;
      if (prefix === undefined) return true;
      if (!/^\d+$/.test(prefix)) return false;
      return Number(prefix) <= (family === 4 ? 32 : 128);
    });
}

const integer = z.coerce.number().int('must be an integer');

/** Fields a user sets on a token, each optional (an update changes only what it names). */
const apiKeyFields = z.object({
  name: z.string().trim().max(30, 'token name is too long (at most 30 characters)'),
  remain_quota: integer.min(0, 'remain_quota must not be negative'),
  expired_time: integer.refine((value) => value === -1 || value > 0, 'expiry time format error'),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.string(),
  allow_ips: z.string().refine(isValidAllowList, 'allow_ips: each line must be an IP address or a CIDR block'),
  group: z.string().trim(),
});

/** Create payload: the fields with their defaults plus an optional batch count. */
export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, 'please enter a token name').max(30, 'token name is too long (at most 30 characters)'),
  remain_quota: apiKeyFields.shape.remain_quota.default(0),
  expired_time: apiKeyFields.shape.expired_time.default(-1),
  unlimited_quota: apiKeyFields.shape.unlimited_quota.default(false),
  model_limits_enabled: apiKeyFields.shape.model_limits_enabled.default(false),
  model_limits: apiKeyFields.shape.model_limits.default(''),
  allow_ips: apiKeyFields.shape.allow_ips.default(''),
  group: apiKeyFields.shape.group.default(''),
  count: integer.min(1, 'the batch count must be a positive integer').max(100, 'at most 100 tokens per batch').default(1),
});

/** Update payload: id plus the fields to change, or (status_only) a status. */
export const apiKeyUpdateSchema = apiKeyFields.partial().extend({
  id: integer.positive('id is required'),
  status: integer.refine((value) => value === TokenStatus.Enabled || value === TokenStatus.Disabled, 'status must be 1 or 2').optional(),
});

/** Normalises a comma-joined model list: trimmed, without empties or duplicates. */
export function normaliseModelList(text: string): string {
  return [...new Set(text.split(',').map((model) => model.trim()).filter(Boolean))].join(',');
}

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
