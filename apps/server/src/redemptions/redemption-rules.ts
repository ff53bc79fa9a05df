// Input rules for redemption codes (spec 001 §5 Redemption).
import { RedemptionStatus } from '@turnpike/contract';
import { z } from 'zod';

const integer = z.coerce.number().int('must be an integer');
const name = z.string().trim().min(1, 'the name must be 1 to 20 characters').max(20, 'the name must be 1 to 20 characters');

/** Create payload: a batch of `count` codes worth `quota` each. */
export const redemptionCreateSchema = z.object({
  name,
  quota: integer.min(1, 'quota must be a positive integer').default(100000),
  count: integer.min(1, 'the quantity must be greater than 0').max(100, 'at most 100 codes per batch').default(1),
  expired_time: integer.min(0).default(0),
});

/** Update payload: id plus name/quota/expiry, or (status_only) a status. */
export const redemptionUpdateSchema = z.object({
  id: integer.positive('id is required'),
  name: name.optional(),
  quota: integer.min(1, 'quota must be a positive integer').optional(),
  expired_time: integer.min(0).optional(),
  status: integer.refine((value) => value === RedemptionStatus.Unused || value === RedemptionStatus.Disabled, 'status must be 1 or 2').optional(),
});

/** Redeem payload of POST /api/user/topup. */
export const redeemSchema = z.object({
  key: z.string({ error: 'please enter the redemption code' }).trim().min(1, 'please enter the redemption code'),
});
