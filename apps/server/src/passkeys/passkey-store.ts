// A user's one passkey: its row, as a WebAuthn credential, and its updates after each use.
import type { WebAuthnCredential } from '@simplewebauthn/server';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeyCredentialsTable } from '../db/schema';

/** A stored passkey. */
export type PasskeyRow = Selectable<PasskeyCredentialsTable>;

/** The user's passkey, if any. */
export function findPasskey(db: Kysely<Database>, userId: number): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkey_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The passkey with this credential id (a discoverable sign-in names only the credential). */
export function findPasskeyByCredential(db: Kysely<Database>, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkey_credentials').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** The row as the library's credential. */
export function asCredential(row: PasskeyRow): WebAuthnCredential {
  return {
    id: row.credential_id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
    counter: Number(row.sign_count),
    transports: row.transports ? (row.transports.split(',') as WebAuthnCredential['transports']) : undefined,
  };
}

/** Stores the user's passkey, replacing an older one (one per user). */
export async function savePasskey(db: Kysely<Database>, userId: number, credential: WebAuthnCredential, flags: { backupEligible: boolean; backedUp: boolean }, nowSeconds: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('passkey_credentials').where('user_id', '=', userId).execute();
    await trx
      .insertInto('passkey_credentials')
      .values({
        user_id: userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        sign_count: credential.counter,
        transports: (credential.transports ?? []).join(','),
        backup_eligible: flags.backupEligible ? 1 : 0,
        backup_state: flags.backedUp ? 1 : 0,
        created_at: nowSeconds,
      })
      .execute();
  });
}

/** Records an assertion: the new sign count, the backup state and when it was used. */
export async function recordPasskeyUse(db: Kysely<Database>, userId: number, counter: number, backedUp: boolean, nowSeconds: number): Promise<void> {
  await db.updateTable('passkey_credentials').set({ sign_count: counter, backup_state: backedUp ? 1 : 0, last_used_at: nowSeconds }).where('user_id', '=', userId).execute();
}

/** Removes the user's passkey; true when there was one. */
export async function deletePasskey(db: Kysely<Database>, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('passkey_credentials').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
