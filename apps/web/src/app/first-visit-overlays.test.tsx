// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieBanner } from '@/components/cookie-banner';
import { LocationPrompt } from '@/features/map/components/location-prompt';
import { renderUi } from '@/test/render';

function firstVisit(width: number) {
  window.localStorage.clear();
  window.sessionStorage.clear();
  (
    window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width, height: 844 });
}

afterEach(() => window.localStorage.clear());

describe('overlays of a first visit', () => {
  it.each([
    ['en', 'Your privacy', 'Accept', 'Use your location?'],
    ['fr', 'Votre vie privée', 'Accepter', 'Utiliser votre position\u202f?'],
  ] as const)(
    'on a phone (%s): the cookie banner first, then the location prompt',
    async (lang, privacy, accept, location) => {
      firstVisit(390);
      const { user } = await renderUi(
        <>
          <LocationPrompt />
          <CookieBanner />
        </>,
        { lang },
      );
      await screen.findByRole('region', { name: privacy });
      expect(screen.queryByRole('dialog', { name: location })).toBeNull();

      await user.click(screen.getByRole('button', { name: accept }));
      await screen.findByRole('dialog', { name: location });
      expect(screen.queryByRole('region', { name: privacy })).toBeNull();
    },
  );

  it('on a wide window: both at once, since they cover neither each other nor the pickers', async () => {
    firstVisit(1280);
    await renderUi(
      <>
        <LocationPrompt />
        <CookieBanner />
      </>,
    );
    await screen.findByRole('region', { name: 'Your privacy' });
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Use your location?' })).toBeTruthy());
  });
});
