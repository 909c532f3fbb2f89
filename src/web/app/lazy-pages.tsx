import { Component, type ComponentType, lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '#web/components/spinner.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** A page whose code loads when it is first shown, or before through `load`: once loaded, it draws at once. */
export function lazyPageCode(load: () => Promise<ComponentType>): {
  element: ReactElement;
  load: () => Promise<ComponentType>;
} {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((page) => {
      loaded = page;
      return page;
    }));
  const Pending = lazy(() => loadOnce().then((page) => ({ default: page })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Pending />;
  }
  return { element: <Page />, load: loadOnce };
}

/** A page whose code loads when it is first shown. */
export const lazyElement = (load: () => Promise<ComponentType>): ReactElement => lazyPageCode(load).element;

/**
 * Shows the error page in place of what failed to show (a page whose code did not load, or that broke while
 * drawing); going to another address tries again.
 */
export class PageErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { pathname: string; failed: boolean }
> {
  state = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string; failed: boolean }) {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** Where a layout shows its page: a spinner in its place while its code loads on its first visit, or the error page. */
export function PageOutlet() {
  return (
    <PageErrorBoundary pathname={useLocation().pathname}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
