import type { Locale } from 'antd/es/locale';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './pages/route-error-boundary.tsx';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

export function App({ locale }: { locale: Locale }) {
  return (
    <AppProvider locale={locale}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProvider>
  );
}
