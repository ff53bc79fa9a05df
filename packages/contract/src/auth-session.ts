// new-api's dashboard session contract (new-api-contracts.md §3): error codes, the session view and the auth bundle.

/** Codes of session errors, which answer with a real HTTP status (the console reads the code, not the message). */
export const authSessionCodes = [
  'AUTH_TOKEN_EXPIRED',
  'AUTH_SESSION_REVOKED',
  'AUTH_UNAUTHORIZED',
  'AUTH_USER_DISABLED',
  'AUTH_SESSION_MISMATCH',
  'AUTH_REFRESH_RACE',
  'AUTH_SESSION_REQUIRED',
  'AUTH_SESSION_ID_REQUIRED',
  'AUTH_SESSION_NOT_FOUND',
  'AUTH_SESSION_LIMIT',
  'AUTH_SESSION_ISSUANCE_LIMIT',
] as const;

/** One session error code. */
export type AuthSessionCode = (typeof authSessionCodes)[number];

/** Name of the refresh cookie (HttpOnly, SameSite=Strict, path `/api/user/auth`). */
export const refreshCookieName = 'new_api_refresh';

/** Path the refresh cookie is sent to. */
export const refreshCookiePath = '/api/user/auth';

/** Life of an access token: 15 minutes. */
export const accessTokenSeconds = 15 * 60;

/** How long a refresh token just rotated away may be presented again for the same answer. */
export const refreshReplaySeconds = 30;

/** A dashboard session as the session list and the auth bundle show it (unix seconds). */
export interface LoginSessionView {
  sid: string;
  current: boolean;
  login_method: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_active_at: number;
  expires_at: number;
}

/** What a sign-in, a refresh or a rotation answers besides the user. */
export interface AccessGrant {
  access_token: string;
  token_type: 'Bearer';
  access_expires_at: number;
  session: LoginSessionView;
}
