// @vitest-environment happy-dom
import type { Subscription } from '@evmap/contract/billing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderUi } from '@/test/render';
import { SubscriptionSection } from './subscription-section';

const base: Subscription = {
  planType: 'trial',
  status: 'trialing',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  canceledAt: null,
  pastDueSince: null,
  graceEndsAt: null,
};

function subscriptionApi(subscription: Subscription | null) {
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path === '/connected/me/subscription') return { body: { subscription } };
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const plan = () => screen.getByText((_content, element) => element?.hasAttribute('data-plan') ?? false);

afterEach(() => vi.unstubAllGlobals());

describe('the subscription', () => {
  it('on the trial: its end date, and the link to change plan', async () => {
    subscriptionApi({ ...base, currentPeriodEnd: '2026-07-01T16:00:00.000Z' });
    await renderUi(<SubscriptionSection />);
    expect(await screen.findByText('Your free trial ends on July 1, 2026.')).toBeTruthy();
    expect(plan().textContent).toBe('Free trial');
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/profile/me/plans');
  });

  it('on the complete plan: the next renewal date', async () => {
    subscriptionApi({
      ...base,
      planType: 'complete',
      status: 'active',
      currentPeriodStart: '2026-03-14T15:00:00.000Z',
      currentPeriodEnd: '2026-04-14T15:00:00.000Z',
    });
    await renderUi(<SubscriptionSection />);
    expect(await screen.findByText('Next renewal on April 14, 2026.')).toBeTruthy();
    expect(plan().textContent).toBe('Complete');
  });

  it('past due: the refused renewal and the day the plan is canceled', async () => {
    subscriptionApi({
      ...base,
      planType: 'complete',
      status: 'past_due',
      currentPeriodEnd: '2026-04-14T15:00:00.000Z',
      pastDueSince: '2026-04-14T15:00:00.000Z',
      graceEndsAt: '2026-04-21T15:00:00.000Z',
    });
    await renderUi(<SubscriptionSection />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment refused');
    expect(alert.textContent).toContain('The renewal payment of April 14, 2026 was refused.');
    expect(alert.textContent).toContain('without a successful payment, your plan is canceled on April 21, 2026.');
  });

  it('in French: past due and the plan name', async () => {
    subscriptionApi({
      ...base,
      planType: 'complete',
      status: 'past_due',
      pastDueSince: '2026-04-14T15:00:00.000Z',
      graceEndsAt: '2026-04-21T15:00:00.000Z',
    });
    await renderUi(<SubscriptionSection />, { lang: 'fr' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Paiement refusé');
    expect(alert.textContent).toContain('votre forfait sera annulé le 21 avril 2026.');
    expect(plan().textContent).toBe('Complet');
    expect(screen.getByRole('link', { name: 'Changer de forfait' })).toBeTruthy();
  });

  it('a finished trial, and no plan at all', async () => {
    subscriptionApi({ ...base, status: 'trial_ended', currentPeriodEnd: '2026-01-05T16:00:00.000Z' });
    const { unmount } = await renderUi(<SubscriptionSection />);
    expect(await screen.findByText(/Your free trial ended on January 5, 2026\./)).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    subscriptionApi(null);
    await renderUi(<SubscriptionSection />);
    expect((await screen.findByText('No plan')).textContent).toBe('No plan');
  });
});
