// @vitest-environment happy-dom

import type { Subscription } from '@evmap/contract/billing';
import { ERROR_MESSAGES } from '@evmap/contract/errors';
import type { Event } from '@evmap/contract/events';
import type { User } from '@evmap/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { PlansPage } from './plans-page';

const DAY = 86_400_000;
// The renewal instant: 12:00 in Montreal on 1 March 2099 (EST).
const RENEWAL = '2099-03-01T17:00:00.000Z';

const QC = { address: '1339 rue Sherbrooke O', city: 'Montréal', state: 'QC' as const, country: 'CA' as const };

function signIn(overrides: Partial<User> = {}): User {
  const user = testUser({ ...QC, ...overrides });
  useSession.setState({ status: 'signed-in', user });
  return user;
}

const subscriptionBase = {
  currentPeriodStart: null,
  currentPeriodEnd: null,
  canceledAt: null,
  pastDueSince: null,
  graceEndsAt: null,
};

const subscriptionOf = (user: User): Subscription | null =>
  user.planType === 'complete'
    ? {
        planType: 'complete',
        status: 'active',
        currentPeriodStart: '2099-02-01T17:00:00.000Z',
        currentPeriodEnd: RENEWAL,
        canceledAt: null,
        pastDueSince: null,
        graceEndsAt: null,
      }
    : user.planType === 'trial'
      ? { ...subscriptionBase, planType: 'trial', status: 'trialing', currentPeriodEnd: user.trialEndedAt }
      : null;

type PlanAnswer = (planType: string) => { status?: number; body?: unknown };

const A_CARD = {
  id: 1,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2099,
  isDefault: true,
  createdAt: '2026-01-01',
};
/** The saved cards the API answers (one, unless a test takes it away). */
let savedCards = [A_CARD];

/** The API of the page: the subscription, the own events and the plan change (`answer`, by default accepted). */
function api(user: User, events: Event[] = [], answer?: PlanAnswer) {
  return mockApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/connected/me/subscription') {
      return { body: { subscription: subscriptionOf(useSession.getState().user ?? user) } };
    }
    if (method === 'GET' && path === '/connected/events') return { body: { events } };
    if (method === 'GET' && path === '/connected/me/payment-methods') return { body: { paymentMethods: savedCards } };
    if (method === 'PUT' && path === '/connected/me/plans') {
      const { planType } = body as { planType: string };
      if (answer) return answer(planType);
      const trialEndedAt = user.planType === 'trial' ? new Date().toISOString() : user.trialEndedAt;
      return { body: { user: { ...user, planType, trialEndedAt } } };
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const renderPlans = (lang: 'en' | 'fr' = 'en') =>
  renderUi(<PlansPage />, { lang, path: '/profile/me/plans', route: '/profile/me/plans' });

const card = (name: string) => screen.getByRole('region', { name });
// Intl puts no-break spaces in French amounts; Testing Library's matcher folds them, textContent does not.
const text = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ') ?? '';

afterEach(() => {
  savedCards = [A_CARD];
  vi.unstubAllGlobals();
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the plans page: prices, taxes and the current plan', () => {
  it('in English for Quebec: prices, GST + QST lines, the trial marked current with its end and both trial texts', async () => {
    const user = signIn({ trialEndedAt: '2099-05-04T16:00:00.000Z' });
    api(user);
    await renderPlans();

    expect(screen.getByRole('heading', { name: 'Plans', level: 1 })).toBeTruthy();
    const unit = card('Unit plan');
    expect(within(unit).getByText('$34.99 per publication, plus taxes')).toBeTruthy();
    expect(within(unit).getByText('GST 5% + QST 9.975%: total $40.23')).toBeTruthy();
    const complete = card('Complete plan');
    expect(within(complete).getByText('$39.99 per month, plus taxes')).toBeTruthy();
    expect(within(complete).getByText('GST 5% + QST 9.975%: total $45.98')).toBeTruthy();
    expect(
      screen.getByText('Taxes of your billing province (else the province of your address): Quebec.'),
    ).toBeTruthy();

    // What each plan allows, in words.
    expect(text(unit)).toContain('Not included: Recurring events');
    expect(text(unit)).toContain('Included: Publish events');
    expect(text(complete)).toContain('Included: Modify events while they are happening');
    expect(text(card('Free trial'))).toContain('Not included: Modify events while they are happening');

    // The current plan is said in words, on its card and in the summary; it cannot be chosen again.
    const trial = card('Free trial');
    expect(within(trial).getByText('Current plan')).toBeTruthy();
    expect(within(unit).queryByText('Current plan')).toBeNull();
    expect(within(trial).queryByRole('button')).toBeNull();
    expect(within(unit).getByRole('button', { name: 'Choose the unit plan' })).toBeTruthy();
    expect(within(complete).getByRole('button', { name: 'Choose the complete plan' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Your plan' });
    expect(within(summary).getByText('Current plan: Free trial')).toBeTruthy();
    expect(within(summary).getByText('Your free trial ends on May 4, 2099.')).toBeTruthy();

    // The trial conflict of section 1 stays visible: 4 months and 14 days.
    expect(within(trial).getByText('Your trial ends on May 4, 2099.')).toBeTruthy();
    expect(within(trial).getByText(/Your free trial lasts 4 months/)).toBeTruthy();
    expect(within(trial).getByText(/How the free trial works: for 14 days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel my plan' })).toBeTruthy();
  });

  it('in French for Quebec and for Ontario (billing province first)', async () => {
    api(signIn());
    const { unmount } = await renderPlans('fr');
    expect(within(card("Forfait à l'unité")).getByText('34,99 $ par publication, plus taxes')).toBeTruthy();
    expect(within(card("Forfait à l'unité")).getByText('TPS 5 % + TVQ 9,975 % : total 40,23 $')).toBeTruthy();
    expect(within(card('Forfait complet')).getByText('TPS 5 % + TVQ 9,975 % : total 45,98 $')).toBeTruthy();
    expect(within(card('Essai gratuit')).getByText(/Votre essai gratuit dure 4 mois/)).toBeTruthy();
    expect(within(card('Essai gratuit')).getByText(/pendant 14 jours/)).toBeTruthy();
    unmount();

    api(signIn({ billingState: 'ON' }));
    await renderPlans('fr');
    expect(within(card("Forfait à l'unité")).getByText('TVH 13 % : total 39,54 $')).toBeTruthy();
    expect(within(card('Forfait complet')).getByText('39,99 $ par mois, plus taxes')).toBeTruthy();
    expect(within(card('Forfait complet')).getByText('TVH 13 % : total 45,19 $')).toBeTruthy();
    expect(screen.getByText(/Ontario\.$/)).toBeTruthy();
  });

  it('in English for Ontario', async () => {
    api(signIn({ state: 'ON' }));
    await renderPlans();
    expect(within(card('Unit plan')).getByText('HST 13%: total $39.54')).toBeTruthy();
    expect(within(card('Complete plan')).getByText('HST 13%: total $45.19')).toBeTruthy();
  });

  it('without a province, says taxes depend on it and links to the account page', async () => {
    api(signIn({ state: null, address: null, city: null, country: null }));
    await renderPlans();
    expect(screen.getByText(/Taxes depend on your province/)).toBeTruthy();
    expect(screen.queryByText(/total/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the account page' }).getAttribute('href')).toBe(
      '/profile/me/account',
    );
  });

  it('shows an offered complete plan as current and not selectable, with the way to ask for a change', async () => {
    api(signIn({ planType: 'free-complete' }));
    await renderPlans();
    const offered = card('Complete plan, offered');
    expect(within(offered).getByText('Current plan')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeTruthy();
  });

  it('on complete, shows the renewal date', async () => {
    api(signIn({ planType: 'complete', trialEndedAt: new Date(Date.now() - DAY).toISOString() }));
    await renderPlans();
    expect(await screen.findByText('Your complete plan renews on March 1, 2099.')).toBeTruthy();
    expect(within(card('Complete plan')).getByText('Current plan')).toBeTruthy();
    // An ended trial is not offered again.
    expect(within(card('Free trial')).queryByRole('button')).toBeNull();
  });

  it('tells a viewer plans are for organisations', async () => {
    signIn({ type: 'viewer', planType: null, trialEndedAt: null });
    await renderPlans();
    expect(screen.getByText(/Plans are for organisations/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to settings' }).getAttribute('href')).toBe('/profile/me');
  });
});

describe('the confirmation of each change', () => {
  it('trial -> unit: the trial ends permanently, each publication is charged; then unit is current', async () => {
    const user = signIn();
    const calls = api(user);
    const { user: browser } = await renderPlans();
    await browser.click(screen.getByRole('button', { name: 'Choose the unit plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the unit plan?' });
    expect(text(dialog)).toContain('Your free trial ends now, permanently');
    expect(text(dialog)).toContain(
      'Each event you publish will be charged to your card: $34.99 plus taxes ($40.23 in total).',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await browser.click(within(dialog).getByRole('button', { name: 'Switch to the unit plan' }));

    await waitFor(() => expect(useSession.getState().user?.planType).toBe('unit'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/connected/me/plans', body: { planType: 'unit' } },
    ]);
    await waitFor(() => expect(within(card('Unit plan')).getByText('Current plan')).toBeTruthy());
    expect(within(card('Free trial')).queryByText('Current plan')).toBeNull();
    expect(screen.getByText('Current plan: Unit plan')).toBeTruthy();
  });

  it('trial -> complete: the trial ends permanently, charged now and every month; cancel changes nothing', async () => {
    const calls = api(signIn());
    const { user: browser } = await renderPlans();
    await browser.click(screen.getByRole('button', { name: 'Choose the complete plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the complete plan?' });
    expect(text(dialog)).toContain('Your free trial ends now, permanently');
    expect(text(dialog)).toContain(
      'Your card will be charged $39.99 plus taxes ($45.98 in total) now, then every month until you cancel.',
    );
    await browser.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(useSession.getState().user?.planType).toBe('trial');
  });

  const events = [
    testEvent({ id: 1, titleEn: 'Before renewal', dates: [{ startDate: '2099-02-20 19:00:00', endDate: null }] }),
    testEvent({ id: 2, titleEn: 'Spring fair', dates: [{ startDate: '2099-04-10 10:00:00', endDate: null }] }),
    testEvent({
      id: 3,
      titleFr: 'Soirée jazz',
      titleEn: '',
      dates: [{ startDate: '2099-03-01 12:00:01', endDate: null }],
    }),
  ];

  it('complete -> unit: the subscription stops, unit charged, and the events after the renewal are listed', async () => {
    const calls = api(signIn({ planType: 'complete', trialEndedAt: '2026-01-01T00:00:00.000Z' }), events);
    const { user: browser } = await renderPlans();
    await browser.click(screen.getByRole('button', { name: 'Choose the unit plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the unit plan?' });
    expect(text(dialog)).not.toContain('free trial');
    expect(text(dialog)).toContain('The monthly subscription of your complete plan stops now.');
    expect(text(dialog)).toContain('Each event you publish will be charged to your card');
    expect(text(dialog)).toContain('Your events scheduled after your renewal date (March 1, 2099');
    const list = within(dialog).getByRole('list', { name: 'Events deleted' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Spring fair', 'Soirée jazz']);
    await browser.click(within(dialog).getByRole('button', { name: 'Switch to the unit plan' }));
    await waitFor(() => expect(useSession.getState().user?.planType).toBe('unit'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ planType: 'unit' }]);
  });

  it('complete -> canceled: its own message and the deleted events', async () => {
    api(signIn({ planType: 'complete', trialEndedAt: '2026-01-01T00:00:00.000Z' }), events);
    const { user: browser } = await renderPlans('fr');
    await browser.click(screen.getByRole('button', { name: 'Annuler mon forfait' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler votre forfait\u202f?' });
    expect(text(dialog)).toContain("Votre forfait complet se termine maintenant : son abonnement mensuel s'arrête");
    expect(text(dialog)).toContain('Vos événements prévus après la date de renouvellement (1er mars 2099');
    const titles = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(titles).toEqual(['Événement 2', 'Soirée jazz']);
    await browser.click(within(dialog).getByRole('button', { name: 'Oui, annuler mon forfait' }));
    await waitFor(() => expect(useSession.getState().user?.planType).toBe('canceled'));
    expect(await screen.findByText('Forfait actuel : Annulé')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler mon forfait' })).toBeNull();
  });

  it('complete -> canceled without later events says none is deleted', async () => {
    api(signIn({ planType: 'complete' }), [events[0]!]);
    const { user: browser } = await renderPlans();
    await browser.click(screen.getByRole('button', { name: 'Cancel my plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(text(dialog)).toContain('Your complete plan ends now');
    expect(text(dialog)).toContain('None of your events is scheduled after your renewal date');
    expect(within(dialog).queryByRole('list')).toBeNull();
  });

  it('unit -> canceled: the unit message, no deletion', async () => {
    const calls = api(signIn({ planType: 'unit', trialEndedAt: '2026-01-01T00:00:00.000Z' }), events);
    const { user: browser } = await renderPlans();
    await browser.click(screen.getByRole('button', { name: 'Cancel my plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    const message = dialog.querySelector('[data-plan-confirmation]') as HTMLElement;
    expect(text(message)).toBe('Your unit plan ends now. You will need to choose a plan again to publish events.');
    // Nothing to compute off the complete plan: the events are not even read.
    expect(calls.some((c) => c.path === '/connected/events')).toBe(false);
  });
});

describe('refusals of the API', () => {
  it('no saved card: "Please add a payment method" with the account page link, nothing changed', async () => {
    api(signIn(), [], () => ({ status: 400, body: { errors: { global: 'Please add a payment method' } } }));
    const { user: browser } = await renderPlans();
    await browser.click(screen.getByRole('button', { name: 'Choose the unit plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the unit plan?' });
    await browser.click(within(dialog).getByRole('button', { name: 'Switch to the unit plan' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please add a payment method')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to the account page' }).getAttribute('href')).toBe(
      '/profile/me/account',
    );
    expect(useSession.getState().user?.planType).toBe('trial');
    expect(within(card('Free trial')).getByText('Current plan')).toBeTruthy();
  });

  it('a declined payment says so and what to do, with the account page; nothing changed (in French too)', async () => {
    api(signIn(), [], () => ({
      status: 402,
      body: { errors: { global: ERROR_MESSAGES.paymentDeclined.fr } },
    }));
    const { user: browser } = await renderPlans('fr');
    await browser.click(screen.getByRole('button', { name: 'Choisir le forfait complet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passer au forfait complet\u202f?' });
    await browser.click(within(dialog).getByRole('button', { name: 'Passer au forfait complet' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Votre carte a été refusée et rien n'a été prélevé\./)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Aller à la page du compte' })).toBeTruthy();
    expect(useSession.getState().user?.planType).toBe('trial');
  });

  it('without a saved card, a paid plan says so before asking for the confirmation', async () => {
    savedCards = [];
    const calls = api(signIn());
    const { user: browser } = await renderPlans();
    await browser.click(screen.getByRole('button', { name: 'Choose the complete plan' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please add a payment method')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to the account page' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('the trial limit is shown as the page message, without a link', async () => {
    const trialLimit =
      'You have reached the limit of your free trial. Please upgrade your plan to continue using the product.';
    api(signIn({ planType: 'canceled' }), [], () => ({ status: 400, body: { errors: { global: trialLimit } } }));
    const { user: browser } = await renderPlans();
    await browser.click(screen.getByRole('button', { name: 'Start the free trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the free trial?' });
    await browser.click(within(dialog).getByRole('button', { name: 'Start the free trial' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(trialLimit);
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
