// Numeric enumerations of the console API (spec 000 §4, spec 001 §4).

/** User roles; admin means role ≥ 10, super admin (root) role ≥ 100. */
export const Role = { Guest: 0, Common: 1, Admin: 10, Root: 100 } as const;

/** User status: 1 active, 2 banned; 3 is reserved and blocks the enable action. */
export const UserStatus = { Enabled: 1, Disabled: 2, Blocked: 3 } as const;

/** Channel status: 1 enabled, 2 manually disabled, 3 automatically disabled. */
export const ChannelStatus = { Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;

/** API token status: 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
export const TokenStatus = { Enabled: 1, Disabled: 2, Expired: 3, Exhausted: 4 } as const;

/** Redemption code status: 1 unused, 2 disabled, 3 used. */
export const RedemptionStatus = { Unused: 1, Disabled: 2, Used: 3 } as const;

/** Log entry types: 1 top-up, 2 consumption, 3 management, 4 system, 5 error (0 = all in filters). */
export const LogType = { All: 0, Topup: 1, Consume: 2, Manage: 3, System: 4, Error: 5 } as const;

/** Actions accepted by POST /api/user/manage. */
export const UserManageActions = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type UserManageAction = (typeof UserManageActions)[number];

/** Page size choices and default for every paged list (spec 000 §9). */
export const PageSizes = [10, 20, 50, 100] as const;
export const DefaultPageSize = 10;
