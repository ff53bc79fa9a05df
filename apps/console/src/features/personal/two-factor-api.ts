// Two-factor calls of the signed-in user: status, setup, enable, disable, new backup codes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** GET /api/user/2fa/status. */
export interface TwoFactorStatus {
  enabled: boolean;
  locked: boolean;
  backup_codes_remaining?: number;
}

/** POST /api/user/2fa/setup. */
export interface TwoFactorSetup {
  secret: string;
  qr_code_data: string;
  backup_codes: string[];
}

const statusKey = ['two-factor-status'] as const;

/** Loads whether two-factor sign-in is on. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: () => apiClient.get<TwoFactorStatus>('/api/user/2fa/status') });
}

/** Starts a setup: a new secret, its QR code text and backup codes. */
export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => apiClient.post<TwoFactorSetup>('/api/user/2fa/setup') });
}

/** Enables, disables or regenerates backup codes with a code; the answer's cookie moves this session to a new version. */
export function useTwoFactorChange(action: 'enable' | 'disable' | 'backup_codes') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.post<{ backup_codes?: string[] }>(`/api/user/2fa/${action}`, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
