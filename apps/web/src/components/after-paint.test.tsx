// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render';
import { AfterPaint } from './after-paint';

describe('AfterPaint', () => {
  it('shows a loader first, then loads and shows its lazy children once the page has painted', async () => {
    const load = vi.fn(async () => ({ default: () => <p>The form</p> }));
    const Form = lazy(load);
    await renderUi(
      <>
        <h1>New event</h1>
        <AfterPaint>
          <Form />
        </AfterPaint>
      </>,
      { lang: 'fr' },
    );
    // The heading at once; the form's code not asked for yet, a loader in its place.
    expect(screen.getByRole('heading', { name: 'New event' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Chargement…' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('The form')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
