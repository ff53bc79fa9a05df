// What the API shows of a user: every field except the password hash and the access-token hash.
import type { UserRow } from '../db/schema';

/** A user as `/api` answers show it; `DeletedAt` mirrors new-api's soft-delete field (RFC 3339 or null). */
export type PublicUser = Omit<UserRow, 'password' | 'access_token'> & { DeletedAt: string | null };

/** Strips secrets from a user row and adds new-api's `DeletedAt`. */
export function toPublicUser(row: UserRow): PublicUser {
  const { password: _password, access_token: _accessToken, ...rest } = row;
  return { ...rest, DeletedAt: row.deleted_at === null ? null : new Date(row.deleted_at * 1000).toISOString() };
}
