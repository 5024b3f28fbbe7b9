import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostProcessing } from '@app/analysis';
import { GraphStore, type EdgeUpsert, type NodeUpsert } from '@app/graph';
import { Database } from '@app/platform';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * ProtectAdminGroups and HasTrustKeys (the reference's post-processing steps 6 and 8) on a hand-built graph with
 * decoys: TEST.LOCAL (D, collected, netbios TEST) and OTHER.LOCAL (E, collected, netbios OTHER) trust each other;
 * TEST.LOCAL trusts a domain known only by its SID (T) across forests; FAR.LOCAL (F) is not collected; NONAME.LOCAL
 * (X) is collected without a netbios name.
 */
const D = 'S-1-5-21-1';
const E = 'S-1-5-21-2';
const F = 'S-1-5-21-3';
const T = 'S-1-5-21-4';
const X = 'S-1-5-21-5';
const HOLDER = 'CN=ADMINSDHOLDER,CN=SYSTEM,';

const node = (objectid: string, kinds: string[], properties: Record<string, unknown> = {}): NodeUpsert =>
  ({ objectid, kinds: ['Base', ...kinds], properties });
const edge = (start: string, kind: string, end: string): EdgeUpsert =>
  ({ startObjectId: start, endObjectId: end, kind, properties: {} });
const protectedNode = (sid: string, rid: string, kind: string, value: unknown = true) =>
  node(`${sid}-${rid}`, [kind], { name: `${kind}${rid}`, domainsid: sid, adminsdholderprotected: value });

// Upserted one by one in this order, so a "first" node has the lower id.
const NODES: NodeUpsert[] = [
  node(D, ['Domain'], { name: 'TEST.LOCAL', domainsid: D, collected: true, netbios: 'TEST' }),
  node(E, ['Domain'], { name: 'OTHER.LOCAL', domainsid: E, collected: true, netbios: 'OTHER' }),
  node(F, ['Domain'], { name: 'FAR.LOCAL', domainsid: F, collected: false, netbios: 'FAR' }),
  node(T, ['Domain'], { name: 'TRUSTED.LOCAL' }),
  node(X, ['Domain'], { name: 'NONAME.LOCAL', domainsid: X, collected: true }),
  // AdminSDHolder containers: TEST's first one holds; a second one, OTHER's lower-case DN and FAR's do not.
  node(`${D}-C1`, ['Container'], { name: 'ADMINSDHOLDER@TEST.LOCAL', domainsid: D, distinguishedname: `${HOLDER}DC=TEST,DC=LOCAL` }),
  node(`${D}-C2`, ['Container'], { name: 'COPY@TEST.LOCAL', domainsid: D, distinguishedname: `${HOLDER}DC=TEST,DC=LOCAL` }),
  node(`${D}-C3`, ['Container'], { name: 'USERS@TEST.LOCAL', domainsid: D, distinguishedname: 'CN=USERS,DC=TEST,DC=LOCAL' }),
  node(`${E}-C1`, ['Container'], { name: 'ADMINSDHOLDER@OTHER.LOCAL', domainsid: E, distinguishedname: 'cn=adminsdholder,cn=system,DC=OTHER,DC=LOCAL' }),
  node(`${F}-C1`, ['Container'], { name: 'ADMINSDHOLDER@FAR.LOCAL', domainsid: F, distinguishedname: `${HOLDER}DC=FAR,DC=LOCAL` }),
  protectedNode(D, '1001', 'User'), protectedNode(D, '1100', 'Group'), protectedNode(D, '2001', 'Computer'),
  protectedNode(D, '1002', 'User', false), protectedNode(D, '1003', 'User', 'true'), protectedNode(D, 'OU1', 'OU'),
  node(`${D}-1004`, ['User'], { name: 'PLAIN@TEST.LOCAL', domainsid: D }),
  protectedNode(E, '1001', 'User'), protectedNode(F, '1001', 'User'),
  // Trust accounts: TEST$ in OTHER (twice: the first counts) and in TRUSTED; OTHER$ in TEST; decoys in the wrong
  // domain, without the $, of a domain not collected, and for a domain without a netbios name.
  node(`${E}-5001`, ['User'], { name: 'TEST$@OTHER.LOCAL', domainsid: E, samaccountname: 'TEST$' }),
  node(`${E}-5002`, ['User'], { name: 'TEST$ AGAIN@OTHER.LOCAL', domainsid: E, samaccountname: 'TEST$' }),
  node(`${E}-5003`, ['User'], { name: 'TEST@OTHER.LOCAL', domainsid: E, samaccountname: 'TEST' }),
  node(`${T}-5001`, ['User'], { name: 'TEST$@TRUSTED.LOCAL', domainsid: T, samaccountname: 'TEST$' }),
  node(`${D}-5001`, ['User'], { name: 'OTHER$@TEST.LOCAL', domainsid: D, samaccountname: 'OTHER$' }),
  node(`${D}-5002`, ['User'], { name: 'TEST$@TEST.LOCAL', domainsid: D, samaccountname: 'TEST$' }),
  node(`${D}-5003`, ['User'], { name: 'FAR$@TEST.LOCAL', domainsid: D, samaccountname: 'FAR$' }),
  node(`${D}-5004`, ['User'], { name: '$@TEST.LOCAL', domainsid: D, samaccountname: '$' }),
  node(`${D}-5005`, ['Computer'], { name: 'OTHER$ COMPUTER@TEST.LOCAL', domainsid: D, samaccountname: 'OTHER$' }),
];

const EDGES: EdgeUpsert[] = [
  edge(D, 'SameForestTrust', E), edge(E, 'SameForestTrust', D), edge(D, 'CrossForestTrust', T),
  edge(F, 'CrossForestTrust', D), edge(X, 'SameForestTrust', D),
  // Not a trust: D's Contains of OTHER's account gives nothing.
  edge(D, 'Contains', `${E}-5003`),
];

let t: TestApp;
let database: Database;

async function triples(kinds: string[]): Promise<string[]> {
  const rows = await database.query<{ line: string }>(
    `SELECT concat_ws(' ', a.properties ->> 'objectid', k.name, b.properties ->> 'objectid') AS line
     FROM edge e JOIN kind k ON k.id = e.kind_id JOIN node a ON a.id = e.start_id JOIN node b ON b.id = e.end_id
     WHERE k.name = ANY($1::text[])`,
    [kinds],
  );
  return rows.map((r) => r.line).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  database = t.app.get(Database);
  const store = t.app.get(GraphStore);
  for (const n of NODES) await store.upsertNodes([n]);
  await store.upsertEdges(EDGES);
  await t.app.get(PostProcessing).run();
});
afterAll(async () => t.close());

describe('ProtectAdminGroups', () => {
  it('links the first AdminSDHolder container of each collected domain to its protected users, computers and groups', async () => {
    expect(await triples(['ProtectAdminGroups'])).toEqual([
      `${D}-C1 ProtectAdminGroups ${D}-1001`, `${D}-C1 ProtectAdminGroups ${D}-1100`,
      `${D}-C1 ProtectAdminGroups ${D}-2001`,
    ]);
  });
});

describe('HasTrustKeys', () => {
  it("links a collected trusting domain to the trusted domain's account named after its netbios name", async () => {
    expect(await triples(['HasTrustKeys'])).toEqual([
      `${D} HasTrustKeys ${E}-5001`, `${D} HasTrustKeys ${T}-5001`, `${E} HasTrustKeys ${D}-5001`,
    ]);
  });
});

describe('a second analysis', () => {
  const kindSequence = async () =>
    Number((await database.query<{ value: string }>('SELECT last_value AS value FROM kind_id_seq'))[0].value);

  it('changes neither edge set, nor takes a kind id (the smallint ids must last for ever)', async () => {
    const before = await triples(['ProtectAdminGroups', 'HasTrustKeys']);
    const sequence = await kindSequence();
    await t.app.get(PostProcessing).run();
    expect(await triples(['ProtectAdminGroups', 'HasTrustKeys'])).toEqual(before);
    expect(await kindSequence()).toBe(sequence);
  });
});
