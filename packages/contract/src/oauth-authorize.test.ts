import { describe, expect, it } from 'vitest';
import { oauthLoginProviders, oauthRedirectUri } from './oauth-authorize';

const byId = (id: string) => oauthLoginProviders.find((provider) => provider.id === id)!;

describe('OAuth authorize addresses', () => {
  const status = {
    server_address: 'https://gate.example.com/',
    github_oauth: true,
    github_client_id: 'gh id',
    oidc_enabled: true,
    oidc_client_id: 'oidc-client',
    oidc_authorization_endpoint: 'https://id.example/auth?tenant=a',
    linuxdo_oauth: true,
    linuxdo_client_id: 'ld-client',
  };

  it('builds each provider address with the state and the console callback', () => {
    expect(byId('github').authorizeUrl(status, 's1')).toBe('https://github.com/login/oauth/authorize?client_id=gh+id&state=s1&scope=user%3Aemail');
    expect(byId('oidc').authorizeUrl(status, 's2')).toBe(
      'https://id.example/auth?tenant=a&client_id=oidc-client&redirect_uri=https%3A%2F%2Fgate.example.com%2Foauth%2Foidc&response_type=code&scope=openid+profile+email&state=s2',
    );
    expect(byId('linuxdo').authorizeUrl(status, 's3')).toBe(
      'https://connect.linux.do/oauth2/authorize?response_type=code&client_id=ld-client&redirect_uri=https%3A%2F%2Fgate.example.com%2Foauth%2Flinuxdo&state=s3',
    );
    expect(oauthRedirectUri(' https://gate.example.com// ', 'oidc')).toBe('https://gate.example.com/oauth/oidc');
  });

  it('shows a provider only when it is enabled and has its client id (and OIDC its endpoint)', () => {
    expect(oauthLoginProviders.filter((provider) => provider.enabled(status)).map((provider) => provider.id)).toEqual(['github', 'oidc', 'linuxdo']);
    expect(byId('github').enabled({ ...status, github_client_id: '' })).toBe(false);
    expect(byId('oidc').enabled({ ...status, oidc_authorization_endpoint: '' })).toBe(false);
    expect(byId('linuxdo').enabled({ ...status, linuxdo_oauth: false })).toBe(false);
  });
});
