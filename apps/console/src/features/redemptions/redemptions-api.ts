// Redemption code calls (spec 001 §7 Redemptions, admin) as TanStack Query hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@turnpike/contract';
import { apiClient } from '../../lib/api-client';
import { normalizePage } from '../../lib/page-data';
import type { RedemptionPayload } from './redemptions-rules';

/** A redemption code as the admin list returns it. */
export interface RedemptionRecord {
  id: number;
  name: string;
  key: string;
  status: number;
  quota: number;
  created_time: number;
  redeemed_time?: number;
  used_user_id: number;
  expired_time?: number;
}

/** What the list shows: page, page size and the applied keyword (id or name). */
export interface RedemptionListParams {
  page: number;
  pageSize: number;
  keyword: string;
}

const redemptionsKey = ['redemptions'] as const;

/** Lists codes, or searches by id or name when a keyword is applied. */
export function useRedemptionList(params: RedemptionListParams) {
  return useQuery({
    queryKey: [...redemptionsKey, 'list', params],
    queryFn: async () => {
      const query = { p: params.page, page_size: params.pageSize };
      const data =
        params.keyword !== ''
          ? await apiClient.get<Partial<Page<RedemptionRecord>> | null>('/api/redemption/search', { query: { keyword: params.keyword, ...query } })
          : await apiClient.get<Partial<Page<RedemptionRecord>> | null>('/api/redemption/', { query });
      return normalizePage(data);
    },
    placeholderData: keepPreviousData,
  });
}

/** Loads one code for editing. */
export function useRedemptionDetail(id: number | null) {
  return useQuery({
    queryKey: [...redemptionsKey, 'detail', id],
    queryFn: () => apiClient.get<RedemptionRecord>(`/api/redemption/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Creates a batch of codes; resolves the new codes. */
export function useCreateRedemptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: RedemptionPayload) => {
      const data = await apiClient.post<unknown>('/api/redemption/', payload);
      return Array.isArray(data) ? data.filter((code): code is string => typeof code === 'string') : [];
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redemptionsKey }),
  });
}

/** Updates an unused code's name and quota. */
export function useUpdateRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: RedemptionPayload & { id: number }) => apiClient.put<RedemptionRecord>('/api/redemption/', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redemptionsKey }),
  });
}

/** Enables (1) or disables (2) a code with a status-only update. */
export function useSetRedemptionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) =>
      apiClient.put<RedemptionRecord>('/api/redemption/', { id, status }, { query: { status_only: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redemptionsKey }),
  });
}

/** Deletes a code. */
export function useDeleteRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<unknown>(`/api/redemption/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redemptionsKey }),
  });
}
