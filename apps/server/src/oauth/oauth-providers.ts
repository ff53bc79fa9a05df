// The registry of OAuth providers with a callback `GET /api/oauth/<id>`; a provider is one module plus one line here.
import { githubProvider } from './github-provider';
import type { OAuthProvider } from './identity-source';
import { linuxdoProvider } from './linuxdo-provider';
import { oidcProvider } from './oidc-provider';

/** Every OAuth provider, in the order the console shows them. */
export const oauthProviders: readonly OAuthProvider[] = [githubProvider, oidcProvider, linuxdoProvider];
