/**
 * Who sends the generated requests: a visitor, a viewer, an organiser (with an event, a card and an invoice) and an
 * administrator, with the values their requests may name (ids, uuids, handles) and tokens that must fail.
 */
import { billingRoutes } from '@evmap/contract/routes/billing';
import { eventRoutes } from '@evmap/contract/routes/events';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../src/db/schema/users';
import type { UserRow } from '../src/plugins/auth';
import { createUser, PASSWORD } from './accounts';
import type { TestContext } from './app';
import { billedManager, callRoute, cardBody, subscribe } from './billing';
import { eventBody, wallClock } from './events';
import { handMadeToken } from './jwt';
import type { KnownValues, RequestContext } from './request-arbitraries';

export const ROLES = ['visitor', 'viewer', 'organiser', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type Actors = {
  users: Record<Exclude<Role, 'visitor'>, UserRow>;
  contexts: Record<Role, RequestContext>;
};

/** Fresh accounts of every role (an operation may delete its caller or change its password), and what they own. */
export async function createActors(ctx: TestContext): Promise<Actors> {
  const viewer = await createUser(ctx, 'viewer');
  const admin = await createUser(ctx, 'admin');
  const organiser = await billedManager(ctx);
  await subscribe({ ...ctx, provider: 'local', stripe: undefined }, organiser, 'complete');
  const created = await callRoute(ctx, organiser, eventRoutes.createOwn, { payload: eventBody() });
  if (created.statusCode !== 200) throw new Error(`event refused: ${created.body}`);
  const event = created.json().event as { id: number; uuid: string; handle: string };
  const cards = (await callRoute(ctx, organiser, billingRoutes.paymentMethods)).json().paymentMethods;
  const invoices = (await callRoute(ctx, organiser, billingRoutes.invoices)).json().invoices;

  const gone = await createUser(ctx, 'viewer');
  await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
  const forgedTokens = [
    'garbage',
    handMadeToken('another-secret-another-secret-0123456', { sub: String(admin.id), ver: admin.tokenVersion }),
    handMadeToken('', { sub: String(admin.id), ver: admin.tokenVersion }, 'none'),
    ctx.app.signToken({ id: admin.id, tokenVersion: admin.tokenVersion + 1 }),
    ctx.app.signToken(gone),
    ctx.app.signToken({ id: 2_147_483_647, tokenVersion: 0 }),
  ];
  const card = cardBody('local');
  const today = wallClock(0).slice(0, 10);
  const known: KnownValues = {
    // Path parameters: rows that exist.
    id: [event.id, ...cards.map((c: { id: number }) => c.id), ...invoices.map((i: { id: number }) => i.id), viewer.id],
    uuid: [event.uuid],
    handleOrUuid: [event.handle, event.uuid],
    // Body fields: values that pass the rules a JSON schema cannot say.
    email: [viewer.email, organiser.email],
    password: [PASSWORD],
    currentPassword: [PASSWORD],
    startDate: [wallClock(24), wallClock(50)],
    endDate: [wallClock(26), null],
    selectedDay: [today],
    categoryId: [1, 3],
    creatorId: [organiser.id],
    latitude: [45.4986],
    longitude: [-73.5794],
    mapBounds: [{ northLat: 46, eastLng: -73, southLat: 45, westLng: -74 }],
    q: ['mont', 'H3G'],
    website: ['https://example.com', null],
    externalLink: ['example.org/tickets', null],
    phoneNumber: ['514-555-0100', null],
    zipcode: ['H3G 1H2', null],
    billingZipcode: ['H2Y 2M8'],
    ...Object.fromEntries(Object.entries(card).map(([name, value]) => [name, [value as string | number]])),
  };
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
  const context = (user: UserRow | undefined): RequestContext => ({
    token: user ? ctx.app.signToken(user) : undefined,
    forgedTokens,
    known,
    png,
  });
  const [freshOrganiser] = await ctx.db.select().from(users).where(eq(users.id, organiser.id));
  return {
    users: { viewer, organiser: freshOrganiser ?? organiser, admin },
    contexts: {
      visitor: context(undefined),
      viewer: context(viewer),
      organiser: context(freshOrganiser ?? organiser),
      admin: context(admin),
    },
  };
}
