import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostProcessing } from '@app/analysis';
import { GraphStore, type EdgeUpsert, type NodeUpsert } from '@app/graph';
import { Clock, Database } from '@app/platform';
import { CORE_STEPS_AFTER_ADCS, CORE_STEPS_BEFORE_ADCS, transactionSql } from '@app/analysis/testing';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Post-processing steps 1-9 and 11 (ingest-reference §5) on a hand-built graph: TEST.LOCAL (collected), OTHER.LOCAL
 * (collected, BlockOwnerImplicitRights on, trusts TEST.LOCAL) and FAR.LOCAL (not collected).
 */
const D = 'S-1-5-21-1';
const E = 'S-1-5-21-2';
const F = 'S-1-5-21-3';
const FIRST = new Date('2026-01-01T00:00:00.000Z');
const SECOND = new Date('2026-01-02T00:00:00.000Z');

const node = (objectid: string, kinds: string[], properties: Record<string, unknown> = {}): NodeUpsert =>
  ({ objectid, kinds: ['Base', ...kinds], properties });
const edge = (start: string, kind: string, end: string, properties: Record<string, unknown> = {}): EdgeUpsert =>
  ({ startObjectId: start, endObjectId: end, kind, properties });

const NODES: NodeUpsert[] = [
  node(D, ['Domain'], { name: 'TEST.LOCAL', domainsid: D, collected: true }),
  node(E, ['Domain'], { name: 'OTHER.LOCAL', domainsid: E, collected: true, dsheuristics: `${'0'.repeat(28)}100` }),
  node(F, ['Domain'], { name: 'FAR.LOCAL', domainsid: F, collected: false }),
  ...['1001', '1002', '1003', '1004', '501'].map((rid) =>
    node(`${D}-${rid}`, ['User'], { name: `U${rid}@TEST.LOCAL`, domainsid: D, enabled: true })),
  node(`${D}-1005`, ['User'], { name: 'U1005@TEST.LOCAL', domainsid: D, enabled: true }),
  ...['1100', '1101', '1102', '1103', '1104'].map((rid) => node(`${D}-${rid}`, ['Group'], { name: `G${rid}@TEST.LOCAL`, domainsid: D })),
  node(`${D}-2001`, ['Computer'], { name: 'C1.TEST.LOCAL', domainsid: D, haslaps: true }),
  node(`${D}-2002`, ['Computer'], { name: 'C2.TEST.LOCAL', domainsid: D, haslaps: false }),
  ...['544', '580', '562', '555'].map((rid) => node(`${D}-2001-${rid}`, ['ADLocalGroup'], { name: `C1 ${rid}` })),
  node(`${D}-2002-555`, ['ADLocalGroup'], { name: 'C2 555' }),
  // Stubs: a well-known group seen only in an ACE, an unnamed SID of TEST.LOCAL, one of an unknown domain.
  node(`${D}-519`, [], {}),
  node(`${D}-4000`, ['User'], {}),
  node('S-1-5-21-9-4000', ['User'], {}),
  node(`${E}-1001`, ['User'], { name: 'EU1@OTHER.LOCAL', domainsid: E }),
  node(`${E}-1002`, ['User'], { name: 'EU2@OTHER.LOCAL', domainsid: E }),
  node(`${E}-1005`, ['User'], { name: 'GMSA$@OTHER.LOCAL', domainsid: E, gmsa: true }),
  node(`${E}-512`, ['Group'], { name: 'DOMAIN ADMINS@OTHER.LOCAL', domainsid: E }),
  node(`${E}-3001`, ['Computer'], { name: 'EC1.OTHER.LOCAL', domainsid: E }),
];

const EDGES: EdgeUpsert[] = [
  // DCSync: G1100 holds both rights (its member U1001 is covered); U1002 holds GetChanges itself and
  // GetChangesAll through G1101; U1003 holds GetChanges and GetChangesInFilteredSet (SyncLAPSPassword only).
  edge(`${D}-1100`, 'GetChanges', D), edge(`${D}-1100`, 'GetChangesAll', D), edge(`${D}-1001`, 'MemberOf', `${D}-1100`),
  edge(`${D}-1002`, 'GetChanges', D), edge(`${D}-1101`, 'GetChangesAll', D), edge(`${D}-1002`, 'MemberOf', `${D}-1101`),
  edge(`${D}-1003`, 'GetChanges', D), edge(`${D}-1003`, 'GetChangesInFilteredSet', D),
  // Local groups of C1 and C2.
  ...['544', '580', '562', '555'].map((rid) => edge(`${D}-2001-${rid}`, 'LocalToComputer', `${D}-2001`)),
  edge(`${D}-1001`, 'MemberOfLocalGroup', `${D}-2001-544`), edge(`${D}-1100`, 'MemberOfLocalGroup', `${D}-2001-544`),
  edge(`${D}-1002`, 'MemberOfLocalGroup', `${D}-2001-580`), edge(`${D}-1003`, 'MemberOfLocalGroup', `${D}-2001-562`),
  edge(`${D}-1004`, 'MemberOfLocalGroup', `${D}-2001-555`), edge(`${D}-2001-555`, 'RemoteInteractiveLogonRight', `${D}-2001`),
  edge(`${D}-2002-555`, 'LocalToComputer', `${D}-2002`),
  edge(`${D}-1002`, 'MemberOfLocalGroup', `${D}-2002-555`), edge(`${D}-1102`, 'MemberOfLocalGroup', `${D}-2002-555`),
  edge(`${D}-1003`, 'MemberOf', `${D}-1102`), edge(`${D}-1003`, 'MemberOf', `${D}-1103`),
  edge(`${D}-1002`, 'RemoteInteractiveLogonRight', `${D}-2002`), edge(`${D}-1103`, 'RemoteInteractiveLogonRight', `${D}-2002`),
  edge(`${D}-1001`, 'RemoteInteractiveLogonRight', `${D}-2002`),
  edge(`${D}-1104`, 'MemberOfLocalGroup', `${D}-2002-555`), edge(`${D}-1104`, 'RemoteInteractiveLogonRight', `${D}-2002`),
  edge(`${D}-1005`, 'MemberOf', `${D}-1104`),
  // A stale derived edge: analysis must remove it.
  edge(`${D}-1004`, 'AdminTo', `${D}-2002`),
  // Trust: OTHER.LOCAL trusts TEST.LOCAL; TEST.LOCAL's link to FAR.LOCAL brings nothing (not collected).
  edge(E, 'SameForestTrust', D), edge(F, 'CrossForestTrust', D),
  // Owners.
  edge(`${D}-1001`, 'OwnsRaw', `${D}-1002`, { isacl: true, isinherited: true, inheritancehash: 'abc' }),
  edge(`${D}-1001`, 'WriteOwnerRaw', `${D}-2001`, { isacl: true, isinherited: false }),
  edge(`${E}-1002`, 'MemberOf', `${E}-512`),
  edge(`${E}-1001`, 'OwnsRaw', `${E}-3001`), edge(`${E}-1002`, 'OwnsRaw', `${E}-3001`),
  edge(`${E}-1001`, 'WriteOwnerRaw', `${E}-3001`), edge(`${E}-1001`, 'WriteOwnerRaw', `${E}-1005`),
  edge(`${E}-1001`, 'OwnsRaw', `${E}-1002`), edge(`${E}-1001`, 'WriteOwnerRaw', `${E}-1002`),
];

const DERIVED = ['DCSync', 'SyncLAPSPassword', 'AdminTo', 'CanPSRemote', 'ExecuteDCOM', 'CanRDP', 'Owns', 'WriteOwner'];

interface EdgeRow { start: string; kind: string; end: string; properties: Record<string, unknown> }

let t: TestApp;
let database: Database;
let now = FIRST;

async function edgesOf(kinds: string[]): Promise<EdgeRow[]> {
  return database.query<EdgeRow>(
    `SELECT a.properties ->> 'objectid' AS start, k.name AS kind, b.properties ->> 'objectid' AS end, e.properties
     FROM edge e JOIN kind k ON k.id = e.kind_id JOIN node a ON a.id = e.start_id JOIN node b ON b.id = e.end_id
     WHERE k.name = ANY($1::text[]) `,
    [kinds],
  );
}

async function triples(kinds: string[]): Promise<string[]> {
  return (await edgesOf(kinds)).map((e) => `${e.start} ${e.kind} ${e.end}`).sort();
}

async function nodeNamed(objectid: string): Promise<{ kinds: string[]; properties: Record<string, unknown> } | undefined> {
  const [row] = await database.query<{ kinds: string[]; properties: Record<string, unknown> }>(
    `SELECT ARRAY(SELECT k.name FROM kind k WHERE k.id = ANY(n.kind_ids) ORDER BY k.name) AS kinds, n.properties
     FROM node n WHERE n.properties ->> 'objectid' = $1`,
    [objectid],
  );
  return row;
}

/** Steps 1-9 and 11 alone, in one transaction as PgPostProcessing runs them (the ADCS steps are tested apart). */
async function runCoreSteps(): Promise<string[]> {
  return database.transaction(async (manager) => {
    const { sql, copyRows } = transactionSql(manager);
    const names: string[] = [];
    for (const step of [...CORE_STEPS_BEFORE_ADCS, ...CORE_STEPS_AFTER_ADCS]) {
      await step.run(sql, { now: now.toISOString(), copyRows });
      names.push(step.name);
    }
    return names;
  });
}

beforeAll(async () => {
  t = await createTestApp({ customize: (builder) => builder.overrideProvider(Clock).useValue({ now: () => now }) });
  database = t.app.get(Database);
  const store = t.app.get(GraphStore);
  await store.upsertNodes(NODES);
  await store.upsertEdges(EDGES);
  await runCoreSteps();
});
afterAll(async () => t.close());

describe('post-processing steps 1-3', () => {
  it('gives a well-known group seen without a group kind the Group kind', async () => {
    expect((await nodeNamed(`${D}-519`))?.kinds).toEqual(['Base', 'Group']);
    expect((await nodeNamed(`${D}-2001-544`))?.kinds).toEqual(['ADLocalGroup', 'Base']);
  });

  it('names unnamed nodes after the domain of their SID prefix', async () => {
    expect((await nodeNamed(`${D}-4000`))?.properties).toMatchObject({ name: `(TEST.LOCAL) ${D}-4000`, domainsid: D });
    expect((await nodeNamed('S-1-5-21-9-4000'))?.properties.name).toBeUndefined();
  });

  it('creates the well-known groups of collected domains only', async () => {
    expect((await nodeNamed('TEST.LOCAL-S-1-1-0'))).toEqual({
      kinds: ['Base', 'Group'],
      properties: { name: 'EVERYONE@TEST.LOCAL', objectid: 'TEST.LOCAL-S-1-1-0', domainsid: D, domain: 'TEST.LOCAL', lastseen: FIRST.toISOString() },
    });
    expect((await nodeNamed(`${D}-513`))?.properties.name).toBe('DOMAIN USERS@TEST.LOCAL');
    expect((await nodeNamed('OTHER.LOCAL-S-1-64-14'))?.properties.name).toBe('SCHANNEL AUTHENTICATION@OTHER.LOCAL');
    expect(await nodeNamed('FAR.LOCAL-S-1-1-0')).toBeUndefined();
  });

  it('links the well-known groups, the guest and the groups of a collected trusting domain', async () => {
    const links = await triples(['MemberOf', 'ClaimSpecialIdentity']);
    expect(links).toEqual(expect.arrayContaining([
      `${D}-513 MemberOf TEST.LOCAL-S-1-5-11`, `${D}-515 MemberOf TEST.LOCAL-S-1-5-11`,
      'TEST.LOCAL-S-1-5-11 MemberOf TEST.LOCAL-S-1-1-0', `${D}-501 MemberOf TEST.LOCAL-S-1-1-0`,
      'TEST.LOCAL-S-1-5-11 MemberOf OTHER.LOCAL-S-1-5-11', 'TEST.LOCAL-S-1-1-0 MemberOf OTHER.LOCAL-S-1-1-0',
      `TEST.LOCAL-S-1-1-0 ClaimSpecialIdentity ${D}-501`, 'TEST.LOCAL-S-1-1-0 ClaimSpecialIdentity TEST.LOCAL-S-1-5-2',
    ]));
    expect(links.filter((l) => l.startsWith('TEST.LOCAL-S-1-1-0 ClaimSpecialIdentity TEST.LOCAL'))).toHaveLength(8);
    expect(links.filter((l) => l.includes('OTHER.LOCAL') && l.startsWith('OTHER.LOCAL') && l.includes('TEST.LOCAL'))).toEqual([]);
    expect(links.filter((l) => l.includes('FAR.LOCAL'))).toEqual([]);
  });
});

describe('post-processing steps 4-9 and 11', () => {
  it('derives DCSync for the outermost principals holding both rights', async () => {
    expect(await triples(['DCSync'])).toEqual([`${D}-1002 DCSync ${D}`, `${D}-1100 DCSync ${D}`]);
  });

  it('derives SyncLAPSPassword to the LAPS computers of the domain', async () => {
    expect(await triples(['SyncLAPSPassword'])).toEqual([`${D}-1003 SyncLAPSPassword ${D}-2001`]);
  });

  it('derives AdminTo, CanPSRemote and ExecuteDCOM from direct local group members and drops stale edges', async () => {
    expect(await triples(['AdminTo', 'CanPSRemote', 'ExecuteDCOM'])).toEqual([
      `${D}-1001 AdminTo ${D}-2001`, `${D}-1100 AdminTo ${D}-2001`,
      `${D}-1002 CanPSRemote ${D}-2001`, `${D}-1003 ExecuteDCOM ${D}-2001`,
    ].sort());
  });

  it('derives CanRDP from the RDP group and the logon right', async () => {
    expect(await triples(['CanRDP'])).toEqual([
      `${D}-1002 CanRDP ${D}-2002`, `${D}-1003 CanRDP ${D}-2002`, `${D}-1004 CanRDP ${D}-2001`,
      `${D}-1104 CanRDP ${D}-2002`,
    ]);
  });

  it('turns raw ownership into Owns and WriteOwner, honouring BlockOwnerImplicitRights', async () => {
    expect(await triples(['Owns', 'WriteOwner'])).toEqual([
      `${D}-1001 Owns ${D}-1002`, `${D}-1001 WriteOwner ${D}-2001`, `${E}-1001 Owns ${E}-1002`,
      `${E}-1001 WriteOwner ${E}-1002`, `${E}-1002 Owns ${E}-3001`,
    ]);
    const owns = (await edgesOf(['Owns'])).find((e) => e.start === `${D}-1001`)!;
    expect(owns.properties).toEqual({ isacl: true, isinherited: true, inheritancehash: 'abc', lastseen: FIRST.toISOString() });
  });

  it('marks derived edges as non-ACL, seen at the analysis', async () => {
    const [dcSync] = await edgesOf(['DCSync']);
    expect(dcSync.properties).toEqual({ isacl: false, lastseen: FIRST.toISOString() });
  });

  it('is repeatable: a second run gives the same nodes and edges, seen again', async () => {
    const before = await triples([...DERIVED, 'MemberOf', 'ClaimSpecialIdentity']);
    const [{ n: nodesBefore }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM node');
    now = SECOND;
    await runCoreSteps();
    expect(await triples([...DERIVED, 'MemberOf', 'ClaimSpecialIdentity'])).toEqual(before);
    const [{ n: nodesAfter }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM node');
    expect(nodesAfter).toBe(nodesBefore);
    const [dcSync] = await edgesOf(['DCSync']);
    expect(dcSync.properties.lastseen).toBe(SECOND.toISOString());
  });
});

describe('PostProcessing', () => {
  it('runs the core steps in order, around the ADCS steps, and gives the same core edges', async () => {
    const before = await triples([...DERIVED, 'MemberOf', 'ClaimSpecialIdentity']);
    const reports = await t.app.get(PostProcessing).run();
    const steps = reports.map((r) => r.step);
    expect(steps.slice(0, CORE_STEPS_BEFORE_ADCS.length)).toEqual(CORE_STEPS_BEFORE_ADCS.map((s) => s.name));
    expect(steps.slice(-6)).toEqual(['OwnsAndWriteOwner', 'CanReanimateTombstone', 'CoerceAndRelayNTLMToSMB',
      'CoerceAndRelayNTLMToLDAP', 'CoerceAndRelayNTLMToLDAPS', 'CoerceAndRelayNTLMToADCS']);
    expect(await triples([...DERIVED, 'MemberOf', 'ClaimSpecialIdentity'])).toEqual(before);
  });
});
