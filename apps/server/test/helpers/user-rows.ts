// Complete `users` rows for tests that insert users directly into the database.
import type { NewUser } from '../../src/db/schema';

let sequence = 0;

/** A complete `NewUser`: an ordinary active user with no quota, a fresh username and affiliate code per call, overridden by `fields`. */
export function userRow(fields: Partial<NewUser> = {}): NewUser {
  sequence += 1;
  return {
    username: `user${sequence}`,
    password: 'x',
    display_name: '',
    role: 1,
    status: 1,
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
    aff_code: `aff${sequence}`,
    aff_count: 0,
    aff_quota: 0,
    aff_history_quota: 0,
    inviter_id: 0,
    setting: '{}',
    created_at: 0,
    deleted_at: null,
    ...fields,
  };
}
