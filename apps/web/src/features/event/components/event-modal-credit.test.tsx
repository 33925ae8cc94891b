// @vitest-environment happy-dom
/** The credit of an imported event in the modal (issue 25): the source, its licence and attribution. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { EventModal } from './event-modal';

const globals = {
  categories: [{ id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' }],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};

function open(shown: ReturnType<typeof testEvent>, lang: 'fr' | 'en') {
  mockApi(({ path }) => {
    if (path === '/public/globals') return { body: globals };
    if (path.startsWith('/public/events/handle-or-uuid/')) return { body: { event: shown } };
    return { status: 204 };
  });
  return renderUi(
    <EventModal handleOrUuid={shown.handle} source="map_marker" onClose={() => {}} onMissing={() => {}} />,
    { lang },
  );
}

const imported = testEvent({
  id: 4,
  source: {
    name: 'Événements publics',
    licence: 'CC BY 4.0',
    attribution: 'Ville de Montréal — Événements publics',
    url: 'https://donnees.montreal.ca/evenements.csv',
  },
});

describe("an imported event's credit", () => {
  it('names the source, its licence and its attribution, in English', async () => {
    await open(imported, 'en');
    const credit = await screen.findByRole('region', { name: 'Source' });
    expect(credit.textContent).toBe(
      'Imported from Événements publics.Licence: CC BY 4.0Ville de Montréal — Événements publics',
    );
  });

  it('in French', async () => {
    await open(imported, 'fr');
    const credit = await screen.findByRole('region', { name: 'Source' });
    expect(credit.textContent).toContain('Importé de Événements publics.');
    expect(credit.textContent).toContain('Licence\u202f: CC BY 4.0');
  });

  it('is not shown for an event typed by hand', async () => {
    await open(testEvent({ id: 5 }), 'en');
    await screen.findByRole('heading', { level: 2 });
    expect(screen.queryByRole('region', { name: 'Source' })).toBeNull();
  });
});
