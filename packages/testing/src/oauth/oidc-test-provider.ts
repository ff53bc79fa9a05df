// A real OpenID Connect provider for the sign-in tests: the certified `oidc-provider` package on 127.0.0.1, with its
// development login and consent pages (any login name, any password), one confidential client and accounts whose
// claims are `sub` = the login name, `preferred_username` and `name`.
import crypto from 'node:crypto';
import Provider from 'oidc-provider';
import { listenLocal, type Listening } from './http-helpers';

/** Options of `startOidcTestProvider`. */
export interface OidcTestProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The relying party's callback addresses (Turnpike's `<server>/oauth/oidc`). */
  redirectUris: string[];
}

/** A running provider. */
export interface OidcTestProvider extends Listening {
  /** The issuer identifier (also the base URL). */
  issuer: string;
  /** The discovery document's address (Turnpike's oidc.well_known). */
  wellKnownUrl: string;
  /** The display name an account gets for a login name. */
  displayNameOf(login: string): string;
}

/** Starts the provider. */
export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | null = null;
  const listening = await listenLocal((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  const displayNameOf = (login: string): string => `OIDC ${login}`;
  const provider = new Provider(listening.url, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'test-key' }] },
    ttl: { AccessToken: 3600, AuthorizationCode: 600, Grant: 3600, IdToken: 3600, Interaction: 3600, Session: 3600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, preferred_username: id, name: displayNameOf(id) }) };
    },
  });
  const callback = provider.callback();
  // Koa's callback answers its own errors; its promise only says when it is done.
  handler = (req, res) => void callback(req, res);
  return { ...listening, issuer: listening.url, wellKnownUrl: `${listening.url}/.well-known/openid-configuration`, displayNameOf };
}

/** Follows an authorize URL like a browser through the development login and consent pages; resolves the callback URL. */
export async function signInThroughDevInteractions(authorizeUrl: string, login: string, callbackPrefix: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (response: Response): void => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const cookieHeader = (): string => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let next: { url: string; body?: URLSearchParams } = { url: authorizeUrl };
  for (let step = 0; step < 12; step += 1) {
    if (next.url.startsWith(callbackPrefix)) return new URL(next.url);
    const response = await fetch(next.url, {
      method: next.body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: next.body,
    });
    remember(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      next = { url: new URL(location, next.url).href };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !prompt) throw new Error(`unexpected page at ${next.url}: ${response.status} ${html.slice(0, 300)}`);
    const body = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      body.set('login', login);
      body.set('password', 'any-password');
    }
    next = { url: new URL(action.replace(/&amp;/g, '&'), next.url).href, body };
  }
  throw new Error('the sign-in did not reach the callback');
}
