// GET /api/about: the admin's about content (Markdown, HTML or a URL).
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** Loads the about content; an empty string means none is configured. */
export function useAboutContent() {
  return useQuery({
    queryKey: ['about'],
    queryFn: async () => {
      const data = await apiClient.get<unknown>('/api/about');
      return typeof data === 'string' ? data : '';
    },
  });
}
