// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status named "Loading…", in French too', async () => {
    const { unmount } = await renderUi(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    unmount();
    await renderUi(<Spinner size="sm" />, { lang: 'fr' });
    expect(screen.getByRole('status', { name: 'Chargement…' })).toBeTruthy();
  });
});
