// GitHub and Linux DO as emulations of their documented OAuth endpoints: an authorize page that hands out a code for a
// chosen account, the token endpoint (GitHub: client id and secret in a JSON or form body, JSON answer when asked;
// Linux DO: HTTP Basic client credentials, `grant_type=authorization_code`) and the user endpoint (Bearer token).
// Codes are single use, expire after ten minutes and must come back with the redirect_uri they were issued for.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocal, readFields, sendJson, type Listening } from './http-helpers';

/** Which provider's documented endpoints to speak. */
export type CodeGrantDialect = 'github' | 'linuxdo';

/** A provider account: the user endpoint's answer (GitHub: id, login, name; Linux DO: id, username, name, trust_level…). */
export type EmulatedAccount = Record<string, string | number | boolean>;

/** A running emulation. */
export interface CodeGrantEmulation extends Listening {
  /** Token endpoint address. */
  tokenUrl: string;
  /** User endpoint address. */
  userUrl: string;
  /** Authorize page address. */
  authorizeUrl: string;
  /** A code for the account, as the authorize page would give after the user agreed. */
  issueCode(account: EmulatedAccount, redirectUri: string): string;
  /** Token requests refused, with the reason. */
  readonly refusals: string[];
}

const paths: Record<CodeGrantDialect, { authorize: string; token: string; user: string }> = {
  github: { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', user: '/user' },
  linuxdo: { authorize: '/oauth2/authorize', token: '/oauth2/token', user: '/api/user' },
};

/** Starts an emulation of `dialect` for one registered client. */
export async function startCodeGrantEmulation(dialect: CodeGrantDialect, client: { clientId: string; clientSecret: string }, accountForAuthorize?: EmulatedAccount): Promise<CodeGrantEmulation> {
  const codes = new Map<string, { account: EmulatedAccount; redirectUri: string; expires: number }>();
  const tokens = new Map<string, EmulatedAccount>();
  const refusals: string[] = [];
  const route = paths[dialect];

  const issueCode = (account: EmulatedAccount, redirectUri: string): string => {
    const code = crypto.randomBytes(10).toString('hex');
    codes.set(code, { account, redirectUri, expires: Date.now() + 600_000 });
    return code;
  };

  const clientOf = (req: IncomingMessage, fields: Record<string, string>): { id: string; secret: string } => {
    if (dialect === 'github') return { id: fields.client_id ?? '', secret: fields.client_secret ?? '' };
    const header = req.headers.authorization ?? '';
    const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : ':';
    const colon = decoded.indexOf(':');
    return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  };

  const refuse = (res: ServerResponse, reason: string, error: string): void => {
    refusals.push(reason);
    // GitHub answers errors with 200 and an error object; Linux DO (Discourse connect) with 400/401.
    sendJson(res, dialect === 'github' ? 200 : 401, { error, error_description: reason });
  };

  const token = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const fields = await readFields(req);
    const presented = clientOf(req, fields);
    if (presented.id !== client.clientId || presented.secret !== client.clientSecret) return refuse(res, 'wrong client credentials', 'incorrect_client_credentials');
    if (dialect === 'linuxdo' && fields.grant_type !== 'authorization_code') return refuse(res, 'grant_type must be authorization_code', 'unsupported_grant_type');
    const entry = codes.get(fields.code ?? '');
    codes.delete(fields.code ?? '');
    if (!entry || entry.expires < Date.now()) return refuse(res, 'unknown, used or expired code', 'bad_verification_code');
    if (fields.redirect_uri !== undefined && fields.redirect_uri !== entry.redirectUri) return refuse(res, 'redirect_uri differs from the authorize request', 'redirect_uri_mismatch');
    const accessToken = crypto.randomBytes(16).toString('hex');
    tokens.set(accessToken, entry.account);
    sendJson(res, 200, dialect === 'github' ? { access_token: accessToken, token_type: 'bearer', scope: 'read:user' } : { access_token: accessToken, token_type: 'bearer', expires_in: 3600 });
  };

  const user = (req: IncomingMessage, res: ServerResponse): void => {
    const header = req.headers.authorization ?? '';
    const account = tokens.get(header.replace(/^(Bearer|token) /i, ''));
    if (!account) return sendJson(res, 401, { message: 'Bad credentials' });
    sendJson(res, 200, account);
  };

  const authorize = (url: URL, res: ServerResponse): void => {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== client.clientId || !redirectUri || !accountForAuthorize) return sendJson(res, 400, { error: 'invalid_request' });
    const target = new URL(redirectUri);
    target.searchParams.set('code', issueCode(accountForAuthorize, redirectUri));
    target.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: target.href });
    res.end();
  };

  const listening = await listenLocal((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulation');
    if (req.method === 'POST' && url.pathname === route.token) return void token(req, res).catch(() => sendJson(res, 500, { error: 'server_error' }));
    if (req.method === 'GET' && url.pathname === route.user) return user(req, res);
    if (req.method === 'GET' && url.pathname === route.authorize) return authorize(url, res);
    sendJson(res, 404, { message: 'Not Found' });
  });
  return {
    ...listening,
    tokenUrl: `${listening.url}${route.token}`,
    userUrl: `${listening.url}${route.user}`,
    authorizeUrl: `${listening.url}${route.authorize}`,
    issueCode,
    refusals,
  };
}
