/**
 * Demo data for a fresh install: the demo accounts (README.md beside this file) and about sixty
 * events at real Canadian venues, dated relative to `now` in each event's time zone so that every
 * day of the day picker has events. Everything is written in one transaction.
 */
import { accessMask } from '@evmap/contract/accessibility';
import { CATEGORY_HANDLES, PROVINCES } from '@evmap/contract/enums';
import { eq, inArray, like, or } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { categories } from '../db/schema/categories';
import { eventDates } from '../db/schema/event-dates';
import { eventImages } from '../db/schema/event-images';
import { events } from '../db/schema/events';
import { favorites } from '../db/schema/favorites';
import { paymentMethods } from '../db/schema/payment-methods';
import { subscriptions } from '../db/schema/subscriptions';
import { users } from '../db/schema/users';
import type { StoredImage } from '../lib/images';
import { hashPassword } from '../lib/passwords';
import type { FileStorage } from '../lib/storage';
import { searchText, slugify } from '../lib/text';
import { createLocalProvider, LOCAL_TEST_CARDS } from '../modules/billing/local-provider';
import type { PaymentProvider } from '../modules/billing/payment-provider';
import { addMonths } from '../modules/billing/periods';
import { refreshEventDays } from '../modules/events/event-days.repository';
import { upsertCategories } from '../modules/globals/globals.repository';
import { DEMO_PASSWORD, demoAccounts, demoUserRows } from './demo-accounts';
import { DEMO_EVENTS } from './demo-events';
import { copyStoredImage, storeCoverTemplates } from './demo-images';
import { type DemoEvent, scheduleDates, scheduleRecurring } from './demo-types';

export type DemoSummary = { users: number; events: number; eventDates: number; images: number; ms: number };

const COVER_VARIANTS = 2;
/** Events the demo viewer has in their favourites (by French title). */
const VIEWER_FAVORITES = ['Jardins de lanternes', 'Exposition : Lumières du Nord', 'Yoga sur les plaines'];

/** One cover per event: the category templates, each used once as is and then copied. */
async function eventCovers(storage: FileStorage, catalogue: readonly DemoEvent[], now: Date): Promise<StoredImage[]> {
  const templates = await storeCoverTemplates(storage, CATEGORY_HANDLES, COVER_VARIANTS);
  const seen = new Map<string, number>();
  return Promise.all(
    catalogue.map((event) => {
      const rank = seen.get(event.category) ?? 0;
      seen.set(event.category, rank + 1);
      const template = templates.get(`${event.category}:${rank % COVER_VARIANTS}`)!;
      return rank < COVER_VARIANTS ? template : copyStoredImage(storage, template, now);
    }),
  );
}

/** slugify(titleFr) for each title, made unique among themselves and the handles already stored. */
async function uniqueHandles(db: Executor, titles: string[]): Promise<string[]> {
  const slugs = titles.map(slugify);
  const taken = await db
    .select({ handle: events.handle })
    .from(events)
    .where(or(...[...new Set(slugs)].map((slug) => like(events.handle, `${slug}%`))));
  const used = new Set(taken.map((row) => row.handle));
  return slugs.map((slug) => {
    let handle = slug;
    for (let n = 2; used.has(handle); n++) handle = `${slug}-${n}`;
    used.add(handle);
    return handle;
  });
}

/**
 * Loads the demo accounts and events, their covers written to `storage` (the app's: a folder or S3);
 * existing accounts with the same emails are kept as they are.
 */
export async function loadDemoData(
  db: Database,
  options: {
    storage: FileStorage;
    now: Date;
    /** The provider the app charges with (default: the built-in one): the demo cards are saved there. */
    payments?: PaymentProvider;
    log?: { warn: (obj: object, msg: string) => void };
  },
): Promise<DemoSummary> {
  const started = performance.now();
  const { now, storage } = options;
  const payments = options.payments ?? createLocalProvider();
  const catalogue = DEMO_EVENTS;
  // The slow parts (argon2, image encoding) run side by side and before the transaction.
  const [passwordHash, covers] = await Promise.all([hashPassword(DEMO_PASSWORD), eventCovers(storage, catalogue, now)]);
  const accounts = demoAccounts(now);
  const userRows = demoUserRows(accounts, passwordHash);

  const summary = await db.transaction(async (tx) => {
    await upsertCategories(tx);
    const created = await tx.insert(users).values(userRows).onConflictDoNothing({ target: users.email }).returning({
      id: users.id,
    });
    const accountRows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          userRows.map((u) => u.email),
        ),
      );
    const userIds = new Map(accountRows.map((row) => [row.email, row.id]));
    // The complete demo plan is in its first paid month (as if chosen today), so its renewal date shows and the
    // billing job renews it.
    const completeId = userIds.get(accounts.managers.complete.email.toLowerCase());
    if (completeId && created.some((row) => row.id === completeId)) {
      await tx.insert(subscriptions).values({
        userId: completeId,
        planType: 'complete',
        status: 'active',
        provider: payments.name,
        currentPeriodStart: now,
        currentPeriodEnd: addMonths(now, 1),
        createdAt: now,
        updatedAt: now,
      });
    }
    const categoryIds = new Map(
      (await tx.select({ id: categories.id, handle: categories.handle }).from(categories)).map((c) => [c.handle, c.id]),
    );
    const handles = await uniqueHandles(
      tx,
      catalogue.map((e) => e.titleFr),
    );

    const eventRows = catalogue.map((event, i) => {
      const creatorEmail = accounts.managers[event.creator].email;
      const { venue } = event;
      return {
        handle: handles[i]!,
        active: event.active ?? true,
        titleFr: event.titleFr,
        titleEn: event.titleEn,
        descriptionFr: event.descriptionFr,
        descriptionEn: event.descriptionEn,
        categoryId: categoryIds.get(event.category)!,
        ...venue,
        country: 'CA',
        price: event.price,
        phoneNumber: event.phoneNumber ?? null,
        website: event.website ?? null,
        recurring: scheduleRecurring(event.schedule),
        access: accessMask(event.accessibility ?? {}),
        accessNoteFr: event.accessibility?.noteFr ?? null,
        accessNoteEn: event.accessibility?.noteEn ?? null,
        creatorId: userIds.get(creatorEmail)!,
        timeZone: PROVINCES[venue.state],
        searchText: searchText(event.titleFr, event.titleEn, venue.city, venue.address, creatorEmail),
      };
    });
    const inserted = await tx.insert(events).values(eventRows).returning({ id: events.id, handle: events.handle });
    const idByHandle = new Map(inserted.map((row) => [row.handle, row.id]));
    const ids = handles.map((handle) => idByHandle.get(handle)!);

    const dateRows = catalogue.flatMap((event, i) =>
      scheduleDates(event.schedule, now, PROVINCES[event.venue.state]).map((date) => ({ eventId: ids[i]!, ...date })),
    );
    await tx.insert(eventDates).values(dateRows);
    await tx
      .insert(eventImages)
      .values(
        covers.map((cover, i) => ({ eventId: ids[i]!, imagePath: cover.path, orderIdx: 0, formats: cover.formats })),
      );
    await refreshEventDays(tx, ids);

    const viewerId = userIds.get(accounts.viewer.email);
    const favoriteIds = catalogue.flatMap((e, i) => (VIEWER_FAVORITES.includes(e.titleFr) ? [ids[i]!] : []));
    if (viewerId && favoriteIds.length > 0) {
      await tx
        .insert(favorites)
        .values(favoriteIds.map((eventId) => ({ userId: viewerId, eventId })))
        .onConflictDoNothing();
    }
    return {
      users: created.length,
      events: ids.length,
      eventDates: dateRows.length,
      images: covers.length,
      ms: Math.round(performance.now() - started),
    };
  });
  await saveDemoCards(db, payments, accounts, now, options.log);
  return { ...summary, ms: Math.round(performance.now() - started) };
}

/**
 * The paid demo plans (unit, complete, free-complete) come with the test Visa 4242 saved at the provider the app
 * charges with (a customer and a card of the built-in provider, or of Stripe in test mode), so that they can
 * publish and change plans at once. Accounts that already have a customer are left as they are. A provider that
 * refuses (Stripe in live mode) leaves the account without a card, logged.
 */
async function saveDemoCards(
  db: Database,
  payments: PaymentProvider,
  accounts: ReturnType<typeof demoAccounts>,
  now: Date,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const paid = Object.values(accounts.managers).filter((m) => m.planType !== 'trial' && m.planType !== 'canceled');
  const rows = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        paid.map((m) => m.email.toLowerCase()),
      ),
    );
  for (const user of rows) {
    if (user.providerCustomerId) continue;
    try {
      const customerRef = await payments.createCustomer({ userId: user.id, email: user.email, name: user.name });
      const card = await payments.saveCard(
        customerRef,
        payments.name === 'stripe'
          ? { paymentMethodId: 'pm_card_visa' }
          : {
              number: LOCAL_TEST_CARDS.ok,
              expMonth: 12,
              expYear: now.getUTCFullYear() + 3,
              cvc: '123',
              postalCode: user.billingZipcode ?? user.zipcode ?? '',
            },
      );
      await db.transaction(async (tx) => {
        await tx.update(users).set({ providerCustomerId: customerRef }).where(eq(users.id, user.id));
        await tx.insert(paymentMethods).values({
          userId: user.id,
          provider: payments.name,
          providerRef: card.ref,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        });
      });
    } catch (error) {
      log?.warn({ err: error, email: user.email }, 'demo card not saved at the payment provider');
    }
  }
}
