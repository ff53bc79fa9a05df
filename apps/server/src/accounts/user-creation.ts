// Creates accounts (registration and admin create): hashing, affiliate code, new-user and invitation rewards, logs.
import { Role } from '@turnpike/contract';
import type { AppContext } from '../context';
import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { conflict } from '../http/api-error';
import { recordSystemLog } from '../logs/log-entries';
import { formatQuota } from '../logs/quota-text';
import { addQuota, creditInviter, findUserByAffCode, findUserById, insertUser, isUsernameTaken } from '../users/user-repository';
import { generateAffCode } from './aff-code';
import { hashPassword } from './password-hashing';
import { newUserRow } from '../users/new-user-row';

/**
 * What a new account is made of; `inviterAffCode` is the inviter's code (an unknown code is ignored, as in new-api).
 * An empty password (third-party sign-up) stores no hash, so password login never matches.
 */
export interface NewAccount {
  username: string;
  password: string;
  displayName?: string;
  role?: number;
  email?: string;
  inviterAffCode?: string;
  /** External account ids bound from the start (third-party sign-up). */
  bindings?: ExternalBindings;
}

/** The binding columns a new account may be created with. */
export type ExternalBindings = Partial<Pick<NewUser, 'github_id' | 'oidc_id' | 'wechat_id' | 'telegram_id' | 'linux_do_id'>>;

/** Message when the username is used by a live or a deactivated user. */
export const usernameTakenMessage = 'the username already exists or has been deactivated';

/**
 * Inserts the user with QuotaForNewUser, in one transaction: a valid inviter code adds QuotaForInvitee to the new
 * user and QuotaForInviter to the inviter's affiliate quota (aff_quota, aff_history_quota, aff_count); each grant
 * writes a system log entry (type 4).
 */
export async function createAccount(context: AppContext, account: NewAccount): Promise<UserRow> {
  const passwordHash = account.password ? await hashPassword(account.password) : '';
  const affCode = await generateAffCode(context.db);
  const now = Math.floor(Date.now() / 1000);

  let id: number;
  try {
    id = await context.db.transaction().execute((transaction) => writeAccount(context, transaction, account, { passwordHash, affCode, now }));
  } catch (error) {
    // Two simultaneous registrations of one name: the unique index refuses the second insert.
    if (isUniqueViolation(error)) throw conflict(usernameTakenMessage);
    throw error;
  }
  const created = await findUserById(context.db, id);
  if (!created) throw new Error(`user ${id} vanished after insert`);
  return created;
}

/** The rows of one new account, written inside the caller's transaction; returns the new user id. */
async function writeAccount(
  context: AppContext,
  transaction: Kysely<Database>,
  account: NewAccount,
  prepared: { passwordHash: string; affCode: string; now: number },
): Promise<number> {
  const { passwordHash, affCode, now } = prepared;
  const options = context.options;
  const newUserQuota = options.number('QuotaForNewUser');
  const inviteeQuota = options.number('QuotaForInvitee');
  const inviterQuota = options.number('QuotaForInviter');
  if (await isUsernameTaken(transaction, account.username)) throw conflict(usernameTakenMessage);
  const inviter = account.inviterAffCode ? await findUserByAffCode(transaction, account.inviterAffCode) : undefined;
  const userId = await insertUser(
    { db: transaction, kind: context.database.kind },
    newUserRow({
      username: account.username,
      password: passwordHash,
      display_name: account.displayName || account.username,
      role: account.role ?? Role.Common,
      email: account.email ?? '',
      quota: newUserQuota,
      aff_code: affCode,
      inviter_id: inviter?.id ?? 0,
      created_at: now,
      ...account.bindings,
    }),
  );
  const subject = { id: userId, username: account.username, group: 'default' };
  if (newUserQuota > 0) {
    await recordSystemLog(transaction, subject, `new user registration bonus ${formatQuota(newUserQuota, options)}`, { quota: newUserQuota });
  }
  if (inviter) {
    if (inviteeQuota > 0) {
      await addQuota(transaction, userId, inviteeQuota);
      await recordSystemLog(transaction, subject, `invitation code bonus ${formatQuota(inviteeQuota, options)}`, { quota: inviteeQuota });
    }
    await creditInviter(transaction, inviter.id, inviterQuota);
    if (inviterQuota > 0) {
      await recordSystemLog(
        transaction,
        { id: inviter.id, username: inviter.username, group: inviter.group },
        `invited user ${account.username}, reward ${formatQuota(inviterQuota, options)}`,
        { quota: inviterQuota },
      );
    }
  }
  return userId;
}
