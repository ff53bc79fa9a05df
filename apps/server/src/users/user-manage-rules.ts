// Who may do what to whom (spec 000 §4, §6): the pure decision behind `POST /api/user/manage` and admin delete.
import { Role, UserStatus, type UserManageAction } from '@turnpike/contract';
import { badRequest, conflict, forbidden } from '../http/api-error';

/** The parts of a user the rules look at. */
export interface ManagedUser {
  role: number;
  status: number;
  deleted_at: number | null;
}

/** The change an allowed action makes, and the management log text. */
export interface ManagePlan {
  role: number;
  status: number;
  delete: boolean;
  log: string;
}

/** Messages of the management rules. */
export const manageMessages = {
  deactivated: 'the user has been deactivated',
  rootDemote: 'the super administrator cannot be demoted',
  rootDisable: 'the super administrator cannot be disabled',
  rootDelete: 'the super administrator cannot be deleted',
  sameOrHigher: 'no permission to manage a user of the same or higher role',
  promoteRootOnly: 'only the super administrator can promote users to administrator',
  alreadyAdmin: 'the user is already an administrator',
  alreadyCommon: 'the user is already an ordinary user',
  enableBlocked: 'this user cannot be enabled: status 3 blocks the enable action',
} as const;

const rootProtection: Partial<Record<UserManageAction, string>> = {
  demote: manageMessages.rootDemote,
  disable: manageMessages.rootDisable,
  delete: manageMessages.rootDelete,
};

/** Decides an action of `actor` on `target`; throws the refusal (403 for permission, 400/409 for state) otherwise. */
export function planManageAction(actor: { role: number }, target: ManagedUser, action: UserManageAction): ManagePlan {
  if (target.deleted_at !== null) throw conflict(manageMessages.deactivated);
  const protectedMessage = rootProtection[action];
  if (target.role >= Role.Root && protectedMessage) throw forbidden(protectedMessage);
  if (actor.role <= target.role) throw forbidden(manageMessages.sameOrHigher);
  const keep = { role: target.role, status: target.status, delete: false };
  const decisions: Record<UserManageAction, () => ManagePlan> = {
    promote: () => {
      if (actor.role < Role.Root) throw forbidden(manageMessages.promoteRootOnly);
      if (target.role >= Role.Admin) throw badRequest(manageMessages.alreadyAdmin);
      return { ...keep, role: Role.Admin, log: 'admin promoted the user to administrator' };
    },
    demote: () => {
      if (target.role <= Role.Common) throw badRequest(manageMessages.alreadyCommon);
      return { ...keep, role: Role.Common, log: 'admin demoted the user to ordinary user' };
    },
    disable: () => ({ ...keep, status: UserStatus.Disabled, log: 'admin disabled the user' }),
    enable: () => {
      if (target.status === UserStatus.Blocked) throw badRequest(manageMessages.enableBlocked);
      return { ...keep, status: UserStatus.Enabled, log: 'admin enabled the user' };
    },
    delete: () => ({ ...keep, delete: true, log: 'admin deleted the user' }),
  };
  return decisions[action]();
}

