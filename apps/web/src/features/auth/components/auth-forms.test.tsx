// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { VerifyEmailForm } from './verify-email-form';

afterEach(() => vi.unstubAllGlobals());

const invalid = (element: HTMLElement) => element.getAttribute('aria-invalid') === 'true';

describe('the sign-in form (form kit)', () => {
  it('shows the catalogue messages, then the server messages on their fields', async () => {
    mockApi(() => ({ status: 400, body: { errors: { email: 'Email does not exist', global: 'Slow down' } } }));
    const onSignedIn = vi.fn();
    const { user } = await renderUi(<LoginForm state={{}} onSignedIn={onSignedIn} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The field Email is required')).toBeTruthy();
    expect(screen.getByText('The field Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Email/), 'someone@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Slow down');
    expect(screen.getByText('Email does not exist')).toBeTruthy();
    expect(invalid(screen.getByLabelText(/^Email/))).toBe(true);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});

describe('the sign-up form (form kit)', () => {
  it('asks for the account type, the business name of an organisation and the terms, then sends the language', async () => {
    const calls = mockApi(() => ({ body: { jwt: 'x', user: testUser() } }));
    const onSignedIn = vi.fn();
    const { user } = await renderUi(<SignupForm state={{}} onSignedIn={onSignedIn} />, { lang: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Le champ Type de compte est obligatoire')).toBeTruthy();
    expect(screen.getByText("Vous devez accepter les conditions d'utilisation")).toBeTruthy();

    await user.click(screen.getByLabelText('Je publie des événements (organisation)'));
    await user.type(screen.getByLabelText(/^Courriel/), 'org@example.com');
    await user.type(screen.getByLabelText(/^Mot de passe/, { selector: 'input' }), 'secret-password');
    await user.click(screen.getByRole('checkbox', { name: /conditions d'utilisation/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText("Le champ Nom de l'entreprise est obligatoire")).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^Nom de l'entreprise/), 'Salle Bourgie');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({
      type: 'event-manager',
      name: 'Salle Bourgie',
      email: 'org@example.com',
      acceptTerms: true,
      acceptCommunications: false,
      preferredLang: 'fr',
    });
  });

  it('puts a server message on the account type, which starts with no value', async () => {
    mockApi(() => ({ status: 400, body: { errors: { type: 'Refused type' } } }));
    const { user } = await renderUi(<SignupForm state={{}} onSignedIn={() => {}} />);
    await user.click(screen.getByLabelText('I am looking for events'));
    await user.type(screen.getByLabelText(/^Email/), 'viewer@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
    await user.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Refused type')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the change-password form (form kit)', () => {
  it('shows a missing token and the server token errors as the form message', async () => {
    mockApi(() => ({ status: 400, body: { errors: { token: 'The token does not exist' } } }));
    const { user, unmount } = await renderUi(<ChangePasswordForm token={null} onSignedIn={() => {}} />);
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm the password/, { selector: 'input' }), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The token cannot be empty');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    unmount();

    await renderUi(<ChangePasswordForm token="made-up" onSignedIn={() => {}} />);
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm the password/, { selector: 'input' }), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The token does not exist');
  });
});

describe('the verification form (form kit)', () => {
  it('sends the code as a number and shows a refused new code as the form message', async () => {
    const calls = mockApi(({ path }) =>
      path.endsWith('/resend-code') ? { status: 429, body: { errors: { global: 'x' } } } : { body: testUser() },
    );
    const onVerified = vi.fn();
    const props = { email: 'a@example.com', closable: false, onCancelled: () => {}, onBack: () => {} };
    const { user } = await renderUi(<VerifyEmailForm {...props} onVerified={onVerified} />);
    expect(screen.getByText('We sent a 6-digit code to a@example.com', { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/limit of verification code requests/);

    await user.type(screen.getByLabelText(/^Verification code/), '012345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toEqual({ email: 'a@example.com', code: 12345 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when a new code can be asked when one was sent a moment ago, and counts down on the button', async () => {
    mockApi(({ path }) =>
      path.endsWith('/resend-code')
        ? { status: 429, body: { errors: { global: 'limit' } }, headers: { 'Retry-After': '45' } }
        : { body: testUser() },
    );
    const props = {
      email: 'a@example.com',
      closable: false,
      onCancelled: () => {},
      onVerified: () => {},
      onBack: () => {},
    };
    const { user } = await renderUi(<VerifyEmailForm {...props} />);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A code was sent a moment ago. You can ask for a new code in 45\u00a0s.',
    );
    const button = screen.getByRole('button', { name: /^Send a new code \(in 4\d\u00a0s\)$/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('waits a minute after a new code was sent, in French', async () => {
    mockApi(() => ({ status: 204 }));
    const props = {
      email: 'a@example.com',
      closable: false,
      onCancelled: () => {},
      onVerified: () => {},
      onBack: () => {},
    };
    const { user } = await renderUi(<VerifyEmailForm {...props} />, { lang: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Envoyer un nouveau code' }));
    const button = await screen.findByRole('button', { name: /^Envoyer un nouveau code \(dans (60|59)\u00a0s\)$/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
