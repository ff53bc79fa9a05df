// The one place a complete `users` row is spelled out: registration, admin creation, first-run setup (and tests).
import { Role, UserStatus } from '@turnpike/contract';
import type { NewUser } from '../db/schema';

/** What every new user row must be given; everything else has a default. */
export type NewUserFields = Pick<NewUser, 'username' | 'password' | 'aff_code' | 'created_at'> & Partial<NewUser>;

/** A complete row for a new user: an ordinary, enabled user in the default group with no quota, unless `fields` say otherwise. */
export function newUserRow(fields: NewUserFields): NewUser {
  return {
    display_name: fields.username,
    role: Role.Common,
    status: UserStatus.Enabled,
    email: '',
    github_id: '',
    oidc_id: '',
    wechat_id: '',
    telegram_id: '',
    linux_do_id: '',
    access_token: null,
    quota: 0,
    used_quota: 0,
    request_count: 0,
    group: 'default',
    aff_count: 0,
    aff_quota: 0,
    aff_history_quota: 0,
    inviter_id: 0,
    setting: '',
    deleted_at: null,
    ...fields,
  };
}
