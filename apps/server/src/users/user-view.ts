// What the API shows of a user: every field except the password hash and the access-token hash.
import type { UserRow } from '../db/schema';

/** A user as `/api` answers show it; `DeletedAt` mirrors new-api's soft-delete field (RFC 3339 or null). */
export type PublicUser = Omit<UserRow, 'password' | 'access_token'> & { DeletedAt: string | null };

/** Strips secrets from a user row and adds new-api's `DeletedAt`. */
export function toPublicUser(row: UserRow): PublicUser {
  const { password: _password, access_token: _accessToken, ...rest } = row;
  return { ...rest, DeletedAt: row.deleted_at === null ? null : new Date(row.deleted_at * 1000).toISOString() };
}

/** Setting keys that hold a user's secrets (the webhook signing secret, and any later token or password). */
const secretSettingKey = /secret|token|password/i;

/** A user as another user (an admin) sees it: `toPublicUser` with the secrets of its setting JSON left out. */
export function toUserViewForAdmin(row: UserRow): PublicUser {
  const view = toPublicUser(row);
  if (!row.setting) return view;
  try {
    const setting: unknown = JSON.parse(row.setting);
    if (setting === null || typeof setting !== 'object' || Array.isArray(setting)) return view;
    const kept = Object.fromEntries(Object.entries(setting).filter(([key]) => !secretSettingKey.test(key)));
    return { ...view, setting: JSON.stringify(kept) };
  } catch {
    return { ...view, setting: '' };
  }
}
