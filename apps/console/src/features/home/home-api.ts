// Home page calls: GET /api/notice (announcement) and GET /api/home_page_content.
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

async function getText(path: string): Promise<string> {
  const data = await apiClient.get<unknown>(path);
  return typeof data === 'string' ? data : '';
}

/** Loads the announcement text (Markdown); empty when none. */
export function useNotice() {
  return useQuery({ queryKey: ['notice'], queryFn: () => getText('/api/notice') });
}

/** Loads the custom home page content (Markdown, HTML or a URL); empty when none. */
export function useHomePageContent() {
  return useQuery({ queryKey: ['home-page-content'], queryFn: () => getText('/api/home_page_content') });
}
