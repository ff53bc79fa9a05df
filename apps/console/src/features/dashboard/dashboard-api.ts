// Dashboard data calls: GET /api/data/ (admin, everyone or one username) and /api/data/self/ (the caller).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QuotaDataItem } from '@turnpike/contract';
import { apiClient } from '../../lib/api-client';

/** The applied query: window in seconds and (admin only) a username. */
export interface DashboardQuery {
  startTimestamp: number;
  endTimestamp: number;
  username: string;
}

function isDataItem(value: unknown): value is QuotaDataItem {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.model_name === 'string' && typeof row.created_at === 'number';
}

/** Loads the hourly usage rows of the window (the page buckets them into days or weeks itself). */
export function useUsageData(query: DashboardQuery, admin: boolean, enabled: boolean) {
  return useQuery({
    queryKey: ['usage-data', admin ? 'all' : 'self', query],
    queryFn: async () => {
      const path = admin ? '/api/data/' : '/api/data/self/';
      const data = await apiClient.get<unknown>(path, {
        query: { start_timestamp: query.startTimestamp, end_timestamp: query.endTimestamp, username: admin ? query.username.trim() || undefined : undefined },
      });
      return Array.isArray(data) ? data.filter(isDataItem) : [];
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
