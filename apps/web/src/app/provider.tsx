import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { notifierDemanded, subscribeNotifierDemand } from '#shared/notify.ts';
import { createQueryClient } from './query-client.ts';
import { theme } from './theme.ts';

const NotifierBridge = lazy(() => import('./notifier-bridge.tsx'));

/** Mounts antd's message API when the first toast is raised (see shared/notify.ts). */
function Toasts() {
  const demanded = useSyncExternalStore(subscribeNotifierDemand, notifierDemanded);
  return demanded ? (
    <Suspense fallback={null}>
      <NotifierBridge />
    </Suspense>
  ) : null;
}

export function AppProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
