// Usage log calls (spec 001 §7): the paged list, the stat summary and the admin user-info popup, as TanStack Query hooks.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogStat, UsageLogItem } from '@turnpike/contract';
import { apiClient, type QueryValue } from '../../lib/api-client';

/** The applied filters of the log page; empty strings do not filter. Times are in seconds. */
export interface LogFilters {
  type: number;
  startTimestamp: number;
  endTimestamp: number;
  tokenName: string;
  modelName: string;
  group: string;
  /** Admin only. */
  channel: string;
  /** Admin only. */
  username: string;
}

/** One page of log records. */
export interface LogPage {
  items: UsageLogItem[];
  total: number;
}

/** The user record shown in the admin user-info popup. */
export interface LogUserInfo {
  id: number;
  username: string;
  display_name?: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group?: string;
}

/** The query string of the filters: admins send username and channel, users do not. */
export function filterQuery(filters: LogFilters, admin: boolean): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    type: filters.type,
    token_name: filters.tokenName.trim(),
    model_name: filters.modelName.trim(),
    start_timestamp: filters.startTimestamp,
    end_timestamp: filters.endTimestamp,
    group: filters.group.trim(),
  };
  if (admin) {
    query.username = filters.username.trim();
    query.channel = filters.channel.trim();
  }
  return query;
}

function normalizePage(data: Partial<LogPage> | null | undefined): LogPage {
  return {
    items: Array.isArray(data?.items) ? data.items : [],
    total: typeof data?.total === 'number' ? data.total : 0,
  };
}

/** Loads one page of logs: everyone's (admin, GET /api/log/) or the caller's own (GET /api/log/self/). */
export function useLogList(filters: LogFilters, paging: { page: number; pageSize: number }, admin: boolean) {
  return useQuery({
    queryKey: ['logs', admin ? 'all' : 'self', filters, paging],
    queryFn: async () => {
      const path = admin ? '/api/log/' : '/api/log/self/';
      const data = await apiClient.get<Partial<LogPage>>(path, { query: { p: paging.page, page_size: paging.pageSize, ...filterQuery(filters, admin) } });
      return normalizePage(data);
    },
    placeholderData: keepPreviousData,
  });
}

/** Loads the consumed quota, RPM and TPM for the same filters (GET /api/log/stat or /api/log/self/stat). */
export function useLogStat(filters: LogFilters, admin: boolean) {
  return useQuery({
    queryKey: ['log-stat', admin ? 'all' : 'self', filters],
    queryFn: async () => {
      const data = await apiClient.get<Partial<LogStat>>(admin ? '/api/log/stat' : '/api/log/self/stat', { query: filterQuery(filters, admin) });
      return { quota: Number(data?.quota ?? 0) || 0, rpm: Number(data?.rpm ?? 0) || 0, tpm: Number(data?.tpm ?? 0) || 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** Loads one user for the admin popup (GET /api/user/{id}); only while `enabled`. */
export function useLogUserInfo(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['log-user-info', userId],
    queryFn: () => apiClient.get<LogUserInfo>(`/api/user/${userId}`),
    enabled,
    staleTime: 30_000,
  });
}
