// Complete `users` rows for tests that insert users directly into the database.
import type { NewUser } from '../../src/db/schema';
import { newUserRow } from '../../src/users/new-user-row';

let sequence = 0;

/** A complete `NewUser`: an ordinary active user with no quota, a fresh username and affiliate code per call, overridden by `fields`. */
export function userRow(fields: Partial<NewUser> = {}): NewUser {
  sequence += 1;
  return newUserRow({ username: `user${sequence}`, password: 'x', display_name: '', aff_code: `aff${sequence}`, setting: '{}', created_at: 0, ...fields });
}
