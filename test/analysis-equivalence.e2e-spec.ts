import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database, runWithRequestContext } from '@app/platform';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { PostProcessing } from '@app/analysis';
import { LocalFiles } from '@app/ingest';
import { writeEnterpriseFiles } from '../bench/enterprise/directory.mjs';
import { randomAnalysisGraph, SMALL, type AnalysisGraphSize } from './support/analysis-graphs.js';
import { SAMPLE_ZIP } from './support/ingest.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Post-processing derives exactly the edges it derived before its statements were rewritten to follow their
 * answer: every edge of a derived kind on seeded random directories (dense, cyclic nesting across two domains, a PKI with rights
 * from anywhere in the nesting) and on the sample data, against a recorded expectation
 * (test/fixtures/analysis-expected.json, written by the earlier statements). A second run changes nothing.
 * The benches' enterprise directory (bench/enterprise) at ~2,000 objects is compared by counts per kind and a digest.
 * UPDATE_ANALYSIS_EXPECTED=true records the expectation of the graphs it runs instead of comparing (only ever with the
 * earlier code).
 */

const EXPECTED = new URL('./fixtures/analysis-expected.json', import.meta.url);
const UPDATE = process.env.UPDATE_ANALYSIS_EXPECTED === 'true';
const DENSE: AnalysisGraphSize = { users: 120, computers: 30, groups: 40, templates: 16, nesting: 3 };
const GRAPHS: [string, number, AnalysisGraphSize][] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed): [string, number, AnalysisGraphSize] => [`small-${seed}`, seed, SMALL]),
  ...[11, 12, 13, 14, 15].map((seed): [string, number, AnalysisGraphSize] => [`dense-${seed}`, seed, DENSE]),
];
/** Kinds post-processing writes (collected edges of these kinds are compared too). */
const DERIVED = ['MemberOf', 'ClaimSpecialIdentity', 'AdminTo', 'CanPSRemote', 'ExecuteDCOM', 'CanRDP', 'DCSync',
  'SyncLAPSPassword', 'TrustedForNTAuth', 'IssuedSignedBy', 'EnterpriseCAFor', 'ExtendedByPolicy', 'EnrollOnBehalfOf',
  'GoldenCert', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a', 'ADCSESC9b', 'ADCSESC10a',
  'ADCSESC10b', 'ADCSESC13', 'Owns', 'WriteOwner'];

/** A large directory's edges as counts per kind and a digest (its lines would make the recording megabytes). */
interface Digest { kinds: Record<string, number>; sha256: string }
function digest(lines: string[]): Digest {
  const kinds: Record<string, number> = {};
  for (const line of lines) {
    const kind = line.split(' ')[1].slice(2, -3);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return { kinds, sha256: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

const recorded: Record<string, string[] | Digest> = !existsSync(EXPECTED) ? {} : JSON.parse(readFileSync(EXPECTED, 'utf8'));
const written: Record<string, string[] | Digest> = {};

/** Edges (of `kinds`, or all) as sorted `START -[kind]-> END` lines of objectids. */
async function edgeLines(t: TestApp, kinds?: string[]): Promise<string[]> {
  const rows = await t.app.get(Database).transaction((m) => m.query(`
    SELECT s.properties ->> 'objectid' AS s, k.name AS k, e.properties ->> 'objectid' AS e FROM edge
    JOIN kind k ON k.id = edge.kind_id JOIN node s ON s.id = edge.start_id JOIN node e ON e.id = edge.end_id
    WHERE $1::text[] IS NULL OR k.name = ANY($1::text[])`, [kinds ?? null])) as { s: string; k: string; e: string }[];
  return rows.map((r) => `${r.s} -[${r.k}]-> ${r.e}`).sort();
}

function check(name: string, lines: string[]): void {
  if (UPDATE) {
    written[name] = lines;
    return;
  }
  const expected = recorded[name];
  expect(expected).toBeDefined();
  if (!Array.isArray(expected)) {
    expect(digest(lines)).toEqual(expected);
    return;
  }
  const missing = expected.filter((line) => !lines.includes(line));
  const extra = lines.filter((line) => !expected.includes(line));
  expect({ name, missing, extra }).toEqual({ name, missing: [], extra: [] });
}

function checkDigest(name: string, lines: string[]): void {
  if (UPDATE) written[name] = digest(lines);
  else check(name, lines);
}

const analyse = (t: TestApp) => runWithRequestContext({ requestId: 'analysis-equivalence', deadline: Date.now() + 600_000 },
  () => t.app.get(PostProcessing).run());

describe('post-processing derives the recorded edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    if (UPDATE) writeFileSync(EXPECTED, `${JSON.stringify({ ...recorded, ...written }, null, 1)}\n`);
    await t.close();
  });

  it.each(GRAPHS)('on the random directory %s, and again on a second run', async (name, seed, size) => {
    const store = t.app.get(GraphStore);
    await store.clear();
    await seedGraph(store, randomAnalysisGraph(seed, size));
    await analyse(t);
    const first = await edgeLines(t, DERIVED);
    check(name, first);
    await analyse(t);
    expect(await edgeLines(t, DERIVED)).toEqual(first);
  }, 120_000);

  it.each(['dense', 'shallow'] as const)('on the benches\' enterprise directory (%s, ~2,000 objects)', async (variant) => {
    const store = t.app.get(GraphStore);
    await store.clear();
    const folder = mkdtempSync(join(tmpdir(), 'pathwarden-equivalence-'));
    try {
      for (const path of writeEnterpriseFiles({ variant, scale: 0.01, seed: 5 }, folder).paths) {
        await t.app.get(LocalFiles).ingest(path);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await analyse(t);
    checkDigest(`enterprise-${variant}`, await edgeLines(t, DERIVED));
  }, 300_000);

  it('on the sample data', async () => {
    const store = t.app.get(GraphStore);
    await store.clear();
    await t.app.get(LocalFiles).ingest(SAMPLE_ZIP);
    await analyse(t);
    check('sample', await edgeLines(t, DERIVED));
  }, 300_000);
});
