// Channel calls (spec 001 §7 Channels) as TanStack Query hooks; every list change refreshes the table.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelGroupUse, Page } from '@turnpike/contract';
import { apiClient, requestEnvelope } from '../../lib/api-client';
import { normalizePage } from '../../lib/page-data';
import type { ChannelPayload, TagEditPayload } from './channel-rules';
import type { ChannelListParams, ChannelListRow, ChannelRecord } from './channel-types';

const channelsKey = ['channels'] as const;

function readNumber(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A top-level number beside the envelope (the test's `time`, the balance's `balance`). */
function extraNumber(answer: object, field: string): number {
  return readNumber((answer as Record<string, unknown>)[field]);
}

/** True when a keyword, group or model filter is applied (the search endpoint is used). */
export function isSearching(params: Pick<ChannelListParams, 'keyword' | 'group' | 'model'>): boolean {
  return params.keyword !== '' || params.group !== '' || params.model !== '';
}

/** Lists channels, or searches when a filter is applied (GET /api/channel/ or /api/channel/search). */
export function useChannelList(params: ChannelListParams) {
  return useQuery({
    queryKey: [...channelsKey, 'list', params],
    queryFn: async () => {
      const common = { p: params.page, page_size: params.pageSize, id_sort: params.idSort, tag_mode: params.tagMode };
      const data = isSearching(params)
        ? await apiClient.get<Partial<Page<ChannelListRow>>>('/api/channel/search', {
            query: { ...common, keyword: params.keyword, group: params.group, model: params.model },
          })
        : await apiClient.get<Partial<Page<ChannelListRow>>>('/api/channel/', { query: common });
      return normalizePage(data);
    },
    placeholderData: keepPreviousData,
  });
}

/** Loads one channel for the edit drawer (GET /api/channel/{id}). */
export function useChannelDetail(id: number | null) {
  return useQuery({
    queryKey: [...channelsKey, 'detail', id],
    queryFn: () => apiClient.get<ChannelRecord>(`/api/channel/${id}`),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The group names (GET /api/group/). */
export function useGroupNames() {
  return useQuery({
    queryKey: ['groups'],
    queryFn: async () => {
      const data = await apiClient.get<unknown>('/api/group/');
      return Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
    },
    staleTime: 60_000,
  });
}

/** Every known model name (GET /api/channel/models, a list of {id}). */
export function useKnownModels() {
  return useQuery({
    queryKey: [...channelsKey, 'models'],
    queryFn: async () => {
      const data = await apiClient.get<unknown>('/api/channel/models');
      if (!Array.isArray(data)) return [];
      return data.flatMap((item: unknown) => {
        const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
        return typeof id === 'string' ? [id] : [];
      });
    },
    staleTime: 60_000,
  });
}

/** A model prefill group: a named model list an admin keeps for the channel form. */
export interface ModelPrefillGroup {
  id: number;
  name: string;
  models: string[];
}

/** The model prefill groups (GET /api/prefill_group?type=model); groups whose items are not a name list are left out. */
export function useModelPrefillGroups() {
  return useQuery({
    queryKey: [...channelsKey, 'prefill-groups', 'model'],
    queryFn: async (): Promise<ModelPrefillGroup[]> => {
      const data = await apiClient.get<unknown>('/api/prefill_group', { query: { type: 'model' }, silent: true });
      if (!Array.isArray(data)) return [];
      return data.flatMap((item: unknown) => {
        const group = item as { id?: unknown; name?: unknown; items?: unknown };
        if (typeof group.id !== 'number' || typeof group.name !== 'string' || !Array.isArray(group.items)) return [];
        return [{ id: group.id, name: group.name, models: group.items.filter((model): model is string => typeof model === 'string') }];
      });
    },
    staleTime: 60_000,
  });
}

/** The longest model list among a tag's channels (GET /api/channel/tag/models), to prefill the tag drawer. */
export function useTagModels(tag: string | null) {
  return useQuery({
    queryKey: [...channelsKey, 'tag-models', tag],
    queryFn: async () => {
      const data = await apiClient.get<unknown>('/api/channel/tag/models', { query: { tag } });
      return typeof data === 'string' ? data : '';
    },
    enabled: tag !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

function useChannelMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsKey }),
  });
}

/** What a create sends: the channel, and whether each key line becomes its own channel. */
export interface ChannelCreateVariables {
  channel: ChannelPayload;
  batch: boolean;
}

/** Creates one channel, or one per key line with `mode: 'batch'`; resolves to the number created. */
export function useCreateChannel() {
  return useChannelMutation(async ({ channel, batch }: ChannelCreateVariables) => {
    if (!batch) {
      await apiClient.post<unknown>('/api/channel/', channel);
      return 1;
    }
    const created = await apiClient.post<unknown>('/api/channel/', { mode: 'batch', channel });
    return Array.isArray(created) ? created.length : 1;
  });
}

/** Updates a channel: the whole form, or only {id, status}, {id, priority} or {id, weight}. */
export function useUpdateChannel() {
  return useChannelMutation((payload: { id: number } & Partial<ChannelPayload & { status: number }>) => apiClient.put<unknown>('/api/channel/', payload));
}

/** Deletes one channel (DELETE /api/channel/{id}/). */
export function useDeleteChannel() {
  return useChannelMutation((id: number) => apiClient.delete<unknown>(`/api/channel/${id}/`));
}

/** Copies a channel (POST /api/channel/copy/{id}). */
export function useCopyChannel() {
  return useChannelMutation((id: number) => apiClient.post<unknown>(`/api/channel/copy/${id}`));
}

/** What a test sends: the channel, an optional model, and whether failures stay silent (the picker shows them itself). */
export interface ChannelTestVariables {
  id: number;
  model?: string;
  silent?: boolean;
}

/** Tests a channel (GET /api/channel/test/{id}?model); resolves to the round trip in seconds. */
export function useTestChannel() {
  return useChannelMutation(async ({ id, model, silent }: ChannelTestVariables) => {
    const answer = await requestEnvelope<unknown>('GET', `/api/channel/test/${id}`, { query: { model: model || undefined }, silent });
    return extraNumber(answer, 'time');
  });
}

/** Queries a channel's upstream balance (GET /api/channel/update_balance/{id}/); resolves to the balance. */
export function useUpdateBalance() {
  return useChannelMutation(async (id: number) => extraNumber(await requestEnvelope<unknown>('GET', `/api/channel/update_balance/${id}/`), 'balance'));
}

/** The toolbar's whole-table actions. */
export type ChannelBulkAction = 'testAll' | 'updateBalances' | 'deleteDisabled' | 'fix';

/** Runs a whole-table action; resolves to the count the server reports (0 when it reports none). */
export function useBulkChannelAction() {
  return useChannelMutation(async (action: ChannelBulkAction) => {
    if (action === 'testAll') {
      await apiClient.get<unknown>('/api/channel/test');
      return 0;
    }
    if (action === 'updateBalances') {
      const data = await apiClient.get<{ updated?: number } | null>('/api/channel/update_balance');
      return readNumber(data?.updated);
    }
    if (action === 'deleteDisabled') return readNumber(await apiClient.delete<unknown>('/api/channel/disabled'));
    return readNumber(await apiClient.post<unknown>('/api/channel/fix'));
  });
}

/** Deletes the selected channels (POST /api/channel/batch {ids}); resolves to the count. */
export function useBatchDelete() {
  return useChannelMutation(async (ids: number[]) => readNumber(await apiClient.post<unknown>('/api/channel/batch', { ids })));
}

/** Tags the selected channels (POST /api/channel/batch/tag {ids, tag}); resolves to the count. */
export function useBatchTag() {
  return useChannelMutation(async ({ ids, tag }: { ids: number[]; tag: string }) => readNumber(await apiClient.post<unknown>('/api/channel/batch/tag', { ids, tag })));
}

/** Enables or disables every channel of a tag (POST /api/channel/tag/enabled|disabled); resolves to the count changed. */
export function useTagStatus() {
  return useChannelMutation(async ({ tag, enable }: { tag: string; enable: boolean }) =>
    readNumber(await apiClient.post<unknown>(`/api/channel/tag/${enable ? 'enabled' : 'disabled'}`, { tag })),
  );
}

/** Edits every channel of a tag (PUT /api/channel/tag); resolves to the count updated. */
export function useEditTag() {
  return useChannelMutation(async (payload: TagEditPayload) => readNumber(await apiClient.put<unknown>('/api/channel/tag', payload)));
}

/** Where to fetch the upstream model list from: a stored channel, or the form's type, key and base URL. */
export type FetchModelsSource = { id: number } | { type: number; key: string; base_url: string };

/** Fetches the upstream model list (GET /api/channel/fetch_models/{id} or POST /api/channel/fetch_models). */
export function useFetchUpstreamModels() {
  return useMutation({
    mutationFn: async (source: FetchModelsSource) => {
      const data = 'id' in source ? await apiClient.get<unknown>(`/api/channel/fetch_models/${source.id}`) : await apiClient.post<unknown>('/api/channel/fetch_models', source);
      return Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
    },
  });
}

/** Which groups and client types used a channel, from its recent logs; loads while `id` is set. */
export function useChannelUpstreamUse(id: number | null) {
  return useQuery({
    queryKey: [...channelsKey, 'upstream-use', id],
    queryFn: async () => {
      const data = await apiClient.get<{ groups?: unknown } | null>(`/api/channel/test_upstream/${id}`);
      return Array.isArray(data?.groups) ? (data.groups as ChannelGroupUse[]) : [];
    },
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
