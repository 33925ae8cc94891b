/**
 * Billing as an app service: the payment provider (Stripe when STRIPE_SECRET_KEY is set, else the built-in
 * local provider, or the one a test passes), the publication charge of the owner events routes, and the
 * scheduled billing job (every RENEWAL_INTERVAL_MS; off when 0, the default in tests).
 */
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import type { PublicationCharge } from '../plans/publication.port';
import { type JobReport, runBillingJob } from './billing-job';
import { createLocalProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { publicationCharge } from './publication-charge';
import { createStripeProvider } from './stripe-provider';

export type Billing = {
  chargePublication: PublicationCharge;
  /** One run of the renewal and trial-expiry job (the scheduler calls it; tests may too). */
  runJob: (now?: Date) => Promise<JobReport>;
};

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    billing: Billing;
  }
}

export const billingPlugin = fp<{ provider?: PaymentProvider }>(
  async (app, options) => {
    const stripe = app.config.stripe;
    app.decorate(
      'payments',
      options.provider ?? (stripe ? await createStripeProvider(stripe) : createLocalProvider(app.db)),
    );
    app.decorate('billing', {
      chargePublication: publicationCharge(app),
      runJob: (now?: Date) => runBillingJob(app, now),
    });

    schedulePeriodicJob(app, {
      everyMs: app.config.renewalIntervalMs,
      firstRunAfterMs: 5_000,
      run: () => runBillingJob(app),
      logKey: 'billing',
      done: 'billing job',
      failed: 'billing job failed',
    });
  },
  { name: 'billing', dependencies: ['db', 'mail', 'rate-limit'] },
);
