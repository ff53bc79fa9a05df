// What the signed-in user may use, as TanStack Query hooks: usable groups, usable models, enabled token keys.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TokenStatus } from '@turnpike/contract';
import { apiClient } from './api-client';
import { useSessionUser } from './session';
import { useSiteStatus } from './site-status';
import { orderUsableGroups, readUsableGroups, type UsableGroupOption } from './usable-groups';

/** The groups of GET /api/user/self/groups, user group first (auto first when it is the default). */
export function useUsableGroups() {
  const user = useSessionUser();
  const status = useSiteStatus();
  const query = useQuery({
    queryKey: ['user-self-groups'],
    queryFn: async () => readUsableGroups(await apiClient.get<unknown>('/api/user/self/groups')),
    staleTime: 60_000,
  });
  const autoFirst = status.default_use_auto_group === true;
  const userGroup = user?.group;
  const data: UsableGroupOption[] | undefined = useMemo(
    () => (query.data ? orderUsableGroups(query.data, userGroup, autoFirst) : undefined),
    [query.data, userGroup, autoFirst],
  );
  return { ...query, data };
}

/** The model names of GET /api/user/models. */
export function useUsableModels() {
  return useQuery({
    queryKey: ['user-models'],
    queryFn: async () => {
      const data = await apiClient.get<unknown>('/api/user/models');
      return Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
    },
    staleTime: 60_000,
  });
}

/** The keys (without `sk-`) of the user's enabled tokens, from the first 100 (GET /api/token/?p=0&size=100). */
export function useEnabledTokenKeys() {
  return useQuery({
    queryKey: ['tokens', 'enabled-keys'],
    queryFn: async () => {
      const data = await apiClient.get<{ items?: Array<{ key?: unknown; status?: unknown }> } | null>('/api/token/', { query: { p: 0, size: 100 } });
      const items = Array.isArray(data?.items) ? data.items : [];
      return items.filter((item) => item.status === TokenStatus.Enabled && typeof item.key === 'string').map((item) => String(item.key));
    },
    staleTime: 0,
  });
}
