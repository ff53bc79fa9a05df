// Dashboard session calls: list the user's sessions, end one, end the others, log out everywhere.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginSessionView } from '@turnpike/contract';
import { apiClient } from '../../lib/api-client';

const sessionsKey = ['user-sessions'] as const;

/** Loads the signed-in user's sessions (the current one first). */
export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => apiClient.get<LoginSessionView[]>('/api/user/sessions', { silent: true }), retry: false });
}

/** Ends one session. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => apiClient.delete<{ revoked_sid: string; current: boolean }>(`/api/user/sessions/${encodeURIComponent(sid)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Ends every session but this one. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<{ revoked_count: number }>('/api/user/sessions/revoke-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Ends every session including this one: the others first, then this one by logging out. */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: async () => {
      await apiClient.post('/api/user/sessions/revoke-others');
      await apiClient.get('/api/user/logout', { silent: true });
    },
  });
}

const browsers: ReadonlyArray<readonly [string, RegExp]> = [
  ['Edge', /Edg\//],
  ['Opera', /OPR\//],
  ['Firefox', /Firefox\//],
  ['Chrome', /Chrome\//],
  ['Safari', /Safari\//],
];
const systems: ReadonlyArray<readonly [string, RegExp]> = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/** A short device name from a user agent: browser and system, or the raw text (cut) when neither is known. */
export function deviceName(userAgent: string): string {
  const known = [browsers, systems].map((list) => list.find(([, pattern]) => pattern.test(userAgent))?.[0]).filter((name): name is string => name !== undefined);
  return known.length > 0 ? known.join(' · ') : userAgent.slice(0, 60);
}
