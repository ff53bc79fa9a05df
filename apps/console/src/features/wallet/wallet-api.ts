// Wallet calls (spec 001 §7 Wallet): balance, redeem a code, payable amount, start a payment.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The balance fields of GET /api/user/self. */
export interface WalletSelf {
  quota: number;
  used_quota: number;
  request_count: number;
}

const selfKey = ['self'] as const;

/** Loads the signed-in user's balance (the same cache entry as the personal page). */
export function useWalletSelf() {
  return useQuery({ queryKey: selfKey, queryFn: () => apiClient.get<WalletSelf>('/api/user/self'), staleTime: 0 });
}

/** Redeems a code; resolves the quota added and refreshes the balance. */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) => Number(await apiClient.post<unknown>('/api/user/topup', { key })) || 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfKey }),
  });
}

/** The payable money for `amount` (POST /api/user/amount); quiet, the form shows the failure inline. */
export function usePayableAmount(amount: number, topUpCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['topup-amount', amount, topUpCode],
    queryFn: async () => Number(await apiClient.post<unknown>('/api/user/amount', { amount, top_up_code: topUpCode }, { silent: true })),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}

/** Starts a payment (POST /api/user/pay); resolves the answer's data (the url and form fields). */
export function useStartPayment() {
  return useMutation({
    mutationFn: (body: { amount: number; top_up_code: string; payment_method: string }) => apiClient.post<unknown>('/api/user/pay', body),
  });
}
