// Third-party sign-in calls: the CSRF state, the OAuth callback, WeChat and Telegram sign-in and binding.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OAuthLoginProvider } from '@turnpike/contract';
import { apiClient, requestEnvelope } from '../../lib/api-client';
import { isUserScopedQuery, storeUser, type SessionUser } from '../../lib/session';
import { readString, StorageKeys } from '../../lib/storage';
import type { SiteStatus } from '../../lib/site-status';

/** The success message of a callback that bound an account instead of signing in (spec 001 §4). */
export const bindMessage = 'bind';

/** Fields the Telegram Login Widget hands the page. */
export type TelegramWidgetUser = Record<string, string | number>;

/** Sends the browser to the provider's authorize page with a fresh state (carrying the stored invitation code). */
export async function startOAuth(provider: OAuthLoginProvider, status: SiteStatus): Promise<void> {
  const state = await apiClient.get<string>('/api/oauth/state', { query: { aff: readString(StorageKeys.affiliateCode) ?? undefined } });
  window.location.assign(provider.authorizeUrl(status, state));
}

/** What a callback did: signed in (with the user) or bound an account. */
export type CallbackOutcome = { kind: 'login'; user: SessionUser } | { kind: 'bind' };

/** Stores a signed-in user and drops cached data of any previous user. */
function useSignedIn(): (user: SessionUser) => void {
  const queryClient = useQueryClient();
  return (user) => {
    queryClient.removeQueries({ predicate: isUserScopedQuery });
    storeUser(user);
  };
}

/** Sends the provider's callback parameters to `GET /api/oauth/<provider>`; a login stores the user. */
export function useOAuthCallback() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async ({ provider, params }: { provider: string; params: Record<string, string> }): Promise<CallbackOutcome> => {
      const envelope = await requestEnvelope<SessionUser | undefined>('GET', `/api/oauth/${provider}`, { query: params });
      if (envelope.message === bindMessage || !envelope.data) return { kind: 'bind' };
      return { kind: 'login', user: envelope.data };
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'login') signedIn(outcome.user);
    },
  });
}

/** Signs in with a code from the WeChat official account. */
export function useWechatLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (code: string) => apiClient.get<SessionUser>('/api/oauth/wechat', { query: { code } }),
    onSuccess: signedIn,
  });
}

/** Signs in with the Telegram widget's signed fields. */
export function useTelegramLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (user: TelegramWidgetUser) => apiClient.get<SessionUser>('/api/oauth/telegram/login', { query: { ...user, lang: document.documentElement.lang || undefined } }),
    onSuccess: signedIn,
  });
}

/** Binds the Telegram account of the widget's signed fields to the signed-in user. */
export function useTelegramBind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: TelegramWidgetUser) => apiClient.post<unknown>('/api/oauth/telegram/bind', user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['self'] }),
  });
}
