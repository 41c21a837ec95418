import '@mantine/core/styles.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { PageLoading } from './ui/page/PageState';
import { AppRouter } from './app/AppRouter';
import { LazyNotifications } from './app/LazyNotifications';
import { AppRoutes } from './router';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoading />}>
          <AppRouter>
            <AppRoutes />
          </AppRouter>
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
