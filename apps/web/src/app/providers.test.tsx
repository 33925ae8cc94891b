// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/i18n/i18n';
import { toast, toastsRequested } from '@/lib/toast';
import { Providers } from './providers';

afterEach(cleanup);

describe('the toasts in the providers', () => {
  it('loads no toast container until the first toast, then shows the toasts in order, each with its role', async () => {
    render(
      <Providers>
        <p>page</p>
      </Providers>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    expect(toastsRequested()).toBe(false);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    toast.success('Saved');
    toast.error('Not sent');
    expect(toastsRequested()).toBe(true);

    const saved = await screen.findByText('Saved');
    const failed = await screen.findByText('Not sent');
    await waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
    // In the order they were asked for, the error read out at once, the success in its turn.
    expect(saved.compareDocumentPosition(failed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(saved.closest('[data-toast]')?.getAttribute('role')).toBe('status');
    expect(failed.closest('[data-toast]')?.getAttribute('role')).toBe('alert');
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });
});
