// @vitest-environment happy-dom
import type { PaymentMethod } from '@evmap/contract/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { PaymentCardSection } from './payment-card-section';

const CARD_MESSAGE = 'Your card number, expiration date, security code and postal code is invalid';
const NEXT_YEAR = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

const visa: PaymentMethod = {
  id: 3,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

type Answer = { status?: number; body?: unknown };

/** The card calls: `cards` listed (the added card joins them), `add` and `remove` answers when given. */
function cardApi(options: { cards?: PaymentMethod[]; add?: Answer; remove?: Answer } = {}) {
  const cards = [...(options.cards ?? [])];
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path === '/connected/me/payment-methods') return { body: { paymentMethods: cards } };
    if (method === 'POST' && path === '/connected/me/payment-methods/setup') {
      return { body: { provider: 'local', publishableKey: null, clientSecret: null } };
    }
    if (method === 'POST' && path === '/connected/me/payment-methods') {
      if (options.add) return options.add;
      cards.unshift(visa);
      return { status: 201, body: { paymentMethod: visa } };
    }
    if (method === 'DELETE' && path === `/connected/me/payment-methods/${visa.id}`) {
      if (options.remove) return options.remove;
      cards.splice(0);
      return { status: 204 };
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const renderSection = (lang: 'en' | 'fr' = 'en') => {
  useSession.setState({ status: 'signed-in', user: testUser() });
  return renderUi(<PaymentCardSection />, { lang });
};

/** Fills the card form of the built-in provider. */
async function fillCard(
  u: Awaited<ReturnType<typeof renderUi>>['user'],
  card: { number: string; expiry: string; cvc: string; postalCode: string },
  lang: 'en' | 'fr' = 'en',
) {
  const labels =
    lang === 'en'
      ? ['Card number', 'Expiration date (MM/YY)', 'Security code', 'Postal code of the card']
      : ['Numéro de carte', "Date d'expiration (MM/AA)", 'Code de sécurité', 'Code postal de la carte'];
  const values = [card.number, card.expiry, card.cvc, card.postalCode];
  for (const [index, label] of labels.entries()) {
    const input = await screen.findByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
    await u.clear(input);
    if (values[index]) await u.type(input, values[index]!);
  }
}

const fieldError = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  return input.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(
        input
          .getAttribute('aria-describedby')
          ?.split(' ')
          .find((id) => id.endsWith('error')) ?? '',
      )?.textContent
    : undefined;
};

// Typing into many fields is slow in happy-dom, all the more on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'anonymous', user: null });
});

describe('adding a card with the built-in provider', () => {
  it('shows the card message on each field that breaks a card rule, and sends nothing', {
    timeout: 20_000,
  }, async () => {
    const calls = cardApi();
    const { user: u } = await renderSection();
    const good = { number: '4242 4242 4242 4242', expiry: `12/${NEXT_YEAR}`, cvc: '123', postalCode: 'H2X 1Y4' };
    await fillCard(u, good);
    const fields = [/^Card number/, /^Expiration date/, /^Security code/, /^Postal code of the card/];
    const bad: Array<[RegExp, string, string]> = [
      [/^Card number/, '4242 4242 4242 4241', good.number],
      [/^Expiration date/, '13/30', good.expiry],
      [/^Expiration date/, '01/20', good.expiry],
      [/^Security code/, '12', good.cvc],
      [/^Postal code of the card/, '90210', good.postalCode],
    ];
    for (const [field, value, goodValue] of bad) {
      const input = screen.getByLabelText(field);
      await u.clear(input);
      await u.type(input, value);
      await u.click(screen.getByRole('button', { name: 'Save the card' }));
      await waitFor(() => expect(fieldError(field)).toBe(CARD_MESSAGE));
      for (const other of fields.filter((other) => other.source !== field.source)) {
        expect(fieldError(other)).toBeUndefined();
      }
      await u.clear(input);
      await u.type(input, goodValue);
    }
    expect(calls.filter((call) => call.path === '/connected/me/payment-methods' && call.method === 'POST')).toEqual([]);
  });

  it('says an empty field is required', async () => {
    cardApi();
    const { user: u } = await renderSection();
    await fillCard(u, { number: '', expiry: '', cvc: '', postalCode: '' });
    await u.click(screen.getByRole('button', { name: 'Save the card' }));
    await waitFor(() => expect(fieldError(/^Card number/)).toBe('The field Card number is required'));
    expect(fieldError(/^Security code/)).toBe('The field Security code is required');
  });

  it('formats the number and the expiry as typed, then makes the two calls and shows the saved card', async () => {
    const calls = cardApi();
    const { user: u } = await renderSection();
    await fillCard(u, { number: '4242424242424242', expiry: `12${NEXT_YEAR}`, cvc: '123', postalCode: 'h2x 1y4' });
    expect((screen.getByLabelText(/^Card number/) as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect((screen.getByLabelText(/^Expiration date/) as HTMLInputElement).value).toBe(`12/${NEXT_YEAR}`);
    await u.click(screen.getByRole('button', { name: 'Save the card' }));

    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByText('Expires 12/34')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([
      '/connected/me/payment-methods/setup',
      '/connected/me/payment-methods',
    ]);
    expect(posts[1]?.body).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2000 + Number(NEXT_YEAR),
      cvc: '123',
      postalCode: 'H2X1Y4',
    });
    expect(screen.queryByRole('form', { name: 'Add a payment card' })).toBeNull();
  });

  it('shows a declined card as the form message, in French', async () => {
    cardApi({ add: { status: 402, body: { errors: { global: "Une erreur s'est produite lors du paiement" } } } });
    const { user: u } = await renderSection('fr');
    await fillCard(
      u,
      { number: '4000 0000 0000 0002', expiry: `12/${NEXT_YEAR}`, cvc: '123', postalCode: 'H2X 1Y4' },
      'fr',
    );
    await u.click(screen.getByRole('button', { name: 'Enregistrer la carte' }));
    const form = screen.getByRole('form', { name: 'Ajouter une carte de paiement' });
    expect((await within(form).findByRole('alert')).textContent).toBe("Une erreur s'est produite lors du paiement");
  });

  it('in French, a bad field gets the French card message', async () => {
    cardApi();
    const { user: u } = await renderSection('fr');
    await fillCard(
      u,
      { number: '1234 5678 9012 3456', expiry: `12/${NEXT_YEAR}`, cvc: '123', postalCode: 'H2X 1Y4' },
      'fr',
    );
    await u.click(screen.getByRole('button', { name: 'Enregistrer la carte' }));
    await waitFor(() =>
      expect(fieldError(/^Numéro de carte/)).toBe(
        "Le numéro de carte, la date d'expiration, le code de sécurité ou le code postal n'est pas valide",
      ),
    );
  });
});

describe('a saved card', () => {
  it('shows brand, last 4 and expiry; removing it asks first, then the add form comes back', async () => {
    const calls = cardApi({ cards: [visa] });
    const { user: u } = await renderSection();
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a payment card' })).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Remove the Visa card ending in 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByRole('form', { name: 'Add a payment card' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('on a paid plan, shows the refusal "Cancel your plan before deleting the payment method."', async () => {
    const calls = cardApi({
      cards: [visa],
      remove: { status: 409, body: { errors: { global: 'Cancel your plan before deleting the payment method.' } } },
    });
    const { user: u } = await renderSection();
    await u.click(await screen.findByRole('button', { name: 'Remove the Visa card ending in 4242' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Cancel your plan before deleting the payment method.');
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('cancelling the confirmation removes nothing', async () => {
    const calls = cardApi({ cards: [visa] });
    const { user: u } = await renderSection();
    await u.click(await screen.findByRole('button', { name: 'Remove the Visa card ending in 4242' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });
});
