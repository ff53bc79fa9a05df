// OpenID Connect through openid-client: discovery from oidc.well_known (the three endpoint options override what it
// finds), the code grant with ID token validation (issuer, audience, expiry), then the userinfo endpoint. openid-client
// (and oauth4webapi under it) loads on the first OIDC sign-in, not at start.
import type * as Openid from 'openid-client';
import { loadOnFirstUse, type ModuleLoader } from '../load-on-first-use';
import { outboundTimeoutSeconds } from './outbound-json';
import { ProviderError, providerMessages, type CodeExchange, type ExternalAccount, type OAuthProvider } from './identity-source';
import type { OptionStore } from '../options/option-store';

/** A discovered configuration is reused for this long, then discovered again (endpoint rotations, key changes). */
const discoveryCacheMs = 10 * 60 * 1000;

/** Loads openid-client on the first OIDC sign-in. */
export const loadOpenidClient: ModuleLoader<typeof Openid> = loadOnFirstUse(() => import('openid-client'));

let cached: { key: string; config: Openid.Configuration; at: number } | null = null;

const optionKeys = ['oidc.well_known', 'oidc.client_id', 'oidc.client_secret', 'oidc.authorization_endpoint', 'oidc.token_endpoint', 'oidc.user_info_endpoint'];

/** The client configuration for the current options (discovered once per option set and cache period). */
async function configurationFor(openid: typeof Openid, options: OptionStore): Promise<Openid.Configuration> {
  const key = optionKeys.map((name) => options.string(name)).join('\n');
  if (cached && cached.key === key && Date.now() - cached.at < discoveryCacheMs) return cached.config;
  const wellKnown = options.string('oidc.well_known').trim();
  if (!/^https?:\/\//i.test(wellKnown)) throw new ProviderError(providerMessages.oidcWellKnownMissing);
  const insecure = wellKnown.toLowerCase().startsWith('http://');
  const execute = insecure ? [openid.allowInsecureRequests] : [];
  const discovered = await openid.discovery(new URL(wellKnown), options.string('oidc.client_id'), options.string('oidc.client_secret'), undefined, { execute, timeout: outboundTimeoutSeconds });
  const metadata = { ...discovered.serverMetadata() };
  const override = (field: 'authorization_endpoint' | 'token_endpoint' | 'userinfo_endpoint', option: string): void => {
    const value = options.string(option).trim();
    if (value) metadata[field] = value;
  };
  override('authorization_endpoint', 'oidc.authorization_endpoint');
  override('token_endpoint', 'oidc.token_endpoint');
  override('userinfo_endpoint', 'oidc.user_info_endpoint');
  const config = new openid.Configuration(metadata, options.string('oidc.client_id'), options.string('oidc.client_secret'));
  config.timeout = outboundTimeoutSeconds;
  if (insecure || [metadata.token_endpoint, metadata.userinfo_endpoint].some((url) => url?.startsWith('http://'))) openid.allowInsecureRequests(config);
  cached = { key, config, at: Date.now() };
  return config;
}

/** True for errors of the network (no answer) rather than of the protocol. */
function isNetworkFailure(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError') || typeof cause?.code === 'string';
}

async function exchange(input: CodeExchange): Promise<ExternalAccount> {
  const name = oidcProvider.name;
  const openid = await loadOpenidClient();
  try {
    const config = await configurationFor(openid, input.options);
    const callback = new URL(input.redirectUri);
    callback.search = new URLSearchParams({ ...input.callbackParams, code: input.code, state: input.state }).toString();
    const tokens = await openid.authorizationCodeGrant(config, callback, { expectedState: input.state, idTokenExpected: true });
    const subject = tokens.claims()?.sub;
    if (!subject) throw new ProviderError(providerMessages.userInfoEmpty(name));
    const info = await openid.fetchUserInfo(config, tokens.access_token, subject);
    const username = typeof info.preferred_username === 'string' ? info.preferred_username : '';
    const displayName = typeof info.name === 'string' ? info.name : username;
    return { id: subject, username, displayName };
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (isNetworkFailure(error)) throw new ProviderError(providerMessages.connectFailed(name));
    throw new ProviderError(providerMessages.tokenFailed(name));
  }
}

/** The OIDC provider (oidc.enabled, oidc.client_id, oidc.client_secret, oidc.well_known and the three endpoints). */
export const oidcProvider: OAuthProvider = {
  id: 'oidc',
  name: 'OIDC',
  column: 'oidc_id',
  usernamePrefix: 'oidc_',
  enabledOption: 'oidc.enabled',
  exchange,
};
