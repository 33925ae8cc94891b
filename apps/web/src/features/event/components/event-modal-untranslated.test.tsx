// @vitest-environment happy-dom
/** The "not translated" mark of the event modal (issue 25): the original text in its language, then the mark. */
import type { Event } from '@evmap/contract/events';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { EventModal } from './event-modal';

const globals = {
  categories: [],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};

afterEach(() => vi.unstubAllGlobals());

async function open(event: Event, lang: 'en' | 'fr') {
  mockApi(({ path }) => {
    if (path === '/public/globals') return { body: globals };
    if (path.startsWith('/public/events/handle-or-uuid/')) return { body: { event } };
    return { status: 204 };
  });
  await renderUi(
    <EventModal handleOrUuid={event.handle} source="single_modal" onClose={() => {}} onMissing={() => {}} />,
    {
      lang,
    },
  );
  return screen.findByRole('dialog');
}

const frenchOnly = testEvent({
  id: 5,
  titleFr: 'Heure du conte',
  titleEn: 'Heure du conte',
  descriptionFr: 'Pour les 3 à 6 ans.',
  descriptionEn: 'Pour les 3 à 6 ans.',
  untranslated: { en: ['title', 'description'], fr: [] },
});

describe('the event modal’s untranslated texts', () => {
  it('shows the French original of the title and the description in English, each marked', async () => {
    const dialog = within(await open(frenchOnly, 'en'));
    await dialog.findByText('Heure du conte');
    expect(dialog.getByText('Heure du conte').getAttribute('lang')).toBe('fr');
    expect(dialog.getByText('Pour les 3 à 6 ans.').getAttribute('lang')).toBe('fr');
    expect(dialog.getAllByText('Not translated')).toHaveLength(2);
  });

  it('marks nothing in French, where the text is written', async () => {
    const dialog = within(await open(frenchOnly, 'fr'));
    await dialog.findByText('Heure du conte');
    expect(dialog.queryByText('Non traduit')).toBeNull();
    expect(dialog.getByText('Heure du conte').getAttribute('lang')).toBeNull();
  });

  it('says "Non traduit" in French for a text that is written in English only', async () => {
    const event = testEvent({ id: 6, titleFr: 'Jazz night', untranslated: { en: [], fr: ['title'] } });
    const dialog = within(await open(event, 'fr'));
    await dialog.findByText('Jazz night');
    expect(dialog.getByText('Jazz night').getAttribute('lang')).toBe('en');
    expect(dialog.getByText('Non traduit')).toBeTruthy();
  });
});
