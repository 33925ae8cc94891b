// @vitest-environment happy-dom
/** Which source the event modal counts a view under: a link from an embed on another website counts as `embed`. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { EventModal } from './event-modal';

const globals = {
  categories: [],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};
const event = testEvent({ id: 5, titleEn: 'Concert in the park' });

afterEach(() => vi.unstubAllGlobals());

async function viewsRecorded(path: string, source: 'map_marker' | 'single_modal') {
  const calls = mockApi(({ path: called }) => {
    if (called === '/public/globals') return { body: globals };
    if (called.startsWith('/public/events/handle-or-uuid/')) return { body: { event } };
    return { status: 204 };
  });
  await renderUi(<EventModal handleOrUuid={event.handle} source={source} onClose={() => {}} onMissing={() => {}} />, {
    path,
  });
  await screen.findByText('Concert in the park');
  const stats = () => calls.filter((call) => call.path === `/public/events/${event.uuid}/stats`);
  await waitFor(() => expect(stats()).toHaveLength(1));
  return stats().map((call) => call.body);
}

describe('the view the event modal records', () => {
  it('counts a link opened from an embed (?from=embed) as an embed view', async () => {
    expect(await viewsRecorded(`/events/${event.handle}?from=embed`, 'single_modal')).toEqual([
      { type: 'view', value: 'embed' },
    ]);
  });

  it('counts other links and markers under their own source', async () => {
    expect(await viewsRecorded(`/events/${event.handle}`, 'single_modal')).toEqual([
      { type: 'view', value: 'single_modal' },
    ]);
    expect(await viewsRecorded(`/events/${event.handle}?from=elsewhere`, 'map_marker')).toEqual([
      { type: 'view', value: 'map_marker' },
    ]);
  });
});
