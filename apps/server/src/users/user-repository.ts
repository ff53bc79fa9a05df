// User queries: lookups, listing and search, and the atomic balance moves on the users table.
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect';
import { insertWithId } from '../db/insert-with-id';
import { likeContains } from '../db/like-pattern';
import type { Database, NewUser, UserRow, UserUpdate } from '../db/schema';

type Db = Kysely<Database>;

/** One page of users plus the total matching. */
export interface UserPage {
  items: UserRow[];
  total: number;
}

/** A user by id; deleted (deactivated) users only when `includeDeleted`. */
export async function findUserById(db: Db, id: number, includeDeleted = false): Promise<UserRow | undefined> {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (!includeDeleted) query = query.where('deleted_at', 'is', null);
  return query.executeTakeFirst();
}

/** The live user whose username, or else whose email, equals `identifier`. */
export async function findUserForLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const live = db.selectFrom('users').selectAll().where('deleted_at', 'is', null);
  const byName = await live.where('username', '=', identifier).executeTakeFirst();
  if (byName || !identifier.includes('@')) return byName;
  return live.where('email', '=', identifier).orderBy('id').executeTakeFirst();
}

/** True when any user, deleted ones included, has the username (other than `exceptId`). */
export async function isUsernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('username', '=', username);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** True when any user, deleted ones included, has the email. */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

/** The live user with this email (the oldest when several share it). */
export async function findLiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).where('deleted_at', 'is', null).orderBy('id').executeTakeFirst();
}

/** True when the affiliate code is already used by a user. */
export async function isAffCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('aff_code', '=', code).executeTakeFirst()) !== undefined;
}

/** The live user owning an affiliate code. */
export async function findUserByAffCode(db: Db, code: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('aff_code', '=', code).where('deleted_at', 'is', null).executeTakeFirst();
}

/** All users, deleted included, newest first. */
export async function listUsers(db: Db, offset: number, limit: number): Promise<UserPage> {
  const [items, total] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.count) };
}

/** Users whose id equals, or whose username, display name or email contains, the keyword; optionally in one group. */
export async function searchUsers(db: Db, keyword: string, group: string, offset: number, limit: number): Promise<UserPage> {
  let base = db.selectFrom('users');
  if (keyword) {
    const id = /^\d+$/.test(keyword) ? Number(keyword) : -1;
    base = base.where((eb) =>
      eb.or([eb('id', '=', id), likeContains('username', keyword), likeContains('display_name', keyword), likeContains('email', keyword)]),
    );
  }
  if (group) base = base.where('group', '=', group);
  const [items, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.count) };
}

/** Inserts a user and returns the new id. */
export function insertUser(handle: DatabaseHandle, values: NewUser): Promise<number> {
  return insertWithId(handle, 'users', values);
}

/** Updates fields of a live user; returns false when no live user has the id. */
export async function updateUser(db: Db, id: number, values: UserUpdate): Promise<boolean> {
  const result = await db.updateTable('users').set(values).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deactivates a user for good: sets deleted_at and drops the access token; false when already deleted. */
export async function softDeleteUser(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deleted_at: Math.floor(Date.now() / 1000), access_token: null })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds quota to a user's balance in one statement. */
export async function addQuota(db: Db, id: number, amount: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ quota: eb('quota', '+', amount) })).where('id', '=', id).execute();
}

/** Credits an inviter: one more invitee and `reward` added to the remaining and the historical affiliate quota. */
export async function creditInviter(db: Db, inviterId: number, reward: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      aff_count: eb('aff_count', '+', 1),
      aff_quota: eb('aff_quota', '+', reward),
      aff_history_quota: eb('aff_history_quota', '+', reward),
    }))
    .where('id', '=', inviterId)
    .execute();
}

/** Moves `amount` from affiliate quota to quota in one conditional statement; false when the affiliate quota is short. */
export async function transferAffQuota(db: Db, id: number, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ aff_quota: eb('aff_quota', '-', amount), quota: eb('quota', '+', amount) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('aff_quota', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Distinct model names of enabled abilities in the given groups, sorted. */
export async function modelsOfGroups(db: Db, groups: string[]): Promise<string[]> {
  if (groups.length === 0) return [];
  const rows = await db.selectFrom('abilities').select('model').distinct().where('group', 'in', groups).where('enabled', '=', 1).orderBy('model').execute();
  return rows.map((row) => row.model);
}
