import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * A screen that failed to load or render, most often old code after an upgrade: a reload fixes
 * it. Kept light (no antd Result or Typography) because it ships in the entry chunk.
 */
function RouteErrorPage({ error }: { error: Error }) {
  const { t } = useTranslation('app');
  return (
    <Flex vertical align="center" gap={12} style={{ paddingTop: '18vh', textAlign: 'center' }}>
      <h2 style={{ margin: 0, fontWeight: 600 }}>{t('routeError.title')}</h2>
      <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.6)' }}>{error.message}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Flex>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value clears the error, without remounting (and so resetting) healthy children. */
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** Catches a failing screen; moving to another path gives the next screen a fresh start. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
