// Admin user management calls (spec 000 §7) as TanStack Query hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@turnpike/contract';
import { apiClient } from '../../lib/api-client';
import { normalizePage } from '../../lib/page-data';

/** A user row as the admin list and detail calls return it. */
export interface UserRecord {
  id: number;
  username: string;
  display_name?: string;
  role: number;
  status: number;
  group?: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_count?: number;
  aff_quota?: number;
  aff_history_quota?: number;
  inviter_id?: number;
  email?: string;
  github_id?: string;
  oidc_id?: string;
  wechat_id?: string;
  telegram_id?: string;
  linux_do_id?: string;
  DeletedAt?: string | null;
}

/** What the list shows: page, page size and the applied search. */
export interface UserListParams {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
}

/** Admin actions of POST /api/user/manage. */
export type UserManageAction = 'promote' | 'demote' | 'disable' | 'enable' | 'delete';

/** Body of PUT /api/user/ (admin update). */
export interface UserUpdatePayload {
  id: number;
  username: string;
  display_name: string;
  password: string;
  group: string;
  quota: number;
}

/** Body of POST /api/user/ (admin create). */
export interface UserCreatePayload {
  username: string;
  display_name: string;
  password: string;
}

const usersKey = ['users'] as const;

/** True when the user has been deactivated (soft-deleted). */
export function isDeactivated(user: Pick<UserRecord, 'DeletedAt'>): boolean {
  return user.DeletedAt !== undefined && user.DeletedAt !== null && user.DeletedAt !== '';
}

/** Lists users, or searches when a keyword or group is applied. */
export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: [...usersKey, params],
    queryFn: async () => {
      const searching = params.keyword !== '' || params.group !== '';
      const query = { p: params.page, page_size: params.pageSize };
      const data = searching
        ? await apiClient.get<Partial<Page<UserRecord>>>('/api/user/search', { query: { keyword: params.keyword, group: params.group, ...query } })
        : await apiClient.get<Partial<Page<UserRecord>>>('/api/user/', { query });
      return normalizePage(data);
    },
    placeholderData: keepPreviousData,
  });
}

/** Loads the group names for the group selects. */
export function useGroups() {
  return useQuery({
    queryKey: ['groups'],
    queryFn: async () => {
      const data = await apiClient.get<unknown>('/api/group/');
      return Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
    },
    staleTime: 60_000,
  });
}

/** Loads one user by id (admin). */
export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: ['user', id],
    queryFn: () => apiClient.get<UserRecord>(`/api/user/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Creates a user. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UserCreatePayload) => apiClient.post<unknown>('/api/user/', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** Updates a user (admin). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UserUpdatePayload) => apiClient.put<unknown>('/api/user/', payload),
    onSuccess: (_data, payload) => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      void queryClient.invalidateQueries({ queryKey: ['user', payload.id] });
    },
  });
}

function patchListedUser(queryClient: QueryClient, id: number, patch: Partial<UserRecord>): void {
  queryClient.setQueriesData<Page<UserRecord>>({ queryKey: usersKey }, (page) =>
    page ? { ...page, items: page.items.map((user) => (user.id === id ? { ...user, ...patch } : user)) } : page,
  );
}

/** Runs an admin action; the list then shows the returned status and role (or the deactivation). */
export function useManageUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: UserManageAction }) =>
      apiClient.post<Partial<Pick<UserRecord, 'status' | 'role'>> | null>('/api/user/manage', { id, action }),
    onSuccess: (data, { id, action }) => {
      if (action === 'delete') {
        patchListedUser(queryClient, id, { DeletedAt: new Date().toISOString() });
        return;
      }
      const patch: Partial<UserRecord> = {};
      if (typeof data?.status === 'number') patch.status = data.status;
      if (typeof data?.role === 'number') patch.role = data.role;
      patchListedUser(queryClient, id, patch);
    },
  });
}
