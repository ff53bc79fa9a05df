// Console-wide constants from the spec (roles, statuses, paging, layout breakpoints).

/** Role thresholds: admin is role ≥ 10, super admin (root) role ≥ 100 (spec 000 §6). */
export const Roles = { common: 1, admin: 10, root: 100 } as const;

/** User status values: 1 active, 2 banned; 3 blocks the enable action (spec 000 §4). */
export const UserStatuses = { enabled: 1, disabled: 2, blocked: 3 } as const;

/** Page size choices of every paged table; the first is the default (spec 000 §9). */
export const PageSizeOptions = [10, 20, 50, 100] as const;

/** Default page size of paged tables. */
export const DefaultPageSize = 10;

/** Widths at or below this are laid out for mobile (spec 000 §9). */
export const MobileBreakpoint = 600;

/** Default quota units per dollar (spec 000 §9). */
export const DefaultQuotaPerUnit = 500000;

/** Name shown when the server has not set a system name. */
export const DefaultSystemName = 'Turnpike';

/** Logo shown when the server has not set one. */
export const DefaultLogo = '/logo.png';

/** Cooldown between two verification-code emails, in seconds. */
export const VerificationCooldownSeconds = 30;
