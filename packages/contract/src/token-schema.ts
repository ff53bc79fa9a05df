// API token input (spec 001 §5 token form): the create and update bodies of /api/token/, shared by the server and the console form.
import { z } from 'zod';
import { TokenStatus } from './enums';
import { idField } from './input-fields';
import { isValidAllowList } from './ip-allow-list';

/** Longest token name. */
export const tokenNameMax = 30;
/** Most tokens one create makes. */
export const tokenBatchMax = 100;

const integer = z.coerce.number().int('not_integer');
const quota = z.coerce.number().int('token_quota_not_integer').min(0, 'token_quota_negative');
const count = z.coerce.number().int('token_count_not_integer').min(1, 'token_count_invalid').max(tokenBatchMax, 'token_count_too_many');

/** Every field a user sets on a token (the edit form sends them all; an update body may name any of them). */
export const tokenFieldsSchema = z.object({
  name: z.string().trim().max(tokenNameMax, 'token_name_too_long'),
  remain_quota: quota,
  expired_time: integer.refine((value) => value === -1 || value > 0, 'token_expiry_invalid'),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.string(),
  allow_ips: z.string().refine(isValidAllowList, 'token_allow_ips_invalid'),
  group: z.string().trim(),
});

/** Create body: the fields with their defaults plus an optional batch count. */
export const tokenCreateSchema = z.object({
  name: tokenFieldsSchema.shape.name.min(1, 'token_name_required'),
  remain_quota: tokenFieldsSchema.shape.remain_quota.default(0),
  expired_time: tokenFieldsSchema.shape.expired_time.default(-1),
  unlimited_quota: tokenFieldsSchema.shape.unlimited_quota.default(false),
  model_limits_enabled: tokenFieldsSchema.shape.model_limits_enabled.default(false),
  model_limits: tokenFieldsSchema.shape.model_limits.default(''),
  allow_ips: tokenFieldsSchema.shape.allow_ips.default(''),
  group: tokenFieldsSchema.shape.group.default(''),
  count: count.default(1),
});

/** A parsed create body. */
export type TokenCreateInput = z.infer<typeof tokenCreateSchema>;

/** Update body: id plus the fields to change, or (status_only) a status. */
export const tokenUpdateSchema = tokenFieldsSchema.partial().extend({
  id: integer.positive('id_required'),
  status: integer.refine((value) => value === TokenStatus.Enabled || value === TokenStatus.Disabled, 'status_enable_disable').optional(),
});

/** A parsed update body. */
export type TokenUpdateInput = z.infer<typeof tokenUpdateSchema>;

/** The `:id` of a token route. */
export const tokenIdParamsSchema = z.object({ id: idField('token_id_invalid') });

/** Normalises a comma-joined model list: trimmed, without empties or duplicates. */
export function normaliseModelList(text: string): string {
  return [...new Set(text.split(',').map((model) => model.trim()).filter(Boolean))].join(',');
}
