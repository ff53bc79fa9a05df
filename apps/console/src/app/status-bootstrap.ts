// Loads GET /api/status on start and stores it; the shell waits for it only when nothing is stored yet.
import { useQuery } from '@tanstack/react-query';
import i18n from '../i18n/i18n';
import { ApiError, apiClient } from '../lib/api-client';
import { notify } from '../lib/notify';
import { applySiteStatus, useHasSiteStatus, type SiteStatus } from '../lib/site-status';

/** Query key of the status call; invalidate it after changing options that the status reflects. */
export const statusQueryKey = ['status'] as const;

/** Fetches the status, stores it, and reports failures with the spec's two messages. */
export async function fetchSiteStatus(): Promise<SiteStatus> {
  try {
    const status = await apiClient.get<SiteStatus>('/api/status', { silent: true });
    const value = typeof status === 'object' && status !== null ? status : {};
    applySiteStatus(value);
    return value;
  } catch (error) {
    const envelopeFailure = error instanceof ApiError && error.kind === 'envelope';
    notify.error(i18n.t(envelopeFailure ? 'status.loadFailed' : 'status.connectFailed'));
    throw error;
  }
}

/**
 * Starts the status load; `ready` is true once a status is stored or the load has finished, `loaded` once this
 * page's own load has finished (a stored status may be stale: setup done since, in this browser or another).
 */
export function useStatusBootstrap(): { ready: boolean; loaded: boolean } {
  const hasStatus = useHasSiteStatus();
  const query = useQuery({ queryKey: statusQueryKey, queryFn: fetchSiteStatus, staleTime: 60_000 });
  return { ready: hasStatus || !query.isPending, loaded: !query.isPending };
}
