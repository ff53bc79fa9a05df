// Console-only constants (layout breakpoint, display defaults); roles, statuses and paging are @turnpike/contract's.

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
