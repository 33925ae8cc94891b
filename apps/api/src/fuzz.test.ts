/**
 * No request, however malformed, answers 5xx, whoever sends it; and every answer is one the OpenAPI document
 * describes. Requests are generated from the document itself (fast-check): for every operation, as a visitor, a
 * viewer, an organiser and an administrator, valid-ish ones and hostile ones (wrong types, huge numbers, NUL
 * characters, over-long strings, unknown parameters, malformed JSON and multipart bodies, forged tokens).
 *
 * Bounded: a fixed seed and FUZZ_RUNS requests per operation and role (default 16); FUZZ_RUNS=200 FUZZ_SEED=… for a
 * deeper local run. A failure names the request that broke the rule (fast-check's counterexample).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActors, ROLES } from '../test/api-actors';
import { createTestApp, type TestContext } from '../test/app';
import { type Answer, AnswerChecker, type ApiDocument, apiDocument, describeExchange, send } from '../test/openapi';
import { requestArbitrary } from '../test/request-arbitraries';

const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_915);

let ctx: TestContext;
let doc: ApiDocument;

beforeAll(async () => {
  ctx = await createTestApp();
  doc = await apiDocument(ctx.app);
});
afterAll(async () => ctx?.close());

describe('requests generated from the OpenAPI document', () => {
  it(
    'never answer 5xx, and answer only what the document describes',
    async () => {
      const checker = new AnswerChecker();
      const failures: string[] = [];
      let sent = 0;
      for (const operation of doc.operations) {
        // Fresh accounts for each operation: one may delete its caller, change its password or spend its quotas.
        const actors = await createActors(ctx);
        for (const role of ROLES) {
          let last = '';
          const property = fc.asyncProperty(requestArbitrary(operation, actors.contexts[role]), async (request) => {
            sent += 1;
            let answer: Answer | undefined;
            let problem: string | undefined;
            try {
              answer = await send(ctx.app, request);
              problem = answer.statusCode >= 500 ? `answered ${answer.statusCode}` : checker.problem(operation, answer);
            } catch (error) {
              problem = `the request failed: ${(error as Error).message}`;
            }
            if (problem) last = describeExchange(request, answer, `${operation.operationId} as ${role}: ${problem}`);
            return problem === undefined;
          });
          const details = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
          if (details.failed) failures.push(last);
        }
      }
      expect(sent).toBeGreaterThanOrEqual(doc.operations.length * ROLES.length);
      expect(failures).toEqual([]);
    },
    // Bounded by count (FUZZ_RUNS per operation and role); the time limit scales with it.
    60_000 + RUNS * 15_000,
  );
});

describe('requests the fuzz found answering 5xx', () => {
  it('answers 400 to a sign-up whose name is not text (a rule read it as text: 500)', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/signup',
      payload: {
        type: 'event-manager',
        name: { a: 1 },
        email: 'fuzz@example.com',
        password: 'long-enough',
        acceptTerms: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { name: 'The field name must be of type string' } });
  });
});
