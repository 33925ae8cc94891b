// @vitest-environment happy-dom
import type { ImportLink } from '@evmap/contract/import';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { mockApi, renderUi } from '@/test/render';
import { ImportLinksQueue } from './import-links-queue';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const link = (overrides: Partial<ImportLink> = {}): ImportLink => ({
  id: 4,
  sourceId: 3,
  sourceName: 'Ville de Montréal — données ouvertes',
  externalId: '51234',
  title: 'Heure du conte',
  createdAt: '2026-11-20T14:00:00.000Z',
  splittable: true,
  event: { id: 9, uuid: 'u-9', handle: 'l-heure-du-conte', titleFr: "L'heure du conte", titleEn: 'Story time' },
  ...overrides,
});

const render = (lang: 'en' | 'fr' = 'en') => renderUi(<ImportLinksQueue />, { lang });
const row = (title: string) => screen.getByRole('rowheader', { name: title }).closest('tr') as HTMLElement;

describe('the possible duplicates', () => {
  it('show the record, the event it was linked to, and its source, in English', async () => {
    mockApi(() => ({ body: { links: [link()] } }));
    await render();
    expect(screen.getByRole('heading', { name: 'Possible duplicates', level: 2 })).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Heure du conte' });
    const cells = within(row('Heure du conte'));
    const event = cells.getByRole('link', { name: 'Story time (opens in a new tab)' });
    expect(event.getAttribute('href')).toBe('/events/l-heure-du-conte');
    expect(event.getAttribute('target')).toBe('_blank');
    expect(cells.getByText('Ville de Montréal — données ouvertes')).toBeTruthy();
    expect(cells.getByText('Heure du conte').getAttribute('lang')).toBe('fr');
    expect(cells.getByRole('button', { name: 'Split Heure du conte' })).toBeTruthy();
  });

  it('show them in French, and say when there is none', async () => {
    mockApi(() => ({ body: { links: [link()] } }));
    await render('fr');
    await screen.findByRole('rowheader', { name: 'Heure du conte' });
    expect(screen.getByRole('heading', { name: 'Doublons possibles', level: 2 })).toBeTruthy();
    const cells = within(row('Heure du conte'));
    expect(cells.getByRole('link', { name: /^L'heure du conte/ })).toBeTruthy();
    expect(cells.getByRole('button', { name: 'Séparer Heure du conte' })).toBeTruthy();
  });

  it('say there is none', async () => {
    mockApi(() => ({ body: { links: [] } }));
    await render();
    expect(await screen.findByText('No possible duplicate.')).toBeTruthy();
  });

  it('split one after a confirmation, and ask for the list again', async () => {
    let split = false;
    const calls = mockApi(({ method }) => {
      if (method === 'POST') {
        split = true;
        return { status: 201, body: { event: { id: 12, uuid: 'u-12', handle: 'heure-du-conte', active: true } } };
      }
      return { body: { links: split ? [] : [link()] } };
    });
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Split Heure du conte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split this record?' });
    expect(
      within(dialog).getByText(
        '“Heure du conte” from Ville de Montréal — données ouvertes becomes an event of its own, and is never linked to this event again.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Split Heure du conte' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Split this record?' })).getByRole('button', { name: 'Split' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('“Heure du conte” is now an event of its own.'));
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/connected/admin/source-links/4/split');
    expect(await screen.findByText('No possible duplicate.')).toBeTruthy();
  });

  it('tell the API’s refusal', async () => {
    mockApi(({ method }) =>
      method === 'POST'
        ? {
            status: 409,
            body: {
              errors: {
                global: 'This link was made before its record was kept: run its source again, then split it.',
              },
            },
          }
        : { body: { links: [link({ splittable: false })] } },
    );
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Split Heure du conte' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Split this record?' })).getByRole('button', { name: 'Split' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'This link was made before its record was kept: run its source again, then split it.',
      ),
    );
  });
});
