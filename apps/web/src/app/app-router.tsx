/**
 * The app's router: React Router's declarative `<Router>` over the app's history (lib/router/app-history.ts) and its route
 * table (router.tsx), with what its data router gave before: the screens' code loaded before their first render
 * (every lazy part of the matched routes at once, not one after the other as they render), a page shown in place of
 * a screen that failed, and `flushSync` navigations.
 */
import { Component, type ReactNode, Suspense, startTransition, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type Location, matchRoutes, type NavigationType, type RouteObject, Router, useRoutes } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import type { AppHistory } from '@/lib/router/app-history';
import { HistoryContext } from '@/lib/router/history-context';
import { RouteErrorPage } from './routes/route-error-page';

/** A lazy part of a route: its code can be asked for before it renders. */
type Preloadable = { preload?: () => Promise<unknown> };

/** Asks for the code of every lazy part of the routes matching `location`, at once; resolves when all are in. */
export function preloadRoutes(routes: RouteObject[], location: Pick<Location, 'pathname'>): Promise<unknown> {
  const matches = matchRoutes(routes, location) ?? [];
  return Promise.all(
    matches.map(({ route }) => (route.Component as Preloadable | null | undefined)?.preload?.()).filter(Boolean),
  );
}

/** A location's path and history key: two different ones are two different entries. */
const pathKey = (location: Location) => `${location.key} ${location.pathname}${location.search}${location.hash}`;

/** Shows the error page in place of a screen that threw while rendering or while its code loaded. */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A screen failed') };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The routes `routes` at the location of `history`. */
export function AppRouter({ history, routes }: { history: AppHistory; routes: RouteObject[] }) {
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  const shown = useRef(state.location);
  shown.current = state.location;
  useLayoutEffect(() => {
    const unlisten = history.listen(({ action, location, flushSync: now }) => {
      void preloadRoutes(routes, location).catch(() => undefined);
      if (now) flushSync(() => setState({ action, location }));
      else startTransition(() => setState({ action, location }));
    });
    // The first render runs in a transition: a change of location before this point (a link followed, the hash
    // changed while the app started) was told to nobody, and is taken now.
    const current = history.location;
    if (pathKey(current) !== pathKey(shown.current)) setState({ action: history.action, location: current });
    return unlisten;
  }, [history, routes]);
  return (
    <HistoryContext.Provider value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <Routes routes={routes} />
          </Suspense>
        </RouteErrorBoundary>
      </Router>
    </HistoryContext.Provider>
  );
}
