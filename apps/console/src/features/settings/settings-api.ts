// Settings calls (spec 000 §7, spec 001 §7): options list and writes, ratio reset, log cleanup, enabled models.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { statusQueryKey } from '../../app/status-bootstrap';
import { apiClient } from '../../lib/api-client';
import { saveEntriesInOrder, type SaveOutcome } from './option-form/option-save';
import { toOptionMap, type OptionEntry, type OptionMap } from './option-form/option-values';

/** Query key of the admin option list. */
export const optionsQueryKey = ['options'] as const;

/** Loads every option as a key → text map (secret options come back empty); `fresh` reloads them on mount. */
export function useOptions({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: optionsQueryKey,
    queryFn: async (): Promise<OptionMap> => toOptionMap(await apiClient.get<unknown>('/api/option/')),
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** Writes options one PUT per key, then reloads the options, the site status and the pricing (prices follow the options). */
export function useSaveOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: readonly OptionEntry[]): Promise<SaveOutcome> =>
      saveEntriesInOrder(entries, (entry) => apiClient.put<unknown>('/api/option/', entry)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: optionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: statusQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['pricing'] });
    },
  });
}

/** Puts ModelPrice, ModelRatio, CompletionRatio and CacheRatio back to their defaults. */
export function useResetModelRatios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<unknown>('/api/option/rest_model_ratio'),
    // Returned so that mutateAsync resolves only once the reloaded options are in the cache.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionsQueryKey }),
  });
}

/** Deletes every log older than `targetTimestamp` (seconds); resolves to the number removed. */
export function useCleanLogs() {
  return useMutation({
    mutationFn: async (targetTimestamp: number): Promise<number> => {
      const data = await apiClient.delete<unknown>('/api/log/', { query: { target_timestamp: targetTimestamp }, silent: true });
      return typeof data === 'number' ? data : Number(data) || 0;
    },
  });
}

/** Names of the models served by at least one enabled channel. */
export function useEnabledModels() {
  return useQuery({
    queryKey: ['channel-models-enabled'],
    queryFn: async (): Promise<string[]> => {
      const data = await apiClient.get<unknown>('/api/channel/models_enabled', { silent: true });
      return Array.isArray(data) ? data.filter((name): name is string => typeof name === 'string' && name !== '') : [];
    },
    staleTime: 30_000,
  });
}
