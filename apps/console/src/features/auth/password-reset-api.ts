// Password reset calls: ask for the mailed link, then spend it for a new password.
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** Asks the server to mail a reset link (the same answer whether or not an account uses the address). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile: string }) =>
      apiClient.get<unknown>('/api/reset_password', { query: { email, turnstile } }),
  });
}

/** Spends the link's token; resolves the new password the server set. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: async (payload: { email: string; token: string }) => String((await apiClient.post<unknown>('/api/user/reset', payload)) ?? ''),
  });
}
