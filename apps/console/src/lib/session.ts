// The signed-in user kept in the local store under `user`, and role checks derived from it.
import { readJson, removeKey, StorageKeys, writeJson } from './storage';
import { useStoredValue } from './stored-value';
import { Role } from '@turnpike/contract';

/** The user object the login call returns and the console keeps locally. */
export interface SessionUser {
  id: number;
  username: string;
  display_name?: string;
  role: number;
  status?: number;
  group?: string;
  using_default_password?: boolean;
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const user = value as Partial<SessionUser>;
    if (typeof user.id !== 'number' || typeof user.username !== 'string') return null;
    return { ...user, id: user.id, username: user.username, role: Number(user.role ?? 0) };
  } catch {
    return null;
  }
}

/** Returns the stored user, or null when signed out. */
export function getStoredUser(): SessionUser | null {
  const user = readJson<unknown>(StorageKeys.user);
  return user === null ? null : parseUser(JSON.stringify(user));
}

/** The fields of new-api's login bundle that are not the user's own: never kept in the local store. */
const bundleFields = new Set(['access_token', 'token_type', 'access_expires_at', 'session', 'user']);

/** Stores the user returned by a login (its fields, bound accounts included), never the login's access token or session. */
export function storeUser(user: SessionUser): void {
  writeJson(StorageKeys.user, Object.fromEntries(Object.entries(user).filter(([key]) => !bundleFields.has(key))));
}

/** Forgets the stored user (logout, 401, account deletion). */
export function clearStoredUser(): void {
  removeKey(StorageKeys.user);
}

/** True when the user is an admin (role ≥ 10). */
export function isAdminUser(user: SessionUser | null): boolean {
  return user !== null && user.role >= Role.Admin;
}

/** True when the user is the super admin (role ≥ 100). */
export function isRootUser(user: SessionUser | null): boolean {
  return user !== null && user.role >= Role.Root;
}

/** The stored user as React state; null when signed out. */
export function useSessionUser(): SessionUser | null {
  return useStoredValue(StorageKeys.user, parseUser);
}

/** True for cached queries that belong to the signed-in user (everything except the public site status). */
export function isUserScopedQuery(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey[0] !== 'status';
}
