/**
 * Billing as an app service: the payment provider (Stripe when STRIPE_SECRET_KEY is set, else the built-in
 * local provider, or the one a test passes), the publication charge of the owner events routes, and the
 * scheduled billing job (every RENEWAL_INTERVAL_MS; off when 0, the default in tests).
 */
import fp from 'fastify-plugin';
import type { PublicationCharge } from '../plans/publication';
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
    app.decorate('payments', options.provider ?? (stripe ? createStripeProvider(stripe) : createLocalProvider()));
    app.decorate('billing', {
      chargePublication: publicationCharge(app),
      runJob: (now?: Date) => runBillingJob(app, now),
    });

    const every = app.config.renewalIntervalMs;
    if (every <= 0) return;
    const timers: NodeJS.Timeout[] = [];
    let running: Promise<void> | undefined;
    let closing = false;
    const tick = () => {
      if (running || closing) return;
      running = runBillingJob(app)
        .then((report) => {
          if (Object.values(report).some((n) => n > 0)) app.log.info({ billing: report }, 'billing job');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'billing job failed'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      // A first run soon after start, not in the middle of it; then one every interval.
      timers.push(setTimeout(tick, Math.min(every, 5_000)).unref(), setInterval(tick, every).unref());
    });
    app.addHook('onClose', async () => {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      await running;
    });
  },
  { name: 'billing', dependencies: ['db', 'mail', 'rate-limit'] },
);
