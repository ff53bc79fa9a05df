// Wallet calls (spec 001 §7 Wallet): balance, redeem a code, payable amount, start a payment.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TopupStatus, type TopupOrder } from '@turnpike/contract';
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

const ordersKey = ['topup-orders'] as const;

/** One page of top-up orders. */
export interface TopupOrderPage {
  items: TopupOrder[];
  total: number;
}

/** Lists top-up orders: the caller's own (`self`) or, for admins, everyone's (`all`); keyword searches trade numbers. */
export function useTopupOrders(scope: 'self' | 'all', params: { page: number; pageSize: number; keyword: string }, enabled = true) {
  return useQuery({
    queryKey: [...ordersKey, scope, params],
    queryFn: async (): Promise<TopupOrderPage> => {
      const data = await apiClient.get<Partial<TopupOrderPage> | null>(scope === 'self' ? '/api/user/topup/self' : '/api/user/topup', {
        query: { p: params.page, page_size: params.pageSize, keyword: params.keyword },
      });
      return { items: Array.isArray(data?.items) ? data.items : [], total: typeof data?.total === 'number' ? data.total : 0 };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The caller's order `tradeNo` after returning from the gateway; asked again every 2 s while it is pending. */
export function useReturnedOrder(tradeNo: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...ordersKey, 'returned', tradeNo],
    queryFn: async (): Promise<TopupOrder | null> => {
      const data = await apiClient.get<Partial<TopupOrderPage> | null>('/api/user/topup/self', { query: { keyword: tradeNo ?? '', p: 1, page_size: 10 }, silent: true });
      const order = (data?.items ?? []).find((item) => item.trade_no === tradeNo) ?? null;
      if (order?.status === TopupStatus.Success) await queryClient.invalidateQueries({ queryKey: selfKey });
      return order;
    },
    enabled: tradeNo !== null,
    refetchInterval: (query) => (query.state.data?.status === TopupStatus.Pending ? 2000 : false),
  });
}

/** Completes a stuck order (admin); refreshes the order lists and the balance. */
export function useCompleteTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tradeNo: string) => apiClient.post<unknown>('/api/user/topup/complete', { trade_no: tradeNo }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ordersKey });
      await queryClient.invalidateQueries({ queryKey: selfKey });
    },
  });
}
