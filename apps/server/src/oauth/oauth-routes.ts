// Third-party sign-in routes: the CSRF state, the OAuth callbacks of the provider registry, WeChat and Telegram.
import crypto from 'node:crypto';
import { oauthRedirectUri, UserStatus } from '@turnpike/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest, forbidden, unauthorized } from '../http/api-error';
import { accessFor, currentUser, identify } from '../http/auth-guard';
import { success } from '../http/envelope';
import { signInAnswer } from '../sessions/dashboard-sessions';
import { criticalLimitPerIp } from '../rate-limit/critical-rate-limit';
import { bindExternalAccount, externalAccountMessages, signInWithExternalAccount } from './external-accounts';
import { ProviderError, providerMessages, type ExternalAccount, type IdentitySource, type OAuthProvider } from './identity-source';
import { oauthEndpointsFor } from './oauth-ports';
import { oauthProviders } from './oauth-providers';
import { consumeOAuthState, issueOAuthState, oauthStateSeconds } from './oauth-state-store';
import { readTelegramFields, telegramAccountOf, telegramSource } from './telegram-source';
import { wechatAccountForCode, wechatSource } from './wechat-source';

/** The HttpOnly cookie that ties a state to the browser that asked for it. */
export const oauthBrowserCookieName = 'turnpike_oauth';

/** Messages of the OAuth routes. */
export const oauthMessages = {
  stateInvalid: 'the state parameter is empty or does not match',
  bindSessionChanged: 'the binding was started by another user; please start it again',
  /** The success message that tells the console a callback bound an account (spec 001 §4 "OAuth callback"). */
  bound: 'bind',
  loggedIn: 'login successful',
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The browser's binding secret: the existing cookie, else a new one set on the reply. */
function browserSecret(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[oauthBrowserCookieName];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const secret = crypto.randomBytes(32).toString('base64url');
  reply.setCookie(oauthBrowserCookieName, secret, { httpOnly: true, sameSite: 'lax', path: '/api/oauth', secure: request.protocol === 'https', maxAge: oauthStateSeconds });
  return secret;
}

/** The signed-in caller when the request proves it like a guarded route would (cookie or token, matching New-Api-User). */
async function signedInCaller(context: AppContext, request: FastifyRequest): Promise<UserRow | null> {
  const user = (await identify(context, request).catch(() => null))?.user;
  if (!user || user.deleted_at !== null || user.status !== UserStatus.Enabled) return null;
  return String(request.headers['new-api-user'] ?? '') === String(user.id) ? user : null;
}

/** Runs a provider exchange; a provider's refusal becomes a 400 with its message. */
async function exchanged(work: () => Promise<ExternalAccount>): Promise<ExternalAccount> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw badRequest(error.message);
    throw error;
  }
}

/** The console callback address of a provider (`<ServerAddress or this origin>/oauth/<id>`). */
function redirectUriFor(context: AppContext, request: FastifyRequest, provider: OAuthProvider): string {
  return oauthRedirectUri(context.options.string('ServerAddress').trim() || `${request.protocol}://${request.host}`, provider.id);
}

/** Registers the state route, one callback per registered OAuth provider, WeChat and Telegram. */
export function registerOAuthRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const limit = criticalLimitPerIp(context, 'account');
  const options = context.options;

  const requireEnabled = (source: IdentitySource): void => {
    if (!options.bool(source.enabledOption)) throw forbidden(externalAccountMessages.notEnabled(source.name));
  };
  const logIn = async (request: FastifyRequest, reply: FastifyReply, source: IdentitySource, account: ExternalAccount, affCode: string) => {
    const user = await signInWithExternalAccount(context, source, account, affCode);
    return success(await signInAnswer(context, request, reply, user, `oauth:${source.usernamePrefix.replace(/_$/, "")}`), oauthMessages.loggedIn);
  };

  app.get('/api/oauth/state', access('public', limit), async (request, reply) => {
    const caller = await signedInCaller(context, request);
    const affCode = text((request.query as Record<string, unknown>).aff).trim();
    const state = await issueOAuthState(context.db, browserSecret(request, reply), { affCode, bindUserId: caller?.id ?? 0 });
    return success(state);
  });

  for (const provider of oauthProviders) {
    app.get(`/api/oauth/${provider.id}`, access('public', limit), async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const state = text(query.state);
      const intent = await consumeOAuthState(context.db, state, request.cookies[oauthBrowserCookieName]);
      if (!intent) throw forbidden(oauthMessages.stateInvalid);
      requireEnabled(provider);
      if (text(query.error)) throw badRequest(text(query.error_description) || text(query.error));
      const code = text(query.code);
      if (!code) throw badRequest(providerMessages.invalidCode);
      let binder: UserRow | null = null;
      if (intent.bindUserId !== 0) {
        binder = await signedInCaller(context, request);
        if (!binder) throw unauthorized();
        if (binder.id !== intent.bindUserId) throw forbidden(oauthMessages.bindSessionChanged);
      }
      const callbackParams: Record<string, string> = text(query.iss) ? { iss: text(query.iss) } : {};
      const redirectUri = redirectUriFor(context, request, provider);
      const account = await exchanged(() => provider.exchange({ code, state, callbackParams, redirectUri, options, endpoints: oauthEndpointsFor(context) }));
      if (binder) {
        await bindExternalAccount(context, binder, provider, account);
        return success(undefined, oauthMessages.bound);
      }
      return logIn(request, reply, provider, account, intent.affCode);
    });
  }

  app.get('/api/oauth/wechat', access('public', limit), async (request, reply) => {
    requireEnabled(wechatSource);
    const account = await exchanged(() => wechatAccountForCode(options, text((request.query as Record<string, unknown>).code)));
    return logIn(request, reply, wechatSource, account, '');
  });

  app.get('/api/oauth/wechat/bind', access('user', limit), async (request) => {
    requireEnabled(wechatSource);
    const account = await exchanged(() => wechatAccountForCode(options, text((request.query as Record<string, unknown>).code)));
    await bindExternalAccount(context, currentUser(request), wechatSource, account);
    return success(undefined, oauthMessages.bound);
  });

  app.get('/api/oauth/telegram/login', access('public', limit), async (request, reply) => {
    requireEnabled(telegramSource);
    const account = await exchanged(async () => telegramAccountOf(options, readTelegramFields(request.query)));
    return logIn(request, reply, telegramSource, account, '');
  });

  app.post('/api/oauth/telegram/bind', access('user', limit), async (request) => {
    requireEnabled(telegramSource);
    const fields = { ...readTelegramFields(request.query), ...readTelegramFields(request.body) };
    const account = await exchanged(async () => telegramAccountOf(options, fields));
    await bindExternalAccount(context, currentUser(request), telegramSource, account);
    return success(undefined, oauthMessages.bound);
  });
}
