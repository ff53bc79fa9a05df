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
import { assignClaim, claimExternalAccount, claimHolder, releaseClaim } from './external-account-claims';
import type { ExternalAccount, IdentitySource } from './identity-source';

/** Messages of external sign-in and binding. */
export const externalAccountMessages = {
  notEnabled: (name: string) => `the administrator has not enabled login and registration with ${name}`,
  alreadyBound: (name: string) => `this ${name} account has already been bound to another user`,
  signUpRunning: (name: string) => `this ${name} account is being signed up, please try again in a moment`,
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

/** Creates the user bound to the account, holding the account's claim so that a concurrent sign-up cannot make a second one. */
async function signUp(context: AppContext, source: IdentitySource, account: ExternalAccount, affCode: string): Promise<UserRow> {
  if (!(await claimExternalAccount(context.db, source.column, account.id, 0))) {
    const winner = await findBoundUser(context, source, account.id);
    if (winner) return winner;
    throw conflict(externalAccountMessages.signUpRunning(source.name));
  }
  try {
    const displayName = [...(account.displayName.trim() || account.username.trim() || `${source.name} User`)].slice(0, accountLimits.displayNameMax).join('');
    const user = await createAccount(context, {
      username: await usernameFor(context, source, account),
      password: '',
      displayName,
      inviterAffCode: affCode || undefined,
      bindings: { [source.column]: account.id },
    });
    await assignClaim(context.db, source.column, account.id, user.id);
    return user;
  } catch (error) {
    await releaseClaim(context.db, source.column, account.id);
    throw error;
  }
}

/**
 * The user to sign in as: the one bound to the account, or a new user bound to it (when RegisterEnabled) with the
 * new-user quota and, for a known invitation code, the invitee and inviter rewards. Deleted and banned users stay out.
 */
export async function signInWithExternalAccount(context: AppContext, source: IdentitySource, account: ExternalAccount, affCode: string): Promise<UserRow> {
  let user = await findBoundUser(context, source, account.id);
  if (!user) {
    if (!context.options.bool('RegisterEnabled')) throw forbidden(registerMessages.registerDisabled);
    user = await signUp(context, source, account, affCode);
  }
  if (user.deleted_at !== null) throw forbidden(externalAccountMessages.userDeleted);
  if (user.status !== UserStatus.Enabled) throw forbidden(externalAccountMessages.banned);
  return user;
}

/** Binds the external account to the user, unless another user holds it (binding it again to its owner is fine). */
export async function bindExternalAccount(context: AppContext, user: UserRow, source: IdentitySource, account: ExternalAccount): Promise<void> {
  const refuse = () => conflict(externalAccountMessages.alreadyBound(source.name));
  const holder = await findBoundUser(context, source, account.id);
  if (holder && holder.id !== user.id) throw refuse();
  const claimedBy = await claimHolder(context.db, source.column, account.id);
  if (claimedBy !== user.id && !(await claimExternalAccount(context.db, source.column, account.id, user.id))) throw refuse();
  // The claim is ours now; a bound user found after it would be a binding written before claims existed.
  const lateHolder = await findBoundUser(context, source, account.id);
  if (lateHolder && lateHolder.id !== user.id) {
    await releaseClaim(context.db, source.column, account.id);
    throw refuse();
  }
  const previous = user[source.column];
  await context.db.updateTable('users').set({ [source.column]: account.id }).where('id', '=', user.id).execute();
  if (previous && previous !== account.id) await releaseClaim(context.db, source.column, previous);
}
