// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@evmap/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderUi } from '@/test/render';
import { ReportButton } from './report-button';

const UUID = '0b6f3a52-7d0e-4c55-9d2b-6a1f2b0c9e11';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('report button', () => {
  it('asks why, needs a reason, sends it, and remembers the report for this visitor', async () => {
    const calls = mockApi(() => ({ status: 204 }));
    const { user, unmount } = await renderUi(<ReportButton uuid={UUID} />);
    await user.click(screen.getByRole('button', { name: 'Report this event' }));
    // The question comes with its code, loaded when the button is pressed.
    const question = await screen.findByRole('radiogroup', { name: 'Why are you reporting this event?' });
    // The first choice takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Wrong information' }));
    expect(question).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(screen.getByText('Choose a reason.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    await screen.findByText('Thank you, this event was reported.');
    expect(calls).toEqual([{ method: 'POST', path: `/public/events/${UUID}/signal`, body: { reason: 'spam' } }]);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.reported)!)).toEqual([UUID]);
    unmount();

    // Opened again later: the notice is the reporter's, and nothing is sent twice.
    await renderUi(<ReportButton uuid={UUID} />);
    expect(screen.getByRole('status').textContent).toBe(
      'You reported this event. Thank you: an administrator will review it.',
    );
    expect(screen.queryByRole('button', { name: 'Report this event' })).toBeNull();
  });

  it('can be cancelled, and speaks French', async () => {
    const calls = mockApi(() => ({ status: 204 }));
    const { user } = await renderUi(<ReportButton uuid={UUID} />, { lang: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Signaler cet événement' }));
    expect(await screen.findByRole('radiogroup', { name: 'Pourquoi signalez-vous cet événement\u202f?' })).toBeTruthy();
    for (const reason of ['Informations erronées', 'Annulé', 'Offensant', 'Pourriel', 'Autre chose']) {
      expect(screen.getByRole('radio', { name: reason })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Signaler cet événement' })).toBeTruthy());
    expect(calls).toHaveLength(0);
  });
});
