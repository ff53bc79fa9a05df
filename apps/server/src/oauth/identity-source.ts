// What every third-party sign-in has in common: the user column it binds, its name in messages and new usernames.
import type { OptionStore } from '../options/option-store';

/** The user column that holds an external account id. */
export type BindingColumn = 'github_id' | 'oidc_id' | 'wechat_id' | 'telegram_id' | 'linux_do_id';

/** An account at a third party, as its server reported it. */
export interface ExternalAccount {
  /** The stable id stored in the binding column. */
  id: string;
  /** The third party's login name, tried as the username of a new user. */
  username: string;
  displayName: string;
}

/** A source of external accounts (an OAuth provider, WeChat, Telegram). */
export interface IdentitySource {
  /** Name shown in messages (GitHub, OIDC, Linux DO, WeChat, Telegram). */
  name: string;
  column: BindingColumn;
  /** Start of generated usernames of new users (`github_`, …). */
  usernamePrefix: string;
  /** The option that turns sign-in with this source on. */
  enabledOption: string;
}

/** Where the OAuth providers of the registry send their server-to-server calls (tests point them at emulations). */
export interface OAuthEndpoints {
  github: { token: string; user: string };
  linuxdo: { token: string; user: string };
}

/** The providers' public addresses. */
export const defaultOAuthEndpoints: OAuthEndpoints = {
  github: { token: 'https://github.com/login/oauth/access_token', user: 'https://api.github.com/user' },
  linuxdo: { token: 'https://connect.linux.do/oauth2/token', user: 'https://connect.linux.do/api/user' },
};

/** What a provider's code exchange is given. */
export interface CodeExchange {
  code: string;
  state: string;
  /** Extra callback parameters forwarded by the console (the OIDC `iss`). */
  callbackParams: Record<string, string>;
  /** The console callback address registered at the provider (`<server>/oauth/<id>`). */
  redirectUri: string;
  options: OptionStore;
  endpoints: OAuthEndpoints;
}

/** An OAuth provider: the code from its authorize page in, the external account out. */
export interface OAuthProvider extends IdentitySource {
  id: 'github' | 'oidc' | 'linuxdo';
  exchange(input: CodeExchange): Promise<ExternalAccount>;
}

/** A provider refused the exchange or answered something unusable; the message is the user's. */
export class ProviderError extends Error {}

/** Messages of the provider exchanges. */
export const providerMessages = {
  invalidCode: 'invalid authorization code',
  connectFailed: (name: string) => `unable to connect to the ${name} server, please try again later`,
  tokenFailed: (name: string) => `failed to get a token from ${name}, please check the settings`,
  userInfoEmpty: (name: string) => `${name} returned no user information, please check the settings`,
  trustLevelLow: 'the Linux DO trust level is below the minimum required by the administrator',
  oidcWellKnownMissing: 'OIDC sign-in needs the well-known (discovery) address, please check the settings',
} as const;
