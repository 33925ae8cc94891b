/**
 * The contract's route table is the API: every route served under /api/v1 has an entry, every entry is served, and
 * the OpenAPI document lists each documented entry with the answers it declares.
 */
import { API_PREFIX } from '@evmap/contract/routes/route';
import { ROUTE_TABLE } from '@evmap/contract/routes/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { type ApiDocument, apiDocument } from '../test/openapi';

let ctx: TestContext;
let doc: ApiDocument;

beforeAll(async () => {
  // With the Stripe webhook, the one route served only when configured.
  ctx = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_table',
      STRIPE_WEBHOOK_SECRET: 'whsec_table',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_t',
    },
  });
  doc = await apiDocument(ctx.app);
});
afterAll(async () => ctx?.close());

/** `METHOD /path` of every route the router holds (HEAD left out: Fastify adds it to each GET). */
function servedRoutes(tree: string): string[] {
  const served: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1]?.length ?? 0) / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') served.push(`${method} ${path}`);
  }
  return served;
}

/**
 * A route with its parameters unnamed: the router prints the names of one segment's parameters together
 * (`/organisations/:id|:handle/feed.ics` for `:id/feed.ics` beside `:handle`), so names are not compared.
 */
const unnamed = (route: string) => route.replace(/:\w+(?:\|:\w+)*/g, ':param');

/** `METHOD /api/v1/...` of every API route `app` serves, parameters unnamed. */
const servedApiRoutes = (app: TestContext['app']) =>
  servedRoutes(app.printRoutes({ commonPrefix: false }))
    .filter((route) => route.split(' ')[1]?.startsWith(`${API_PREFIX}/`))
    .map(unnamed)
    .sort();

describe('the route table', () => {
  it('lists exactly the routes the API serves', async () => {
    const table = ROUTE_TABLE.map(({ entry }) => unnamed(`${entry.method} ${API_PREFIX}${entry.path}`)).sort();
    expect(servedApiRoutes(ctx.app)).toEqual(table);
    // Without the Stripe webhook's secret, all but the routes served only with it.
    const plain = await createTestApp();
    try {
      const always = ROUTE_TABLE.filter(({ entry }) => entry.servedWhen === undefined);
      expect(always.length).toBe(ROUTE_TABLE.length - 1);
      expect(servedApiRoutes(plain.app)).toEqual(
        always.map(({ entry }) => unnamed(`${entry.method} ${API_PREFIX}${entry.path}`)).sort(),
      );
    } finally {
      await plain.close();
    }
  });

  it('is what the OpenAPI document describes, answer by answer', () => {
    const documented = doc.operations.map((op) => `${op.method} ${op.path}`).sort();
    const shown = ROUTE_TABLE.filter(({ entry }) => !entry.hide);
    expect(documented).toEqual(
      shown.map(({ entry }) => `${entry.method} ${API_PREFIX}${entry.path.replace(/:(\w+)/g, '{$1}')}`).sort(),
    );
    for (const { name, entry } of shown) {
      const path = `${API_PREFIX}${entry.path.replace(/:(\w+)/g, '{$1}')}`;
      const op = doc.operations.find((o) => o.method === entry.method && o.path === path);
      const declared = Object.keys(entry.response ?? {});
      expect([name, declared.filter((status) => !op?.responses[status])]).toEqual([name, []]);
    }
  });
});
