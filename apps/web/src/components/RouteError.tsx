import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MessagePage } from './MessagePage.tsx';

/** What a crashed page shows instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('common.crashed')} text={t('common.crashedHint')}>
      <button type="button" className="yy-button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </MessagePage>
  );
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class Boundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[route] page failed', error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** The routes' error boundary: a crash or a failed chunk shows `RouteError`; the next navigation tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary resetKey={useLocation().key}>{children}</Boundary>;
}
