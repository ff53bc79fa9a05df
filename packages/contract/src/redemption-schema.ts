// Redemption code input (spec 001 §5 Redemption): the admin create/update bodies and the redeem body, shared by server and console.
import { z } from 'zod';
import { RedemptionStatus } from './enums';
import { idField } from './input-fields';

/** Quota of a new code. */
export const defaultRedemptionQuota = 100000;
/** Codes created per batch, and name length. */
export const redemptionLimits = { countMax: 100, nameMax: 20 } as const;

const integer = z.coerce.number().int('not_integer');
const name = z.string().trim().min(1, 'redemption_name_length').max(redemptionLimits.nameMax, 'redemption_name_length');
const quota = z.coerce.number().int('redemption_quota_not_integer').min(1, 'redemption_quota_invalid');

/** Create body: a batch of `count` codes worth `quota` each. */
export const redemptionCreateSchema = z.object({
  name,
  quota: quota.default(defaultRedemptionQuota),
  count: z.coerce.number().int('redemption_count_not_integer').min(1, 'redemption_count_invalid').max(redemptionLimits.countMax, 'redemption_count_too_many').default(1),
  expired_time: integer.min(0).default(0),
});

/** A parsed create body. */
export type RedemptionCreateInput = z.infer<typeof redemptionCreateSchema>;

/** Update body: id plus name/quota/expiry, or (status_only) a status. */
export const redemptionUpdateSchema = z.object({
  id: integer.positive('id_required'),
  name: name.optional(),
  quota: quota.optional(),
  expired_time: integer.min(0).optional(),
  status: integer.refine((value) => value === RedemptionStatus.Unused || value === RedemptionStatus.Disabled, 'status_enable_disable').optional(),
});

/** A parsed update body. */
export type RedemptionUpdateInput = z.infer<typeof redemptionUpdateSchema>;

/** The `:id` of a redemption route. */
export const redemptionIdParamsSchema = z.object({ id: idField('redemption_id_invalid') });

/** Redeem body of POST /api/user/topup. */
export const redeemSchema = z.object({
  key: z.string('redemption_key_required').trim().min(1, 'redemption_key_required'),
});
