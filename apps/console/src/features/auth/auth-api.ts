// Sign-in, registration and e-mail verification calls.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { isUserScopedQuery, storeUser, type SessionUser } from '../../lib/session';

/** Body of POST /api/user/login. */
export interface LoginPayload {
  username: string;
  password: string;
}

/** Body of POST /api/user/register. */
export interface RegisterPayload {
  username: string;
  password: string;
  password2: string;
  email: string;
  verification_code: string;
  aff_code: string;
}

/** What login answers when the account has two-factor sign-in: the flow the code finishes. */
export interface TwoFactorChallenge {
  require_2fa: true;
  flow_token: string;
  expires_at: number;
}

/** True when a login answer asks for the second factor instead of signing in. */
export function needsSecondFactor(answer: SessionUser | TwoFactorChallenge): answer is TwoFactorChallenge {
  return 'require_2fa' in answer && answer.require_2fa === true;
}

/** Logs in; a signed-in answer stores the user and drops cached data of any previous user (a 2FA challenge stores nothing). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, turnstile }: { payload: LoginPayload; turnstile: string }) =>
      apiClient.post<SessionUser | TwoFactorChallenge>('/api/user/login', payload, { query: { turnstile } }),
    onSuccess: (answer) => {
      if (needsSecondFactor(answer)) return;
      queryClient.removeQueries({ predicate: isUserScopedQuery });
      storeUser(answer);
    },
  });
}

/** Finishes a two-factor sign-in with a TOTP or backup code; stores the user. */
export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: { flow_token: string; code: string }) => apiClient.post<SessionUser>('/api/user/login/2fa', payload),
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: isUserScopedQuery });
      storeUser(user);
    },
  });
}

/** Registers a new account. */
export function useRegister() {
  return useMutation({
    mutationFn: ({ payload, turnstile }: { payload: RegisterPayload; turnstile: string }) =>
      apiClient.post<unknown>('/api/user/register', payload, { query: { turnstile } }),
  });
}

/** Asks the server to e-mail a verification code. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile: string }) =>
      apiClient.get<unknown>('/api/verification', { query: { email, turnstile } }),
  });
}

/** True when the login answer or the typed credentials show the root account still uses the default password. */
export function usesDefaultPassword(user: SessionUser, payload: LoginPayload): boolean {
  return user.using_default_password === true || (payload.username === 'root' && payload.password === '123456');
}
