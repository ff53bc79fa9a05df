// Drawing and task log calls (spec 001 §7): pages are fetched one after another and kept, the next one only when the
// table reaches the last loaded page (as new-api's pages do).
import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DrawingLogItem, TaskLogItem } from '@turnpike/contract';
import { apiClient, type QueryValue } from '../../lib/api-client';
import { needsNextPage } from './task-rules';

/** The applied filters of either page; times in seconds (the drawing log sends milliseconds). */
export interface TaskFilters {
  /** Admin only. */
  channelId: string;
  taskId: string;
  startTimestamp: number;
  endTimestamp: number;
}

/** Which log: drawings (`/api/mj/`) or tasks (`/api/task/`). */
export type TaskLogKind = 'drawing' | 'task';

interface ServerPage<T> {
  items: T[];
  total: number;
}

/** The query of one page: channel only for admins, drawing times in milliseconds, task times in seconds. */
export function taskQuery(kind: TaskLogKind, filters: TaskFilters, admin: boolean, page: number, pageSize: number): Record<string, QueryValue> {
  const scale = kind === 'drawing' ? 1000 : 1;
  const query: Record<string, QueryValue> = { p: page, page_size: pageSize, [kind === 'drawing' ? 'mj_id' : 'task_id']: filters.taskId.trim() };
  if (filters.startTimestamp > 0) query.start_timestamp = filters.startTimestamp * scale;
  if (filters.endTimestamp > 0) query.end_timestamp = filters.endTimestamp * scale;
  if (admin) query.channel_id = filters.channelId.replace(/\D/g, '');
  return query;
}

/** The path of a list: admins read everyone's, users their own. */
export function taskListPath(kind: TaskLogKind, admin: boolean): string {
  if (kind === 'drawing') return admin ? '/api/mj/' : '/api/mj/self/';
  return admin ? '/api/task/' : '/api/task/self';
}

/** The loaded rows of a log, with what fetches the next page. */
export function useTaskLog<T extends DrawingLogItem | TaskLogItem>(kind: TaskLogKind, filters: TaskFilters, admin: boolean, pageSize: number) {
  const query = useInfiniteQuery({
    queryKey: ['task-log', kind, admin ? 'all' : 'self', filters, pageSize],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const data = await apiClient.get<Partial<ServerPage<T>>>(taskListPath(kind, admin), { query: taskQuery(kind, filters, admin, pageParam, pageSize) });
      return { items: Array.isArray(data?.items) ? data.items : [], total: typeof data?.total === 'number' ? data.total : 0 };
    },
    getNextPageParam: (last, pages) => (pages.reduce((sum, page) => sum + page.items.length, 0) < last.total && last.items.length > 0 ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { query, rows, total };
}

/** The rows of `page` out of the loaded ones, fetching the next server page once the table reaches past them. */
export function usePagedRows<T>(log: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> }; rows: T[]; total: number }, page: number, pageSize: number): T[] {
  const { query, rows, total } = log;
  const wantsMore = needsNextPage(page, pageSize, rows.length, total) && query.hasNextPage && !query.isFetchingNextPage;
  useEffect(() => {
    if (wantsMore) void query.fetchNextPage();
  }, [wantsMore, query]);
  return rows.slice((page - 1) * pageSize, page * pageSize);
}
