// First-run setup calls: GET /api/setup (status, root_init, database_type) and POST /api/setup.
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The answer of GET /api/setup. */
export interface SetupStatus {
  status: boolean;
  root_init: boolean;
  database_type?: string;
}

/** The body of POST /api/setup. */
export interface SetupPayload {
  username: string;
  password: string;
  confirmPassword: string;
  SelfUseModeEnabled: boolean;
  DemoSiteEnabled: boolean;
}

/** Usage modes offered by the setup form. */
export type UsageMode = 'external' | 'self' | 'demo';

/** Turns the chosen usage mode into the two option flags of the payload. */
export function usageModeFlags(mode: UsageMode): Pick<SetupPayload, 'SelfUseModeEnabled' | 'DemoSiteEnabled'> {
  return { SelfUseModeEnabled: mode === 'self', DemoSiteEnabled: mode === 'demo' };
}

/** Loads the setup status; failures are reported by the page. */
export function useSetupStatus() {
  return useQuery({
    queryKey: ['setup'],
    queryFn: () => apiClient.get<SetupStatus>('/api/setup', { silent: true }),
    staleTime: 0,
  });
}

/** Submits the setup; failures are reported by the page. */
export function useSubmitSetup() {
  return useMutation({
    mutationFn: (payload: SetupPayload) => apiClient.post<unknown>('/api/setup', payload, { silent: true }),
  });
}
