// Where the console sends the browser to sign in with an OAuth provider: one entry per provider with a callback route.
// The server's callback (`GET /api/oauth/<id>`) sends the same redirect_uri when it exchanges the code.

/** The status fields the authorize addresses are built from (GET /api/status). */
export interface OAuthStatusFields {
  server_address?: string;
  github_oauth?: boolean;
  github_client_id?: string;
  oidc_enabled?: boolean;
  oidc_client_id?: string;
  oidc_authorization_endpoint?: string;
  linuxdo_oauth?: boolean;
  linuxdo_client_id?: string;
}

/** An OAuth provider as the console sees it. */
export interface OAuthLoginProvider {
  id: 'github' | 'oidc' | 'linuxdo';
  /** Name on the buttons. */
  name: string;
  enabled(status: OAuthStatusFields): boolean;
  /** The provider's authorize address carrying the state. */
  authorizeUrl(status: OAuthStatusFields, state: string): string;
}

/** The console callback route of a provider, which is the redirect_uri registered at the provider. */
export function oauthRedirectUri(serverAddress: string | undefined, id: string): string {
  return `${(serverAddress ?? '').trim().replace(/\/+$/, '')}/oauth/${id}`;
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** GitHub, OIDC and Linux DO, in the order the login page shows them. */
export const oauthLoginProviders: readonly OAuthLoginProvider[] = [
  {
    id: 'github',
    name: 'GitHub',
    enabled: (status) => status.github_oauth === true && Boolean(status.github_client_id),
    // GitHub uses the OAuth app's registered callback when no redirect_uri is given (as new-api does).
    authorizeUrl: (status, state) => withQuery('https://github.com/login/oauth/authorize', { client_id: status.github_client_id ?? '', state, scope: 'user:email' }),
  },
  {
    id: 'oidc',
    name: 'OIDC',
    enabled: (status) => status.oidc_enabled === true && Boolean(status.oidc_client_id) && Boolean(status.oidc_authorization_endpoint),
    authorizeUrl: (status, state) =>
      withQuery(status.oidc_authorization_endpoint ?? '', {
        client_id: status.oidc_client_id ?? '',
        redirect_uri: oauthRedirectUri(status.server_address, 'oidc'),
        response_type: 'code',
        scope: 'openid profile email',
        state,
      }),
  },
  {
    id: 'linuxdo',
    name: 'Linux DO',
    enabled: (status) => status.linuxdo_oauth === true && Boolean(status.linuxdo_client_id),
    authorizeUrl: (status, state) =>
      withQuery('https://connect.linux.do/oauth2/authorize', {
        response_type: 'code',
        client_id: status.linuxdo_client_id ?? '',
        redirect_uri: oauthRedirectUri(status.server_address, 'linuxdo'),
        state,
      }),
  },
];
