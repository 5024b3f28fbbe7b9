import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostProcessing } from '@app/analysis';
import { canReanimateTombstoneInRounds, transactionSql } from '@app/analysis/testing';
import { GraphStore, type EdgeUpsert, type NodeUpsert } from '@app/graph';
import { Database } from '@app/platform';
import { bearer } from './support/auth.js';
import { edgeLinesOf } from './support/derived-edges.js';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from './support/test-app.js';

/**
 * CanReanimateTombstone (the reference's post-processing step 13) on a hand-built graph with decoys. In TEST.LOCAL
 * (D, collected) a principal needs three rights, each directly or through its groups: ReanimateTombstones on the
 * domain, a create-child right on one of its containers or OUs, and a rename right on the target user, group or
 * computer. OTHER.LOCAL (E) is collected with nobody able to reanimate; FAR.LOCAL (F) is not collected.
 */
const D = 'S-1-5-21-1';
const E = 'S-1-5-21-2';
const F = 'S-1-5-21-3';

const node = (objectid: string, kinds: string[], domainsid: string, properties: Record<string, unknown> = {}): NodeUpsert =>
  ({ objectid, kinds: ['Base', ...kinds], properties: { name: objectid, domainsid, ...properties } });
const edge = (start: string, kind: string, end: string): EdgeUpsert =>
  ({ startObjectId: start, endObjectId: end, kind, properties: { isacl: true } });

const [ADMINS, ALICE, BOB, CAROL, DAVE, ERIN, RING1, RING2, FRANK] =
  ['512', '1001', '1002', '1003', '1004', '1005', '1100', '1101', '1006'].map((rid) => `${D}-${rid}`);
const [T1, T2, T3, T4, T5] = ['2001', '2002', '2003', '2004', '2005'].map((rid) => `${D}-${rid}`);
const [OU1, C1, OU9] = [`${D}-OU1`, `${D}-C1`, `${E}-OU9`];

const NODES: NodeUpsert[] = [
  node(D, ['Domain'], D, { collected: true }), node(E, ['Domain'], E, { collected: true }),
  node(F, ['Domain'], F, { collected: false }),
  node(ADMINS, ['Group'], D), node(RING1, ['Group'], D), node(RING2, ['Group'], D),
  ...[ALICE, BOB, CAROL, DAVE, ERIN, FRANK].map((id) => node(id, ['User'], D)),
  node(OU1, ['OU'], D), node(C1, ['Container'], D), node(OU9, ['OU'], E),
  node(T1, ['User'], D), node(T2, ['User'], D), node(T3, ['Computer'], D), node(T4, ['Group'], D),
  node(T5, ['GPO'], D), node(`${E}-2001`, ['User'], E),
  node(`${F}-1001`, ['User'], F), node(`${F}-OU1`, ['OU'], F), node(`${F}-2001`, ['User'], F),
];

const EDGES: EdgeUpsert[] = [
  edge(ALICE, 'MemberOf', ADMINS), edge(FRANK, 'MemberOf', RING1),
  edge(RING1, 'MemberOf', RING2), edge(RING2, 'MemberOf', RING1),
  // Who may reanimate in D: Admins, bob, carol, dave, the ring (through ring1).
  ...[ADMINS, BOB, CAROL, DAVE, RING1].map((p) => edge(p, 'ReanimateTombstones', D)),
  // Who may create children in D: Admins (owning C1: OwnsRaw becomes Owns at step 12), bob, carol, erin, the ring.
  edge(ADMINS, 'OwnsRaw', C1), edge(BOB, 'CreateChild', OU1), edge(CAROL, 'GenericAll', C1),
  edge(ERIN, 'CreateChildAll', OU1), edge(RING2, 'WriteDacl', OU1),
  // dave may create children only in OTHER.LOCAL.
  edge(DAVE, 'CreateChild', OU9),
  // Rename rights on the targets.
  edge(BOB, 'WriteRDN', T1), edge(DAVE, 'WriteRDN', T1), edge(ERIN, 'WriteRDN', T1),
  edge(ADMINS, 'GenericAll', T2), edge(ALICE, 'WriteCommonName', T2),
  edge(ADMINS, 'GenericWrite', T3), edge(FRANK, 'GenericWrite', T4), edge(RING2, 'WriteRDN', T4),
  // Decoys: a GPO is not a target kind; a target of another domain; a domain not collected.
  edge(BOB, 'WriteRDN', T5), edge(BOB, 'WriteRDN', `${E}-2001`), edge(CAROL, 'ForceChangePassword', T1),
  edge(`${F}-1001`, 'ReanimateTombstones', F), edge(`${F}-1001`, 'CreateChild', `${F}-OU1`),
  edge(`${F}-1001`, 'WriteRDN', `${F}-2001`),
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const store = t.app.get(GraphStore);
  for (const n of NODES) await store.upsertNodes([n]);
  await store.upsertEdges(EDGES);
  await t.app.get(PostProcessing).run();
});
afterAll(async () => t.close());

const line = (start: string, end: string) => `${start} -[CanReanimateTombstone]-> ${end}`;

describe('CanReanimateTombstone', () => {
  it('goes to the outermost principals holding all three rights, and to a direct holder of the rename right', async () => {
    expect(await edgeLinesOf(t, 'CanReanimateTombstone')).toEqual([
      // bob holds all three himself; dave cannot create children in D, erin cannot reanimate, carol renames nothing.
      line(BOB, T1),
      // Admins through its own rights (Owns counted as step 12 wrote it); alice below it only as a direct holder.
      line(ADMINS, T2), line(ALICE, T2),
      line(ADMINS, T3),
      // The nesting cycle qualifies as a whole; frank, below it, holds the rename right directly.
      line(FRANK, T4), line(RING1, T4), line(RING2, T4),
    ].sort());
  });

  it('is an attack path: AD_ATTACK_PATHS matches it beside the rename right it needs', async () => {
    const token = await login(t, 'admin', ADMIN_PASSWORD);
    const res = await t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(token))
      .send({ query: `MATCH p = (a {objectid: '${ADMINS}'})-[:AD_ATTACK_PATHS]->(b {objectid: '${T3}'}) RETURN p` });
    expect(res.status).toBe(200);
    const kinds = (res.body.data.edges as { kind: string }[]).map((e) => e.kind).sort();
    expect(kinds).toEqual(['CanReanimateTombstone', 'GenericWrite']);
  });

  it('gives the same edges when it reads its targets in rounds of two', async () => {
    const before = await edgeLinesOf(t, 'CanReanimateTombstone');
    await t.app.get(Database).transaction(async (manager) => {
      const { sql, copyRows } = transactionSql(manager);
      await sql(`DELETE FROM edge WHERE kind_id = (SELECT id FROM kind WHERE name = 'CanReanimateTombstone')`);
      expect(await canReanimateTombstoneInRounds(2).run(sql, { now: new Date().toISOString(), copyRows })).toBe(before.length);
    });
    expect(await edgeLinesOf(t, 'CanReanimateTombstone')).toEqual(before);
  });

  it('changes nothing on a second analysis', async () => {
    const before = await edgeLinesOf(t, 'CanReanimateTombstone');
    await t.app.get(PostProcessing).run();
    expect(await edgeLinesOf(t, 'CanReanimateTombstone')).toEqual(before);
  });
});
