// Personal settings calls (spec 000 §7): profile, password, access token, notifications, affiliate, deletion, binding.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requestEnvelope } from '../../lib/api-client';
import { getStoredUser, storeUser } from '../../lib/session';
import type { NotificationSettings, UserSettingValue } from './personal-rules';

/** The signed-in user as GET /api/user/self returns it. */
export interface SelfUser {
  id: number;
  username: string;
  display_name?: string;
  role: number;
  status?: number;
  group?: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_count?: number;
  aff_quota?: number;
  aff_history_quota?: number;
  email?: string;
  github_id?: string;
  oidc_id?: string;
  wechat_id?: string;
  telegram_id?: string;
  linux_do_id?: string;
  setting?: UserSettingValue;
}

const selfKey = ['self'] as const;

/** Loads the signed-in user. */
export function useSelf() {
  return useQuery({ queryKey: selfKey, queryFn: () => apiClient.get<SelfUser>('/api/user/self'), staleTime: 0 });
}

/** Loads the model names the user may call. */
export function useUserModels() {
  return useQuery({
    queryKey: ['user-models'],
    queryFn: async () => {
      const data = await apiClient.get<unknown>('/api/user/models');
      return Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
    },
  });
}

/** Loads the user's affiliate code. */
export function useAffiliateCode() {
  return useQuery({
    queryKey: ['aff-code'],
    queryFn: async () => String((await apiClient.get<unknown>('/api/user/aff')) ?? ''),
  });
}

/** Saves username and display name; also updates the stored user so the header follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: { username: string; display_name: string }) => apiClient.put<unknown>('/api/user/self', payload),
    onSuccess: (_data, payload) => {
      const stored = getStoredUser();
      if (stored) storeUser({ ...stored, ...payload });
      void queryClient.invalidateQueries({ queryKey: selfKey });
    },
  });
}

/** Changes the password (original_password + password). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (payload: { original_password: string; password: string }) => apiClient.put<unknown>('/api/user/self', payload),
  });
}

/** Resets the system access token and returns the new one. */
export function useResetAccessToken() {
  return useMutation({ mutationFn: async () => String((await apiClient.get<unknown>('/api/user/token')) ?? '') });
}

/** Saves the notification preferences. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => apiClient.put<unknown>('/api/user/setting', settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfKey }),
  });
}

/** Moves affiliate earnings into the balance; resolves the server's message. */
export function useAffiliateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (quota: number) => (await requestEnvelope<unknown>('POST', '/api/user/aff_transfer', { body: { quota } })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfKey }),
  });
}

/** Deletes the signed-in account. */
export function useDeleteSelf() {
  return useMutation({ mutationFn: () => apiClient.delete<unknown>('/api/user/self') });
}

/** E-mails a verification code for binding an address. */
export function useSendBindingCode() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile: string }) =>
      apiClient.get<unknown>('/api/verification', { query: { email, turnstile } }),
  });
}

/** Binds an e-mail address with its verification code. */
export function useBindEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) =>
      apiClient.get<unknown>('/api/oauth/email/bind', { query: { email, code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfKey }),
  });
}

/** Binds WeChat with the code from the official account. */
export function useBindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.get<unknown>('/api/oauth/wechat/bind', { query: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfKey }),
  });
}
