// Signing in with, signing up with and binding an external account; one external account belongs to one user.
import { UserStatus } from '@turnpike/contract';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { conflict, forbidden } from '../http/api-error';
import { createAccount } from '../accounts/user-creation';
import { registerMessages } from '../accounts/register-routes';
import { accountLimits } from '../accounts/account-rules';
import { randomAlphanumeric } from '../tokens/api-key-generator';
import { isUsernameTaken } from '../users/user-repository';
import type { ExternalAccount, IdentitySource } from './identity-source';

/** Messages of external sign-in and binding. */
export const externalAccountMessages = {
  notEnabled: (name: string) => `the administrator has not enabled login and registration with ${name}`,
  alreadyBound: (name: string) => `this ${name} account has already been bound to another user`,
  userDeleted: 'this user has been deleted',
  banned: 'this user has been banned',
} as const;

/** The user (deleted ones included) bound to the external account, if any. */
async function findBoundUser(context: AppContext, source: IdentitySource, externalId: string): Promise<UserRow | undefined> {
  return context.db.selectFrom('users').selectAll().where(source.column, '=', externalId).orderBy('id').executeTakeFirst();
}

/** A free username for a new user: the external login name when it fits and is free, else the prefix and random characters. */
async function usernameFor(context: AppContext, source: IdentitySource, account: ExternalAccount): Promise<string> {
  const wanted = account.username.trim();
  if (wanted && [...wanted].length <= accountLimits.usernameMax && !(await isUsernameTaken(context.db, wanted))) return wanted;
  for (;;) {
    const generated = `${source.usernamePrefix}${randomAlphanumeric(8).toLowerCase()}`;
    if (!(await isUsernameTaken(context.db, generated))) return generated;
  }
}

/**
 * The user to sign in as: the one bound to the account, or a new user bound to it (when RegisterEnabled) with the
 * new-user quota and, for a known invitation code, the invitee and inviter rewards. Deleted and banned users stay out.
 */
export async function signInWithExternalAccount(context: AppContext, source: IdentitySource, account: ExternalAccount, affCode: string): Promise<UserRow> {
  let user = await findBoundUser(context, source, account.id);
  if (user && user.deleted_at !== null) throw forbidden(externalAccountMessages.userDeleted);
  if (!user) {
    if (!context.options.bool('RegisterEnabled')) throw forbidden(registerMessages.registerDisabled);
    const displayName = [...(account.displayName.trim() || account.username.trim() || `${source.name} User`)].slice(0, accountLimits.displayNameMax).join('');
    user = await createAccount(context, {
      username: await usernameFor(context, source, account),
      password: '',
      displayName,
      inviterAffCode: affCode || undefined,
      bindings: { [source.column]: account.id },
    });
  }
  if (user.status !== UserStatus.Enabled) throw forbidden(externalAccountMessages.banned);
  return user;
}

/** Binds the external account to the user, unless another user holds it already (binding it again to its owner is fine). */
export async function bindExternalAccount(context: AppContext, userId: number, source: IdentitySource, account: ExternalAccount): Promise<void> {
  await context.db.transaction().execute(async (transaction) => {
    const holder = await transaction.selectFrom('users').select('id').where(source.column, '=', account.id).executeTakeFirst();
    if (holder && holder.id !== userId) throw conflict(externalAccountMessages.alreadyBound(source.name));
    await transaction.updateTable('users').set({ [source.column]: account.id }).where('id', '=', userId).execute();
  });
}
