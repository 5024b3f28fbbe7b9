import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './support/test-app.js';
import { CASE_CLASSES, casesFor, type CaseClass, type FuzzCase } from './support/fuzz/fuzz-cases.js';
import { createFuzzFixtures, type FuzzFixtures } from './support/fuzz/fuzz-fixtures.js';
import { describeFailures, FuzzRunner } from './support/fuzz/fuzz-runner.js';
import { operationName, readOperations, type Operation } from './support/fuzz/openapi-operations.js';

/**
 * The fuzz guard (issue 13): every operation of the served OpenAPI document gets malformed path ids, query values,
 * headers, bodies and content types, mostly as the administrator (so validation is reached past the auth guard),
 * some without credentials or with broken ones. No answer may be a 5xx; every 4xx carries the error body and its
 * RequestID; no answer shows a stack trace, a source path or a secret. The cases are drawn from a fixed seed, so
 * every run sends the same ~4,000 requests (FUZZ_SEED=<n> draws another set, to explore); all failures of a class
 * are reported in one message.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 13);

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let fixtures: FuzzFixtures;
  let runner: FuzzRunner;
  let operations: Operation[];
  const cases = new Map<CaseClass, FuzzCase[]>();

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    fixtures = await createFuzzFixtures(t);
    const doc = await t.http().get('/api/v2/spec/openapi.json');
    if (doc.status !== 200) throw new Error(`the OpenAPI document answered ${doc.status}`);
    operations = readOperations(doc.body);
    // Deletes last, in case one of them takes something the others use.
    const ordered = [...operations.filter((op) => op.method !== 'DELETE'), ...operations.filter((op) => op.method === 'DELETE')];
    for (const c of ordered.flatMap((op) => casesFor(op, { seed: SEED, pathValues: fixtures.pathValues }))) {
      cases.set(c.cls, [...(cases.get(c.cls) ?? []), c]);
    }
    const secrets = () => [
      process.env.JWT_SECRET!, process.env.SECRETS_KEY!, ADMIN_PASSWORD, fixtures.adminSession,
      fixtures.adminToken.key, fixtures.clientToken.key, t.databaseUrl,
    ];
    runner = new FuzzRunner(port, fixtures, secrets);
  });
  afterAll(() => t.close());

  // About 60 requests per operation; the entity panels (issue 19) brought some 150 operations of one handler each.
  it('reads every operation of the document and fuzzes each of them, in about ten thousand requests', () => {
    expect(operations.length).toBeGreaterThanOrEqual(80);
    const all = [...cases.values()].flat();
    const fuzzed = new Set(all.map((c) => operationName(c.op)));
    expect(operations.map(operationName).filter((name) => !fuzzed.has(name))).toEqual([]);
    expect(all.length).toBeGreaterThan(2_000);
    expect(all.length).toBeLessThan(15_000);
  });

  for (const cls of CASE_CLASSES) {
    it(`answers ${cls} with 4xx and the error body, never a 5xx, a stack trace or a secret`, async () => {
      const failures = await runner.run(cases.get(cls) ?? []);
      if (failures.length > 0) throw new Error(describeFailures(failures, cases.get(cls)?.length ?? 0));
    // A guard against a hang, not a timing test: ~12,000 requests over every operation take minutes on a loaded CI
    // core (the query-values class passed 180 s there once the entity panels came).
    }, 900_000);
  }
});
