import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Database, runWithRequestContext } from '@app/platform';
import { GraphStore, type GraphNode } from '@app/graph';
import { EdgeCompositions, edges, node, seedGraph, template } from '@app/graph/testing';
import { PostProcessing } from '@app/analysis';
import { LocalFiles } from '@app/ingest';
import { SAMPLE_ZIP } from './support/ingest.js';
import { edgeLinesOf } from './support/derived-edges.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Post-processing step 10 (ADCS) on PostgreSQL over a hand-built PKI: the PKI edges come from certificate
 * properties (thumbprints, chains, policy OIDs), each ESC edge from one principal set up for it (with decoys), and
 * every composite edge created must have a non-empty composition (the paths that justify it).
 */

const CORP = 'CORP';
const AU = 'CORP-S-1-5-11';
const EVERYONE = 'CORP-S-1-1-0';
const CRA = '1.3.6.1.4.1.311.20.2.1';
const user = (id: string, extra = {}) => node(id, 'User', { domainsid: CORP, ...extra });
const noDns = { subjectaltrequiredns: false, subjectaltrequiredomaindns: false };

const GRAPH = {
  nodes: [
    node(CORP, 'Domain', { name: 'CORP.LOCAL', domainsid: CORP, collected: true }),
    node('ROOT', 'RootCA', { domainsid: CORP, certthumbprint: 'R1', certchain: ['R1'] }),
    node('ECA', 'EnterpriseCA', { domainsid: CORP, certthumbprint: 'E1', certchain: ['E1', 'R1'], isuserspecifiessanenabled: true }),
    node('NTAUTH', 'NTAuthStore', { domainsid: CORP, certthumbprints: ['E1', 'X9'] }),
    node(AU, 'Group', { domainsid: CORP }),
    node(EVERYONE, 'Group', { domainsid: CORP }),
    node('HOST', 'Computer', { domainsid: CORP }),
    // decoy CA: an enterprise root CA (EnterpriseCAFor) whose root is not trusted by any domain
    node('ECA2', 'EnterpriseCA', { domainsid: CORP, certthumbprint: 'E2', certchain: ['E2'] }),
    node('ROOT2', 'RootCA', { domainsid: CORP, certthumbprint: 'E2', certchain: ['E2'] }),
    node('HOST2', 'Computer', { domainsid: CORP }),
    node('DC', 'Computer', { domainsid: CORP, certificatemappingmethodsraw: 4, strongcertificatebindingenforcementraw: 1 }),
    // ESC1
    node('USERS', 'Group', { domainsid: CORP }),
    user('ALICE'), user('BOB'),
    node('ESC1T', 'CertTemplate', template()),
    node('APPROVAL', 'CertTemplate', template({ requiresmanagerapproval: true })),
    node('ESC1T2', 'CertTemplate', template()),
    // ESC3
    user('CAROL'),
    node('AGENT', 'CertTemplate', template({ enrolleesuppliessubject: false, schemaversion: 1, effectiveekus: [CRA] })),
    node('TARGETT', 'CertTemplate', template({ enrolleesuppliessubject: false, schemaversion: 1 })),
    // ESC4
    user('DAVE'), user('ERIN'),
    node('TPL4', 'CertTemplate', template({ enrolleesuppliessubject: false })),
    // ESC6a / ESC6b
    user('FRANK'), user('GINA'),
    node('T6A', 'CertTemplate', template({ enrolleesuppliessubject: false, nosecurityextension: true })),
    node('T6B', 'CertTemplate', template({ enrolleesuppliessubject: false, schannelauthenticationenabled: true })),
    // ESC9a
    user('HANK'), user('VICTIM'),
    node('T9', 'CertTemplate', template({
      enrolleesuppliessubject: false, nosecurityextension: true, subjectaltrequireupn: true, ...noDns,
    })),
    // ESC13
    user('IVAN'),
    node('T13', 'CertTemplate', template({ enrolleesuppliessubject: false, issuancepolicies: ['1.2.3'], domainsid: CORP })),
    node('POLICY', 'IssuancePolicy', { certtemplateoid: '1.2.3', domainsid: CORP }),
    node('OTHERPOLICY', 'IssuancePolicy', { certtemplateoid: '1.2.3', domainsid: 'ELSEWHERE' }),
    node('OU', 'OU', { domainsid: CORP }),
    node('LINKED', 'Group', { domainsid: CORP }),
  ],
  edges: edges(
    'ROOT -[RootCAFor]-> CORP', 'NTAUTH -[NTAuthStoreFor]-> CORP', `${AU} -[MemberOf]-> ${EVERYONE}`,
    'HOST -[HostsCAService]-> ECA', 'HOST2 -[HostsCAService]-> ECA2', 'DC -[DCFor]-> CORP',
    `${AU} -[Enroll]-> ECA`,
    'ALICE -[MemberOf]-> USERS', 'USERS -[Enroll]-> ESC1T', 'BOB -[Enroll]-> ESC1T', 'ESC1T -[PublishedTo]-> ECA',
    'ALICE -[Enroll]-> APPROVAL', 'APPROVAL -[PublishedTo]-> ECA',
    'ALICE -[Enroll]-> ESC1T2', 'ESC1T2 -[PublishedTo]-> ECA2', `${AU} -[Enroll]-> ECA2`,
    'CAROL -[Enroll]-> AGENT', 'CAROL -[Enroll]-> TARGETT', 'AGENT -[PublishedTo]-> ECA', 'TARGETT -[PublishedTo]-> ECA',
    'DAVE -[GenericWrite]-> TPL4', 'DAVE -[Enroll]-> TPL4', 'ERIN -[WriteOwnerRaw]-> TPL4', 'TPL4 -[PublishedTo]-> ECA',
    'FRANK -[Enroll]-> T6A', 'T6A -[PublishedTo]-> ECA', 'GINA -[Enroll]-> T6B', 'T6B -[PublishedTo]-> ECA',
    'HANK -[GenericWrite]-> VICTIM', `VICTIM -[MemberOf]-> ${AU}`, 'VICTIM -[Enroll]-> T9', 'T9 -[PublishedTo]-> ECA',
    'IVAN -[Enroll]-> T13', `IVAN -[MemberOf]-> ${AU}`, 'T13 -[PublishedTo]-> ECA',
    'POLICY -[OIDGroupLink]-> LINKED', 'CORP -[Contains]-> OU', 'OU -[Contains]-> LINKED',
  ),
};

const COMPOSITE = ['GoldenCert', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a', 'ADCSESC9b',
  'ADCSESC10a', 'ADCSESC10b', 'ADCSESC13'];

let t: TestApp;
let seeded: Map<string, GraphNode>;

const edgesOf = (kind: string) => edgeLinesOf(t, kind);

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedGraph(t.app.get(GraphStore), GRAPH);
  await t.app.get(PostProcessing).run();
});
afterAll(async () => t.close());

describe('post-processing step 10 (ADCS)', () => {
  it('links the PKI from certificate properties', async () => {
    expect(await edgesOf('TrustedForNTAuth')).toEqual(['ECA -[TrustedForNTAuth]-> NTAUTH']);
    expect(await edgesOf('IssuedSignedBy')).toEqual(['ECA -[IssuedSignedBy]-> ROOT']);
    expect(await edgesOf('EnterpriseCAFor')).toEqual(['ECA2 -[EnterpriseCAFor]-> ROOT2']);
    expect(await edgesOf('ExtendedByPolicy')).toEqual(['T13 -[ExtendedByPolicy]-> POLICY']);
    expect(await edgesOf('EnrollOnBehalfOf')).toContain('AGENT -[EnrollOnBehalfOf]-> TARGETT');
  });

  it('gives GoldenCert only to the host of a CA chained to and trusted by the domain', async () => {
    expect(await edgesOf('GoldenCert')).toEqual(['HOST -[GoldenCert]-> CORP']);
  });

  it('gives ESC1 to the outermost qualifying principals, not through approval templates or untrusted CAs', async () => {
    expect(await edgesOf('ADCSESC1')).toEqual(['BOB -[ADCSESC1]-> CORP', 'USERS -[ADCSESC1]-> CORP']);
  });

  it('creates ESC3, ESC4, ESC6a, ESC6b, ESC9a and ESC13 for the principals set up for them', async () => {
    expect(await edgesOf('ADCSESC3')).toContain('CAROL -[ADCSESC3]-> CORP');
    expect(await edgesOf('ADCSESC4')).toEqual(['DAVE -[ADCSESC4]-> CORP', 'ERIN -[ADCSESC4]-> CORP']);
    expect(await edgesOf('ADCSESC6a')).toContain('FRANK -[ADCSESC6a]-> CORP');
    expect(await edgesOf('ADCSESC6b')).toContain('GINA -[ADCSESC6b]-> CORP');
    expect(await edgesOf('ADCSESC9a')).toEqual([`HANK -[ADCSESC9a]-> ${CORP}`]);
    expect(await edgesOf('ADCSESC13')).toEqual(['IVAN -[ADCSESC13]-> LINKED']);
    expect(await edgesOf('ADCSESC9b')).toEqual([]);
    expect(await edgesOf('ADCSESC10b')).toEqual([]);
  });

  it('creates only composite edges whose composition is non-empty', async () => {
    const store = t.app.get(GraphStore);
    const compositions = new EdgeCompositions(store);
    let checked = 0;
    for (const kind of COMPOSITE) {
      for (const line of await edgesOf(kind)) {
        const [from, , to] = line.split(' ');
        const edge = await store.edgeBetween(seeded.get(from)!.id, seeded.get(to)!.id, kind);
        const composition = await compositions.compose(edge!);
        expect({ line, empty: composition.edges.length === 0 }).toEqual({ line, empty: false });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('finds no composition for the decoys it gave no edge', async () => {
    const compositions = new EdgeCompositions(t.app.get(GraphStore));
    const compose = (from: string, kind: string, to: string) => compositions.compose(
      { id: '0', startId: seeded.get(from)!.id, endId: seeded.get(to)!.id, kind, properties: {} });
    expect((await compose('HOST2', 'GoldenCert', CORP)).edges).toEqual([]);
    expect((await compose('CAROL', 'ADCSESC1', CORP)).edges).toEqual([]);
    expect((await compose('FRANK', 'ADCSESC4', CORP)).edges).toEqual([]);
    expect((await compose('DAVE', 'ADCSESC13', 'LINKED')).edges).toEqual([]);
    // ALICE's ESC1 path goes through USERS, which holds the edge (only the outermost principal gets it).
    expect((await compose('ALICE', 'ADCSESC1', CORP)).edges).not.toEqual([]);
  });

  it('is repeatable: a second run creates the same edges', async () => {
    const before = await Promise.all(COMPOSITE.map(edgesOf));
    await t.app.get(PostProcessing).run();
    expect(await Promise.all(COMPOSITE.map(edgesOf))).toEqual(before);
  });
});

describe('post-processing step 10 on the sample data', () => {
  let sample: TestApp;
  beforeAll(async () => {
    sample = await createTestApp();
    await sample.app.get(LocalFiles).ingest(SAMPLE_ZIP);
  }, 120_000);
  afterAll(async () => sample.close());

  it('creates ADCS edges (outermost principals only) whose compositions are non-empty', async () => {
    await runWithRequestContext({ requestId: 'adcs-sample', deadline: Date.now() + 300_000 }, () =>
      sample.app.get(PostProcessing).run());
    const rows = await sample.app.get(Database).transaction((m) => m.query(`
      SELECT edge.start_id::text AS start_id, edge.end_id::text AS end_id, k.name AS kind,
        row_number() OVER (PARTITION BY k.name ORDER BY edge.id) AS n FROM edge JOIN kind k ON k.id = edge.kind_id
      WHERE k.name = ANY($1)`, [COMPOSITE])) as { start_id: string; end_id: string; kind: string; n: string }[];
    const kinds = new Set(rows.map((r) => r.kind));
    for (const kind of ['GoldenCert', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4', 'ADCSESC6a', 'ADCSESC9a', 'ADCSESC10a']) {
      expect(kinds).toContain(kind);
    }
    // Authenticated Users of PHANTOM.CORP can enrol: its members' edges are left to it.
    expect(rows.filter((r) => r.kind === 'ADCSESC1').length).toBeLessThan(10);
    const store = sample.app.get(GraphStore);
    const compositions = new EdgeCompositions(store);
    // Composing is slow (a traversal per pattern): the first edges of each kind.
    for (const row of rows.filter((r) => Number(r.n) <= 3)) {
      const edge = await store.edgeBetween(row.start_id, row.end_id, row.kind);
      const composition = await compositions.compose(edge!);
      expect({ row, empty: composition.edges.length === 0 }).toEqual({ row, empty: false });
    }
  }, 120_000);
});
