// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderUi } from '@/test/render';
import { NewsletterForm } from './newsletter-form';

afterEach(() => vi.unstubAllGlobals());

describe('the newsletter form (form kit)', () => {
  it('checks the address, puts a refusal of the server on it, then subscribes and empties the field', async () => {
    let refuse = true;
    const calls = mockApi(() =>
      refuse ? { status: 429, body: { errors: { email: 'Too many requests' } } } : { status: 204 },
    );
    const { user } = await renderUi(<NewsletterForm />);
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Email cannot be empty', { exact: false })).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(email, 'news@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many requests')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Thank you! You are subscribed to the newsletter.')).toBeTruthy();
    await waitFor(() => expect(email.value).toBe(''));
    expect(calls.at(-1)?.body).toEqual({ email: 'news@example.com' });
  });
});
