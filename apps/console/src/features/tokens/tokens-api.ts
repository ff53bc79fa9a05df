// Token calls (spec 001 §7 Tokens) as TanStack Query hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@turnpike/contract';
import { apiClient } from '../../lib/api-client';
import { normalizePage } from '../../lib/page-data';
import type { TokenPayload } from './tokens-rules';

/** A token as GET /api/token/ returns it (key without `sk-`). */
export interface TokenRecord {
  id: number;
  name: string;
  key: string;
  status: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  expired_time: number;
  created_time: number;
  accessed_time?: number;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
}

/** What the list shows: page, size and the applied search (name keyword, key). */
export interface TokenListParams {
  page: number;
  pageSize: number;
  keyword: string;
  token: string;
}

const tokensKey = ['tokens'] as const;

/** Lists tokens, or searches by name and key when either is applied. */
export function useTokenList(params: TokenListParams) {
  return useQuery({
    queryKey: [...tokensKey, 'list', params],
    queryFn: async () => {
      const searching = params.keyword !== '' || params.token !== '';
      const paging = { p: params.page, size: params.pageSize };
      const data = searching
        ? await apiClient.get<Partial<Page<TokenRecord>> | null>('/api/token/search', { query: { keyword: params.keyword, token: params.token, ...paging } })
        : await apiClient.get<Partial<Page<TokenRecord>> | null>('/api/token/', { query: paging });
      return normalizePage(data);
    },
    placeholderData: keepPreviousData,
  });
}

/** Loads one token for editing. */
export function useTokenDetail(id: number | null) {
  return useQuery({
    queryKey: [...tokensKey, 'detail', id],
    queryFn: () => apiClient.get<TokenRecord>(`/api/token/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Creates one token, or `count` tokens; resolves how many were created. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: TokenPayload) => {
      const data = await apiClient.post<unknown>('/api/token/', payload);
      return Array.isArray(data) ? data.length : 1;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** Updates a token's fields. */
export function useUpdateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TokenPayload & { id: number }) => apiClient.put<TokenRecord>('/api/token/', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** Enables (1) or disables (2) a token with a status-only update. */
export function useSetTokenStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) =>
      apiClient.put<TokenRecord>('/api/token/', { id, status }, { query: { status_only: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** Deletes a token. */
export function useDeleteToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<unknown>(`/api/token/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
