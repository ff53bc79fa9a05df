// Admin user input (spec 000 §4, §7): the create, update and manage bodies of /api/user/, shared by server and console.
import { z } from 'zod';
import { UserManageActions } from './enums';
import { idField } from './input-fields';

/** Longest group name a user may be put in. */
export const userGroupMax = 64;

const userId = z.number('user_id_invalid').int('user_id_invalid').positive('user_id_invalid');

/** Create body: username and password are required (their length rules are the account rules'). */
export const userCreateSchema = z
  .object({
    username: z.string().default(''),
    display_name: z.string().default(''),
    password: z.string().default(''),
    role: z.number().int().optional(),
  })
  .refine((input) => input.username.trim() !== '' && input.password !== '', 'user_credentials_required');

/** A parsed create body. */
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** Update body: id plus the fields to change. */
export const userUpdateSchema = z.object({
  id: userId,
  username: z.string().optional(),
  display_name: z.string().optional(),
  password: z.string().optional(),
  group: z.string().trim().min(1, 'user_group_invalid').max(userGroupMax, 'user_group_invalid').optional(),
  quota: z.number('user_quota_not_number').int('user_quota_not_integer').optional(),
});

/** A parsed update body. */
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** Body of POST /api/user/manage. */
export const userManageSchema = z.object({
  id: userId,
  action: z.enum(UserManageActions, 'user_action_invalid'),
});

/** The `:id` of a user route. */
export const userIdParamsSchema = z.object({ id: idField('user_id_invalid') });
