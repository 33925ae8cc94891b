/** Events created at the same moment with the same title all succeed, each under its own handle. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let owner: UserRow;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
});
afterAll(() => ctx.close());

const create = (titleFr: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody({ titleFr }),
  });

/** Resolves once a backend of this database waits for a lock (the API's insert waiting for our transaction). */
async function someoneWaitsForALock(): Promise<void> {
  for (;;) {
    const result = await ctx.app.pool.query(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (result.rows[0].waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /connected/events and handles', () => {
  it('takes the next handle when another creation commits the same one while it is being saved', async () => {
    // Another request's transaction holds the handle the API is about to choose, not committed yet.
    const other = await ctx.app.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO events (handle, title_fr, creator_id) VALUES ('course-au-lac', 'Course au lac', $1)`,
        [owner.id],
      );
      const pending = create('Course au lac');
      await someoneWaitsForALock();
      await other.query('COMMIT');
      const res = await pending;
      expect(res.statusCode).toBe(200);
      expect(res.json().event).toMatchObject({ handle: 'course-au-lac-2', titleFr: 'Course au lac' });
    } finally {
      other.release();
    }
  });

  it('answers every one of concurrent creations with the same title, each with another handle', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => create('Marché du samedi')));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    const handles = answers.map((res) => res.json().event.handle as string).sort();
    expect(handles).toEqual([
      'marche-du-samedi',
      'marche-du-samedi-2',
      'marche-du-samedi-3',
      'marche-du-samedi-4',
      'marche-du-samedi-5',
      'marche-du-samedi-6',
    ]);
  });
});
