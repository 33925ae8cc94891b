/**
 * Renders a component as the app would (Mantine theme, TanStack Query, i18n in the chosen language,
 * a router at `path`) for DOM component tests. Calls to the API go through `fetch`, which a test
 * replaces with `mockApi`.
 */
import '@/i18n/i18n';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { type To, UNSAFE_createMemoryHistory } from 'react-router';
import { vi } from 'vitest';
import { AppRouter } from '@/app/app-router';
import { cssVariablesResolver, theme } from '@/app/theme';
import { i18n } from '@/i18n/i18n';
import { loadScreenTexts, TEXT_PACKS } from '@/i18n/screens';
import { type AppHistory, createAppHistory } from '@/lib/router/app-history';

/** The app's history in memory at `path`, and a handle on it as tests read and move it. */
export function memoryRouter(path: string) {
  const history = createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  return {
    history,
    router: {
      state: {
        get location() {
          return history.location;
        },
        get historyAction() {
          return history.action;
        },
      },
      navigate: (to: To | number, options: { state?: unknown; replace?: boolean } = {}) => {
        if (typeof to === 'number') history.go(to);
        else if (options.replace) history.replace(to, options.state);
        else history.push(to, options.state);
      },
    },
  };
}
export type TestRouter = ReturnType<typeof memoryRouter>['router'];
export type { AppHistory };

export type RenderOptions = {
  lang?: 'fr' | 'en';
  /** The URL the component is shown at (default `/`). */
  path?: string;
  /** The route pattern that matches `path` (so `useParams` works), default `*`. */
  route?: string;
};

/** Renders `ui` inside the app's providers; returns Testing Library's queries, a user and the query client. */
export async function renderUi(ui: ReactElement, options: RenderOptions = {}) {
  await Promise.all([loadScreenTexts('en', TEXT_PACKS), loadScreenTexts('fr', TEXT_PACKS)]);
  i18n.changeLanguage(options.lang ?? 'en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { history, router } = memoryRouter(options.path ?? '/');
  const routes = [
    { path: options.route ?? '*', element: ui },
    { path: '*', element: <p>elsewhere</p> },
  ];
  const user = userEvent.setup();
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <AppRouter history={history} routes={routes} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient, router };
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (request: { method: string; path: string; body: unknown }) => Answer | Promise<Answer>;

/**
 * Replaces `fetch` with `handler`, which answers the app's API calls by method and path (relative to
 * /api/v1), at once or later (a promise, to force the order of two answers); returns the calls made, in order.
 */
export function mockApi(handler: Handler) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = `${url.pathname.replace(/^\/api\/v1/, '')}${url.search}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method: init.method ?? 'GET', path, body };
    calls.push(call);
    const answer = await handler(call);
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  return calls;
}
