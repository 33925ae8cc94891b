// @vitest-environment happy-dom
import '@/i18n/i18n';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { PageHeading } from '@/components/page-heading';
import { memoryRouter } from '@/test/render';
import { AppRouter } from './app-router';

function renderPages() {
  const { history, router } = memoryRouter('/profile');
  const routes = [
    {
      path: '/profile',
      element: (
        <>
          <PageHeading title="My events" />
          <Link to="/profile/events/create">Create an event</Link>
        </>
      ),
    },
    { path: '/profile/events/create', element: <PageHeading title="New event" /> },
  ];
  render(
    <MantineProvider theme={theme}>
      <AppRouter history={history} routes={routes} />
    </MantineProvider>,
  );
  return router;
}

describe('PageHeading (issue 27, item 10)', () => {
  it('leaves the focus alone on a first load, and takes it after a navigation in the app', async () => {
    const router = renderPages();
    expect(document.activeElement).toBe(document.body);
    await act(async () => {
      screen.getByRole('link', { name: 'Create an event' }).click();
    });
    const heading = screen.getByRole('heading', { level: 1, name: 'New event' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    // Back: the browser's own focus handling, not a jump to the heading.
    (document.activeElement as HTMLElement).blur();
    await act(() => router.navigate(-1));
    expect(document.activeElement).toBe(document.body);
    expect(document.title).toContain('My events');
  });
});
