// Claims on external accounts: a primary key per (source, external id), so one of several concurrent sign-ups or binds
// of the same account wins on every engine; the users' binding columns stay the record of who is bound.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import type { BindingColumn } from './identity-source';

/** A sign-up's claim that never got its user (the instance died mid-way) is given up after this many seconds. */
export const abandonedClaimSeconds = 60;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Inserts the claim; false when another holds it (an abandoned sign-up's claim is taken over). */
export async function claimExternalAccount(db: Kysely<Database>, source: BindingColumn, externalId: string, userId: number): Promise<boolean> {
  const insert = () => db.insertInto('external_account_claims').values({ source, external_id: externalId, user_id: userId, claimed_at: nowSeconds() }).execute();
  try {
    await insert();
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const abandoned = await db
    .deleteFrom('external_account_claims')
    .where('source', '=', source)
    .where('external_id', '=', externalId)
    .where('user_id', '=', 0)
    .where('claimed_at', '<', nowSeconds() - abandonedClaimSeconds)
    .executeTakeFirst();
  if (Number(abandoned.numDeletedRows) === 0) return false;
  try {
    await insert();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Records the user a sign-up's claim was for. */
export async function assignClaim(db: Kysely<Database>, source: BindingColumn, externalId: string, userId: number): Promise<void> {
  await db.updateTable('external_account_claims').set({ user_id: userId }).where('source', '=', source).where('external_id', '=', externalId).execute();
}

/** Drops a claim (a failed sign-up, or the account a user rebinds away from). */
export async function releaseClaim(db: Kysely<Database>, source: BindingColumn, externalId: string): Promise<void> {
  await db.deleteFrom('external_account_claims').where('source', '=', source).where('external_id', '=', externalId).execute();
}

/** The user id a claim names (0 while its sign-up runs), or undefined when unclaimed. */
export async function claimHolder(db: Kysely<Database>, source: BindingColumn, externalId: string): Promise<number | undefined> {
  const row = await db.selectFrom('external_account_claims').select('user_id').where('source', '=', source).where('external_id', '=', externalId).executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}
