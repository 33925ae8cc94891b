/** Nobody but user 1 changes user 1's email; administrators never change another administrator's email. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, readMails } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

const BASE = '/api/v1/connected/admin/users';
let ctx: TestContext;
let root: UserRow;
let admin: UserRow;
let other: UserRow;
let organiser: UserRow;

beforeAll(async () => {
  ctx = await createTestApp();
  root = await createUser(ctx, 'admin');
  admin = await createUser(ctx, 'admin');
  other = await createUser(ctx, 'admin');
  organiser = await createUser(ctx, 'event-manager');
});
afterAll(() => ctx.close());

const update = (actor: UserRow, target: UserRow, email: string, lang = 'en') =>
  ctx.app.inject({
    method: 'PUT',
    url: `${BASE}/${target.id}`,
    headers: authHeaders(ctx.app, actor, lang),
    payload: { name: target.name, email },
  });
const emailOf = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!.email;

describe('PUT /connected/admin/users/:id and protected identities', () => {
  it("refuses another administrator's change of user 1's email, so no reset link can reach the new address", async () => {
    expect(root.id).toBe(1);
    const res = await update(admin, root, 'taken-over@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      errors: { global: 'Only its owner can change the email or password of an administrator or of user 1' },
    });
    expect(await emailOf(1)).toBe(root.email);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/auth/forgot-pwd',
      payload: { email: 'taken-over@example.com' },
    });
    expect(reset.statusCode).toBe(204);
    expect(readMails(ctx.config.mailDir).filter((m) => m.to.includes('taken-over@example.com'))).toEqual([]);
  });

  it("refuses an administrator's change of another administrator's email, user 1's included, in both languages", async () => {
    for (const [actor, target] of [
      [admin, other],
      [root, admin],
      [other, root],
    ] as const) {
      const res = await update(actor, target, `changed-${target.id}@example.com`, 'fr');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        errors: {
          global:
            "Seul son titulaire peut changer le courriel ou le mot de passe d'un administrateur ou de l'utilisateur 1",
        },
      });
      expect(await emailOf(target.id)).toBe(target.email);
    }
  });

  it('still lets administrators edit these accounts otherwise, and change the email of other users', async () => {
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `${BASE}/1`,
      headers: authHeaders(ctx.app, admin),
      payload: { name: 'Root account', email: root.email },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ id: 1, name: 'Root account', email: root.email });

    const moved = await update(admin, organiser, 'new-organiser@example.com');
    expect(moved.statusCode).toBe(200);
    expect(await emailOf(organiser.id)).toBe('new-organiser@example.com');
  });
});
