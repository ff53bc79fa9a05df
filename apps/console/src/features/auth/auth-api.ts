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

/** Logs in; on success stores the returned user and drops cached data of any previous user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, turnstile }: { payload: LoginPayload; turnstile: string }) =>
      apiClient.post<SessionUser>('/api/user/login', payload, { query: { turnstile } }),
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
