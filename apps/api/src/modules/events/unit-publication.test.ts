/**
 * The unit plan's rules (issue 20, item 4): at most UNIT_EVENT_DATES_MAX dates per event, and one publication
 * covers one event at its place on its published dates; a new place or dates beyond them is a new publication,
 * refused until the owner confirms its charge, then charged and invoiced.
 */
import { UNIT_EVENT_DATES_MAX } from '@evmap/contract/constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, type BillingContext, billedManager, call, createBillingApp } from '../../../test/billing';
import { eventBody, wallClock } from '../../../test/events';
import { events } from '../../db/schema/events';
import { invoices } from '../../db/schema/invoices';
import type { UserRow } from '../../plugins/auth';

const daily = (count: number, fromHours = 24) =>
  Array.from({ length: count }, (_, i) => ({
    startDate: wallClock(fromHours + 24 * i),
    endDate: wallClock(fromHours + 24 * i + 2),
  }));

const UNCONFIRMED = {
  errors: {
    global:
      'A new place, or dates beyond those published, makes a new publication charged like the first: confirm it to save',
  },
};

describe('unit publications', () => {
  let ctx: BillingContext;
  let unit: UserRow;
  beforeAll(async () => {
    ctx = await createBillingApp('local');
    unit = await billedManager(ctx, { planType: 'unit', trialEndedAt: new Date() });
    expect((await addCard(ctx, unit)).statusCode).toBe(201);
  });
  afterAll(() => ctx.close());

  const invoicesOf = (id: number) =>
    ctx.db.select().from(invoices).where(eq(invoices.userId, id)).orderBy(asc(invoices.id));
  const publish = async (body: Record<string, unknown>) => {
    const res = await call(ctx, unit, 'POST', '/connected/events', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().event as { id: number; dates: unknown[] };
  };
  const edit = (id: number, body: Record<string, unknown>, lang = 'en') =>
    call(ctx, unit, 'PUT', `/connected/events/${id}`, body, lang);

  it(`refuses more than ${UNIT_EVENT_DATES_MAX} dates under the unit plan, in both languages, charging nothing`, async () => {
    const before = (await invoicesOf(unit.id)).length;
    // The example: one event with no recurrence and 400 daily dates.
    for (const count of [UNIT_EVENT_DATES_MAX + 1, 400]) {
      const res = await call(
        ctx,
        unit,
        'POST',
        '/connected/events',
        eventBody({ recurring: null, dates: daily(count) }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: { dates: `The unit plan allows at most ${UNIT_EVENT_DATES_MAX} dates per event` },
      });
    }
    const fr = await call(ctx, unit, 'POST', '/connected/events', eventBody({ dates: daily(10) }), 'fr');
    expect(fr.json()).toEqual({ errors: { dates: "Le forfait à l'unité permet au plus 9 dates par événement" } });
    // 401 dates are beyond what any event may carry.
    const tooMany = await call(ctx, unit, 'POST', '/connected/events', eventBody({ dates: daily(401) }));
    expect(tooMany.statusCode).toBe(400);
    expect(await invoicesOf(unit.id)).toHaveLength(before);
    // Other plans keep their dates (a trial may carry a long daily series).
    const trial = await billedManager(ctx);
    expect((await call(ctx, trial, 'POST', '/connected/events', eventBody({ dates: daily(30) }))).statusCode).toBe(200);

    const nine = await publish(eventBody({ titleFr: 'Festival de neuf jours', dates: daily(UNIT_EVENT_DATES_MAX) }));
    expect(nine.dates).toHaveLength(UNIT_EVENT_DATES_MAX);
    const added = await edit(nine.id, eventBody({ dates: daily(UNIT_EVENT_DATES_MAX + 1), confirmCharge: true }));
    expect(added.statusCode).toBe(400);
  });

  it('edits within the publication are free; a new place or later dates need a confirmed, charged publication', async () => {
    const dates = daily(3);
    const event = await publish(eventBody({ titleFr: 'Salon du livre', dates }));
    const charged = (await invoicesOf(unit.id)).length;

    // Texts, and dates moved or removed within the published days: the same publication.
    const retitled = await edit(
      event.id,
      eventBody({ titleFr: 'Salon du livre de Montréal', dates: dates.slice(0, 2) }),
    );
    expect(retitled.statusCode).toBe(200);
    const earlier = [{ startDate: dates[2]!.startDate, endDate: dates[2]!.endDate }];
    expect(
      (await edit(event.id, eventBody({ titleFr: 'Salon', dates: earlier, address: '1260 RUE SHERBROOKE O.' })))
        .statusCode,
    ).toBe(200);
    expect(await invoicesOf(unit.id)).toHaveLength(charged);

    // Another event in all but the id: new title, place and dates.
    const other = eventBody({
      titleFr: 'Concert au Vieux-Port',
      address: '333 Rue de la Commune O',
      city: 'Montréal',
      zipcode: 'H2Y 2E2',
      latitude: 45.5017,
      longitude: -73.5546,
      dates: daily(2, 24 * 30),
    });
    const refused = await edit(event.id, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(UNCONFIRMED);
    const refusedFr = await edit(event.id, eventBody({ dates: daily(1, 24 * 30) }), 'fr');
    expect(refusedFr.statusCode).toBe(409);
    expect(refusedFr.json().errors.global).toBe(
      'Un nouveau lieu, ou des dates au-delà de celles publiées, est une nouvelle publication facturée comme la première : confirmez-la pour enregistrer',
    );
    const [unchanged] = await ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged).toMatchObject({ titleFr: 'Salon', address: '1260 RUE SHERBROOKE O.' });
    expect(await invoicesOf(unit.id)).toHaveLength(charged);

    const confirmed = await edit(event.id, { ...other, confirmCharge: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().event).toMatchObject({ id: event.id, titleFr: 'Concert au Vieux-Port', city: 'Montréal' });
    const after = await invoicesOf(unit.id);
    expect(after).toHaveLength(charged + 1);
    expect(after.at(-1)).toMatchObject({
      total: 4023,
      idempotencyKey: expect.stringMatching(`^publication:${event.id}:`),
    });

    // The new publication now covers the new place and dates: editing within them is free again.
    expect((await edit(event.id, { ...other, titleEn: 'Old Port concert' })).statusCode).toBe(200);
    expect(await invoicesOf(unit.id)).toHaveLength(charged + 1);
  });

  it('a complete plan changes place and dates freely', async () => {
    const complete = await billedManager(ctx, { planType: 'complete' });
    const res = await call(ctx, complete, 'POST', '/connected/events', eventBody());
    const moved = await call(
      ctx,
      complete,
      'PUT',
      `/connected/events/${res.json().event.id}`,
      eventBody({ city: 'Laval', dates: daily(20, 24 * 40) }),
    );
    expect(moved.statusCode).toBe(200);
  });
});
