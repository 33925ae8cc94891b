// @vitest-environment happy-dom
import '@/i18n/i18n';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, Outlet, type RouteObject, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryRouter } from '@/test/render';
import { AppRouter, preloadRoutes } from './app-router';
import { lazyPage } from './router';
import { theme } from './theme';

vi.mock('@/lib/error-reporting', () => ({ reportError: vi.fn() }));
afterEach(() => vi.restoreAllMocks());

/** A lazy route part as the route table makes them (`lazyPage`), whose downloads are counted. */
function lazyPart(make: () => Promise<ComponentType>, loads: string[], name: string) {
  const { Component } = lazyPage(
    () => {
      loads.push(name);
      return make();
    },
    (component) => component,
  );
  return Component as ComponentType;
}

function Broken(): never {
  throw new Error('broken screen');
}

/** Changes the URL on its first render: after the router's first render, before its layout effect (a hash
 * followed while the app is still starting). */
let moveOnFirstRender: (() => void) | undefined;
function Starting() {
  const move = moveOnFirstRender;
  moveOnFirstRender = undefined;
  move?.();
  return <p>Home</p>;
}

function Hash() {
  return <p>Hash {useLocation().hash}</p>;
}

function show(routes: RouteObject[], path: string) {
  const { history, router } = memoryRouter(path);
  render(
    <MantineProvider theme={theme}>
      <AppRouter history={history} routes={routes} />
    </MantineProvider>,
  );
  return router;
}

describe("the app's router", () => {
  it("asks for every lazy part of a URL's routes at once, then shows them", async () => {
    const loads: string[] = [];
    let openLayout: (component: ComponentType) => void = () => undefined;
    const layout = lazyPart(() => new Promise((resolve) => (openLayout = resolve)), loads, 'layout');
    const page = lazyPart(async () => () => <h1>My events</h1>, loads, 'page');
    const routes: RouteObject[] = [
      { path: 'profile', Component: layout, children: [{ index: true, Component: page }] },
      { path: '*', element: <Link to="/profile">Profile</Link> },
    ];
    const pending = preloadRoutes(routes, { pathname: '/profile' });
    // The page's code is asked for with the layout's, not once the layout has rendered.
    expect(loads).toEqual(['layout', 'page']);
    openLayout(() => (
      <main>
        <Outlet />
      </main>
    ));
    await pending;
    show(routes, '/profile');
    expect(await screen.findByRole('heading', { name: 'My events' })).toBeTruthy();
    expect(loads).toEqual(['layout', 'page']);
  });

  it('shows the error page in place of a screen that throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show([{ path: '*', Component: Broken }], '/');
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('shows the error page when a lazy screen cannot be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = lazyPart(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      [],
      'x',
    );
    show([{ path: '*', Component: offline }], '/');
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
  });

  it('follows links and the back button', async () => {
    const routes: RouteObject[] = [
      { path: '/', element: <Link to="/b">To b</Link> },
      { path: '/b', element: <p>Page b</p> },
    ];
    const router = show(routes, '/');
    await act(async () => screen.getByRole('link', { name: 'To b' }).click());
    expect(await screen.findByText('Page b')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/b');
    await act(async () => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'To b' })).toBeTruthy();
  });

  it('takes a change of URL made before it listens to the history (while the app starts)', async () => {
    const { history } = memoryRouter('/');
    moveOnFirstRender = () => history.push('/#/auth/login', undefined);
    render(
      <MantineProvider theme={theme}>
        <AppRouter
          history={history}
          routes={[
            {
              path: '/',
              element: (
                <>
                  <Starting />
                  <Hash />
                </>
              ),
            },
          ]}
        />
      </MantineProvider>,
    );
    expect(await screen.findByText('Hash #/auth/login', {}, { timeout: 5000 })).toBeTruthy();
  });
});
