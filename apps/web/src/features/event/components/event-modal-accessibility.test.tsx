// @vitest-environment happy-dom
/** The event modal's accessibility attributes (issue 24): icon and text in the user's language, and the note. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { EventModal } from './event-modal';

const globals = {
  categories: [{ id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' }],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};

const event = testEvent({
  id: 3,
  accessibility: {
    stepFree: 'yes',
    features: ['washroom', 'lsq', 'captioning'],
    noteFr: 'Entrée par la rue Sherbrooke',
    noteEn: 'Entrance on Sherbrooke Street',
  },
});

function open(shown: typeof event, lang: 'fr' | 'en') {
  mockApi(({ path }) => {
    if (path === '/public/globals') return { body: globals };
    if (path.startsWith('/public/events/handle-or-uuid/')) return { body: { event: shown } };
    return { status: 204 };
  });
  return renderUi(
    <EventModal handleOrUuid={shown.handle} source="map_marker" onClose={() => {}} onMissing={() => {}} />,
    {
      lang,
    },
  );
}

describe('the event modal', () => {
  it('lists the attributes, each with its icon and its text, then the note, in English', async () => {
    await open(event, 'en');
    const section = await screen.findByRole('region', { name: 'Accessibility' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Step-free entrance',
      'Accessible washroom',
      'LSQ interpretation',
      'Live captioning (CART)',
    ]);
    for (const item of items) expect(item.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    expect(section.textContent).toContain('Accessibility note: Entrance on Sherbrooke Street');
  });

  it('says them in French', async () => {
    await open(event, 'fr');
    const section = await screen.findByRole('region', { name: 'Accessibilité' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Entrée sans marche',
      'Toilettes accessibles',
      'Interprétation en LSQ',
      'Sous-titrage en direct (CART)',
    ]);
    expect(section.textContent).toContain('Note sur l’accessibilité\u202f: Entrée par la rue Sherbrooke');
  });

  it('shows no accessibility section for an event without attributes', async () => {
    await open(testEvent({ id: 4, titleEn: 'Plain event' }), 'en');
    await screen.findByText('Plain event');
    expect(screen.queryByRole('region', { name: 'Accessibility' })).toBeNull();
  });
});
