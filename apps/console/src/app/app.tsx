// The console root: query cache, theme and antd context, notifier binding and the router.
import { App as AntdApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { NotifierBridge } from './notifier-bridge';
import { router } from './router';
import { ThemeProvider } from './theme';

// Failures are already reported by the API client, so queries do not retry (no repeated toasts).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** The whole console application. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AntdApp>
          <NotifierBridge />
          <RouterProvider router={router} />
        </AntdApp>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
