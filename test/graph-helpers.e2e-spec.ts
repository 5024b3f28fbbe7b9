import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphStore, type GraphNode } from '@app/graph';
import { seedGraph, type GraphSpec } from '@app/graph/testing';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer, createUserSession, send } from './support/auth.js';

/**
 * The graph helper routes over HTTP on PostgreSQL (routes-misc C.2-C.8): kind lists, the edge schema, the older
 * search and pathfinding maps, relay targets and ACL inheritance on hand-built post-processed edges, completeness
 * and the analysis status; each with decoys (other kinds, other domains, other edge kinds, cycles) and its 4xx.
 * GRAPH_RESULT_LIMIT=20 makes the search bound reachable.
 */

const RESULT_LIMIT = 20;
const DAY = 24 * 60 * 60;
const LATEST = 1_700_000_000;
const D = 'S-1-5-21-200';
const OTHER = 'S-1-5-21-300';
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const GRAPH: GraphSpec = {
  nodes: [
    { objectid: D, kinds: ['Base', 'Domain'], properties: { name: 'CORP.LOCAL', domainsid: D, inheritancehashes: ['h1', 'h2'] } },
    { objectid: `${D}-S-1-5-11`, kinds: ['Base', 'Group'], properties: { name: 'AUTHENTICATED USERS@CORP.LOCAL', domainsid: D } },
    // NTLM relay to LDAP(S): domain controllers of the domain, one of another domain, a computer that is no DC.
    { objectid: `${D}-1001`, kinds: ['Base', 'Computer'], properties: { name: 'DC1.CORP.LOCAL', domainsid: D, isdc: true, ldapavailable: true, ldapsigning: false, ldapsavailable: false } },
    { objectid: `${D}-1002`, kinds: ['Base', 'Computer'], properties: { name: 'DC2.CORP.LOCAL', domainsid: D, isdc: true, ldapavailable: true, ldapsigning: true, ldapsavailable: true, ldapsepa: false } },
    { objectid: `${OTHER}-1001`, kinds: ['Base', 'Computer'], properties: { name: 'DC9.OTHER.LOCAL', domainsid: OTHER, isdc: true, ldapavailable: true, ldapsigning: false } },
    { objectid: `${D}-1003`, kinds: ['Base', 'Computer'], properties: { name: 'APP.CORP.LOCAL', domainsid: D, ldapavailable: true, ldapsigning: false } },
    { objectid: `${D}-1004`, kinds: ['Base', 'User'], properties: { name: 'ODD@CORP.LOCAL', domainsid: D, isdc: true, ldapavailable: true, ldapsigning: false } },
    // NTLM relay to SMB: SRV1's administrators, nested through a MemberOf cycle.
    { objectid: `${D}-2001`, kinds: ['Base', 'Computer'], properties: { name: 'SRV1.CORP.LOCAL', domainsid: D, restrictoutboundntlm: false } },
    { objectid: `${D}-2002`, kinds: ['Base', 'Group'], properties: { name: 'SRV ADMINS@CORP.LOCAL', domainsid: D } },
    { objectid: `${D}-2003`, kinds: ['Base', 'Group'], properties: { name: 'NESTED@CORP.LOCAL', domainsid: D } },
    { objectid: `${D}-2004`, kinds: ['Base', 'Computer'], properties: { name: 'WS1.CORP.LOCAL', domainsid: D, restrictoutboundntlm: false } },
    { objectid: `${D}-2005`, kinds: ['Base', 'Computer'], properties: { name: 'WS2.CORP.LOCAL', domainsid: D, restrictoutboundntlm: true } },
    { objectid: `${D}-2006`, kinds: ['Base', 'Computer'], properties: { name: 'WS3.CORP.LOCAL', domainsid: D, restrictoutboundntlm: false } },
    { objectid: `${OTHER}-2007`, kinds: ['Base', 'Computer'], properties: { name: 'WS4.OTHER.LOCAL', domainsid: OTHER, restrictoutboundntlm: false } },
    { objectid: `${D}-2008`, kinds: ['Base', 'User'], properties: { name: 'ADMINUSER@CORP.LOCAL', domainsid: D, restrictoutboundntlm: false } },
    // ACL inheritance: DOMAIN > OU1 (h1) > OU2 > USERX; OU3 (h3) > PROTECTED OU4 > USERY; a Contains cycle; decoys.
    { objectid: 'OU1', kinds: ['Base', 'OU'], properties: { name: 'OU1@CORP.LOCAL', inheritancehashes: ['h1'] } },
    { objectid: 'OU2', kinds: ['Base', 'OU'], properties: { name: 'OU2@CORP.LOCAL' } },
    { objectid: 'USERX', kinds: ['Base', 'User'], properties: { name: 'USERX@CORP.LOCAL' } },
    { objectid: 'OU3', kinds: ['Base', 'OU'], properties: { name: 'OU3@CORP.LOCAL', inheritancehashes: ['h3'] } },
    { objectid: 'OU4', kinds: ['Base', 'OU'], properties: { name: 'OU4@CORP.LOCAL', isaclprotected: true } },
    { objectid: 'USERY', kinds: ['Base', 'User'], properties: { name: 'USERY@CORP.LOCAL' } },
    { objectid: 'CA', kinds: ['Base', 'Container'], properties: { name: 'CA@CORP.LOCAL' } },
    { objectid: 'CB', kinds: ['Base', 'Container'], properties: { name: 'CB@CORP.LOCAL' } },
    { objectid: 'USERZ', kinds: ['Base', 'User'], properties: { name: 'USERZ@CORP.LOCAL' } },
    { objectid: 'GPO1', kinds: ['Base', 'GPO'], properties: { name: 'GPO1@CORP.LOCAL', inheritancehashes: ['h1'] } },
    { objectid: 'OU5', kinds: ['Base', 'OU'], properties: { name: 'OU5@CORP.LOCAL', inheritancehashes: ['h1'] } },
    { objectid: 'HELPDESK', kinds: ['Base', 'Group'], properties: { name: 'HELPDESK@CORP.LOCAL' } },
    // Completeness: users and computers with logons around LATEST (epoch seconds).
    { objectid: 'U1', kinds: ['Base', 'User'], properties: { name: 'U1', enabled: true, lastlogontimestamp: LATEST } },
    { objectid: 'U2', kinds: ['Base', 'User'], properties: { name: 'U2', enabled: true, lastlogontimestamp: LATEST - DAY } },
    { objectid: 'U3', kinds: ['Base', 'User'], properties: { name: 'U3', enabled: true, lastlogontimestamp: LATEST - 20 * DAY } },
    { objectid: 'U4', kinds: ['Base', 'User'], properties: { name: 'U4', enabled: false, lastlogontimestamp: LATEST } },
    { objectid: 'U5', kinds: ['Base', 'User'], properties: { name: 'U5', enabled: true } },
    { objectid: 'C1', kinds: ['Base', 'Computer'], properties: { name: 'C1', enabled: true, operatingsystem: 'WINDOWS 11', lastlogontimestamp: LATEST } },
    { objectid: 'C2', kinds: ['Base', 'Computer'], properties: { name: 'C2', enabled: true, operatingsystem: 'WINDOWS 11', lastlogontimestamp: LATEST - 2 * DAY } },
    { objectid: 'C3', kinds: ['Base', 'Computer'], properties: { name: 'C3', enabled: true, operatingsystem: 'WINDOWS SERVER 2022', lastlogontimestamp: LATEST - 2 * DAY } },
    { objectid: 'C4', kinds: ['Base', 'Computer'], properties: { name: 'C4', enabled: true, operatingsystem: 'UBUNTU', lastlogontimestamp: LATEST } },
    { objectid: 'C5', kinds: ['Base', 'Computer'], properties: { name: 'C5', enabled: true, operatingsystem: 'WINDOWS 10', lastlogontimestamp: LATEST - 30 * DAY } },
    // Kinds seen only at run time: a tag kind (a node kind) and a kind nobody declared.
    { objectid: 'TAGGED', kinds: ['Base', 'User', 'Tag_Helpers', 'HelperOddKind'], properties: { name: 'TAGGED' } },
    ...range(RESULT_LIMIT + 1).map((i) => ({ objectid: `MANY-${i}`, kinds: ['Base', 'User'], properties: { name: `MANY-${i}` } })),
  ],
  edges: [
    // Ingest writes DCFor from each domain controller to its domain; APP has one as a decoy (no isdc), ODD is no computer.
    ...[`${D}-1001`, `${D}-1002`, `${D}-1003`, `${D}-1004`].map((from) => ({ from, to: D, kind: 'DCFor' })),
    { from: `${OTHER}-1001`, to: D, kind: 'DCFor' },
    { from: `${D}-S-1-5-11`, to: `${D}-2004`, kind: 'CoerceAndRelayNTLMToLDAP' },
    { from: `${D}-S-1-5-11`, to: `${D}-2004`, kind: 'CoerceAndRelayNTLMToLDAPS' },
    { from: `${D}-S-1-5-11`, to: `${D}-2001`, kind: 'CoerceAndRelayNTLMToSMB' },
    { from: `${D}-S-1-5-11`, to: `${D}-2001`, kind: 'MemberOf' },
    { from: `${D}-2002`, to: `${D}-2001`, kind: 'AdminTo' },
    { from: `${D}-2004`, to: `${D}-2002`, kind: 'MemberOf' },
    { from: `${D}-2005`, to: `${D}-2002`, kind: 'MemberOf' },
    { from: `${D}-2003`, to: `${D}-2002`, kind: 'MemberOf' },
    { from: `${D}-2002`, to: `${D}-2003`, kind: 'MemberOf' },
    { from: `${D}-2006`, to: `${D}-2003`, kind: 'MemberOf' },
    { from: `${OTHER}-2007`, to: `${D}-2002`, kind: 'MemberOf' },
    { from: `${D}-2008`, to: `${D}-2002`, kind: 'MemberOf' },
    { from: `${D}-2001`, to: `${D}-2002`, kind: 'MemberOf' },
    { from: `${D}-2004`, to: `${D}-2001`, kind: 'CanRDP' },
    { from: D, to: 'OU1', kind: 'Contains' },
    { from: 'OU1', to: 'OU2', kind: 'Contains' },
    { from: 'OU2', to: 'USERX', kind: 'Contains' },
    { from: 'GPO1', to: 'USERX', kind: 'Contains' },
    { from: 'OU5', to: 'USERX', kind: 'GPLink' },
    { from: 'HELPDESK', to: 'USERX', kind: 'GenericAll', properties: { isacl: true, isinherited: true, inheritancehash: 'h1' } },
    { from: 'HELPDESK', to: 'USERX', kind: 'GenericWrite', properties: { isacl: true, isinherited: false, inheritancehash: 'h1' } },
    { from: D, to: 'OU3', kind: 'Contains' },
    { from: 'OU3', to: 'OU4', kind: 'Contains' },
    { from: 'OU4', to: 'USERY', kind: 'Contains' },
    { from: 'HELPDESK', to: 'USERY', kind: 'WriteDacl', properties: { isacl: true, isinherited: true, inheritancehash: 'h3' } },
    { from: 'CA', to: 'CB', kind: 'Contains' },
    { from: 'CB', to: 'CA', kind: 'Contains' },
    { from: 'CB', to: 'USERZ', kind: 'Contains' },
    { from: 'HELPDESK', to: 'USERZ', kind: 'WriteOwner', properties: { isacl: true, isinherited: true, inheritancehash: 'h9' } },
    { from: 'C1', to: 'U1', kind: 'HasSession' },
    { from: 'C1', to: 'U3', kind: 'HasSession' },
    { from: 'C1', to: 'U4', kind: 'HasSession' },
    { from: 'C2', to: 'U2', kind: 'AdminTo' },
    { from: 'U1', to: 'C1', kind: 'AdminTo' },
    { from: 'U1', to: 'C3', kind: 'CanRDP' },
    { from: 'U1', to: 'C4', kind: 'AdminTo' },
    { from: 'U1', to: 'C5', kind: 'AdminTo' },
    { from: 'C2', to: 'U1', kind: 'GenericAll' },
  ],
};

const ROUTES = [
  '/api/v2/graphs/kinds', '/api/v2/graphs/source-kinds', '/api/v2/graph-schema/edges', '/api/v2/graph-search?query=u1',
  `/api/v2/pathfinding?start_node=${D}&end_node=USERX`, '/api/v2/graphs/relay-targets?edge_type=MemberOf&source_node=1&target_node=2',
  '/api/v2/graphs/acl-inheritance?edge_type=MemberOf&source_node=1&target_node=2', '/api/v2/completeness', '/api/v2/analysis/status',
];

describe('graph helper routes', () => {
  let t: TestApp;
  let admin: string;
  let uploader: string;
  let nodes: Map<string, GraphNode>;
  const id = (objectid: string) => nodes.get(objectid)!.id;
  const get = (path: string) => t.http().get(`/api/v2${path}`).set('Authorization', bearer(admin));
  const edgeQuery = (kind: string, from: string, to: string) => `edge_type=${kind}&source_node=${id(from)}&target_node=${id(to)}`;
  const nodeIds = (res: { body: { data: { nodes: Record<string, unknown> } } }) => Object.keys(res.body.data.nodes).sort();
  const idsOf = (...objectids: string[]) => objectids.map(id).sort();

  beforeAll(async () => {
    t = await createTestApp({ env: { GRAPH_RESULT_LIMIT: String(RESULT_LIMIT) } });
    admin = await login(t, 'admin', ADMIN_PASSWORD);
    uploader = (await createUserSession(t, admin, { principal: 'helpers-uploader', role: 'Upload-Only' })).token;
    nodes = await seedGraph(t.app.get(GraphStore), GRAPH);
  });
  afterAll(() => t.close());

  describe('access', () => {
    for (const path of ROUTES) {
      it(`answers 401 for GET ${path.split('?')[0]} without a token`, async () => {
        expect(errorMessage(await send(t, 'GET', path), 401)).toBe('not authenticated');
      });
      it(`answers 403 for GET ${path.split('?')[0]} without graphdb:Read`, async () => {
        expect(errorMessage(await send(t, 'GET', path).set('Authorization', bearer(uploader)), 403)).toBe('not authorized');
      });
    }
  });

  describe('GET /api/v2/graphs/kinds', () => {
    it('lists every kind in byte order, run-time kinds included', async () => {
      const res = await get('/graphs/kinds');
      expect(res.status).toBe(200);
      const { kinds } = res.body.data as { kinds: string[] };
      expect(kinds).toEqual([...kinds].sort((a, b) => (a < b ? -1 : 1)));
      expect(kinds).toEqual(expect.arrayContaining(['AZApp', 'Base', 'Contains', 'HelperOddKind', 'MemberOf', 'Tag_Helpers', 'User']));
      expect(new Set(kinds).size).toBe(kinds.length);
    });

    it('keeps node kinds (tag kinds among them) with type=eq:node, the rest with eq:edge', async () => {
      const nodeKinds = (await get('/graphs/kinds?type=eq:node')).body.data.kinds as string[];
      const edgeKinds = (await get('/graphs/kinds?type=eq:edge')).body.data.kinds as string[];
      expect(nodeKinds).toEqual(expect.arrayContaining(['Base', 'User', 'AZApp', 'Tag_Helpers', 'Tag_Tier_Zero']));
      expect(nodeKinds).not.toContain('MemberOf');
      // A kind the catalogue cannot place counts as an edge kind, as the reference counts it.
      expect(edgeKinds).toEqual(expect.arrayContaining(['MemberOf', 'Contains', 'AZContains', 'HelperOddKind']));
      expect(edgeKinds).not.toContain('User');
      expect((await get('/graphs/kinds?type=neq:node')).body.data.kinds).toEqual(edgeKinds);
      expect((await get('/graphs/kinds?type=neq:edge')).body.data.kinds).toEqual(nodeKinds);
      const all = (await get('/graphs/kinds')).body.data.kinds;
      expect((await get('/graphs/kinds?type=eq:node&type=eq:edge')).body.data.kinds).toEqual(all);
      expect((await get('/graphs/kinds?type=eq:relationship')).body).toEqual({ data: { kinds: [] } });
      expect((await get('/graphs/kinds?sort_by=name&skip=1')).body.data.kinds).toEqual(all);
    });

    it('answers 400 with the reference texts for bad filters', async () => {
      expect(errorMessage(await get('/graphs/kinds?type=gt:node'), 400))
        .toBe('the specified filter predicate is not supported for this column: type gt');
      expect(errorMessage(await get('/graphs/kinds?name=eq:User'), 400)).toBe('the specified column cannot be filtered: name');
      expect(errorMessage(await get('/graphs/kinds?type=bogus:node'), 400)).toBe('there are errors in the query parameter filters specified');
    });
  });

  describe('GET /api/v2/graphs/source-kinds', () => {
    it('answers Base and AZBase, then Sourceless last', async () => {
      const res = await get('/graphs/source-kinds');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: { kinds: [{ id: 1, name: 'Base' }, { id: 2, name: 'AZBase' }, { id: 0, name: 'Sourceless' }] },
      });
    });
  });

  describe('GET /api/v2/graph-schema/edges', () => {
    type EdgeType = { id: number; name: string; is_traversable: boolean; schema_name: string };
    const types = async (query = '') => (await get(`/graph-schema/edges${query}`)).body.data as EdgeType[];

    it('lists the built-in edge types with their flags', async () => {
      const res = await get('/graph-schema/edges');
      expect(res.status).toBe(200);
      const all = res.body.data as EdgeType[];
      expect(all.find((type) => type.name === 'MemberOf')).toEqual({
        id: expect.any(Number), name: 'MemberOf', description: '', is_traversable: true, schema_name: 'ad', is_builtin: true,
      });
      expect(all.find((type) => type.name === 'GetChanges')).toMatchObject({ is_traversable: false, schema_name: 'ad' });
      expect(all.find((type) => type.name === 'AZContains')).toMatchObject({ schema_name: 'az' });
      expect(all.map((type) => type.id)).toEqual(range(all.length));
      expect(all.some((type) => type.name === 'User')).toBe(false);
    });

    it('filters by traversability (all must hold) and schema name (any may)', async () => {
      const all = await types();
      const fixed = await types('?is_traversable=eq:false');
      expect(fixed.length).toBeGreaterThan(0);
      expect(fixed.every((type) => !type.is_traversable)).toBe(true);
      expect(await types('?is_traversable=neq:true')).toEqual(fixed);
      expect(await types('?is_traversable=eq:true&is_traversable=eq:false')).toEqual([]);
      const azure = await types('?schema_names=eq:az');
      expect(azure.length).toBeGreaterThan(0);
      expect(azure.every((type) => type.schema_name === 'az')).toBe(true);
      expect(await types('?schema_names=eq:ad&schema_names=eq:az')).toEqual(all);
      expect(await types('?schema_names=~eq:Z')).toEqual(azure);
      expect(await types('?schema_names=eq:az&is_traversable=eq:false')).toEqual(azure.filter((type) => !type.is_traversable));
    });

    it('answers 400 with the reference texts for bad filters', async () => {
      expect(errorMessage(await get('/graph-schema/edges?is_traversable=gt:true'), 400))
        .toBe('the specified filter predicate is not supported for this column: is_traversable gt');
      expect(errorMessage(await get('/graph-schema/edges?name=eq:MemberOf'), 400)).toBe('the specified column cannot be filtered: name');
      expect(errorMessage(await get('/graph-schema/edges?is_traversable=eq:maybe'), 400)).toBe('there are errors in the query parameter filters specified');
    });
  });

  describe('GET /api/v2/graph-search', () => {
    it('answers the matching nodes as a flat map keyed by node id', async () => {
      const res = await get('/graph-search?query=userx');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          [id('USERX')]: { label: { text: 'USERX@CORP.LOCAL' }, data: { name: 'USERX@CORP.LOCAL', objectid: 'USERX', nodetype: 'User' } },
        },
      });
    });

    it('matches any part fuzzily by default, the whole name or objectid with type=exact', async () => {
      expect(Object.keys((await get('/graph-search?query=ou')).body.data).sort())
        .toEqual(idsOf('OU1', 'OU2', 'OU3', 'OU4', 'OU5'));
      expect(Object.keys((await get('/graph-search?query=ou1&type=EXACT')).body.data)).toEqual([id('OU1')]);
      expect(Object.keys((await get('/graph-search?query=ou1@corp.local&type=exact')).body.data)).toEqual([id('OU1')]);
      expect((await get('/graph-search?query=ou&type=exact')).body).toEqual({ data: {} });
      expect(Object.keys((await get('/graph-search?query=ou1&type=other')).body.data)).toEqual([id('OU1')]);
    });

    it('answers 400 for a missing or repeated parameter and for a search past the result limit', async () => {
      expect(errorMessage(await get('/graph-search'), 400)).toBe('Expected search parameter to be set.');
      expect(errorMessage(await get('/graph-search?query=a&query=b'), 400)).toBe('Expected only one search value.');
      expect(errorMessage(await get('/graph-search?query=a&type=exact&type=fuzzy'), 400)).toBe('Expected only one search type.');
      expect(errorMessage(await get('/graph-search?query=%00'), 400)).toBe('Invalid search parameter');
      expect(errorMessage(await get('/graph-search?query=many-'), 400))
        .toBe(`the search matches more than ${RESULT_LIMIT} nodes; narrow the search text`);
    });
  });

  describe('GET /api/v2/pathfinding', () => {
    it('answers the shortest paths as a flat map, edges keyed rel_<id>, over edges of any kind', async () => {
      const res = await get(`/pathfinding?start_node=${D}&end_node=USERX`);
      expect(res.status).toBe(200);
      const map = res.body.data as Record<string, { id1?: string; id2?: string; label: { text: string }; data: object }>;
      const nodeKeys = Object.keys(map).filter((key) => !key.startsWith('rel_')).sort();
      expect(nodeKeys).toEqual(idsOf(D, 'OU1', 'OU2', 'USERX'));
      const edges = Object.entries(map).filter(([key]) => key.startsWith('rel_')).map(([, edge]) => edge);
      expect(edges.map((edge) => [edge.id1, edge.label.text, edge.id2])).toEqual(expect.arrayContaining([
        [id(D), 'Contains', id('OU1')], [id('OU1'), 'Contains', id('OU2')], [id('OU2'), 'Contains', id('USERX')],
      ]));
      expect(edges).toHaveLength(3);
      expect(map[id('OU1')]).toEqual({
        label: { text: 'OU1@CORP.LOCAL' }, data: { name: 'OU1@CORP.LOCAL', objectid: 'OU1', inheritancehashes: ['h1'], nodetype: 'OU' },
      });
    });

    it('answers an empty map when no path joins them', async () => {
      expect(await get(`/pathfinding?start_node=USERX&end_node=${D}`).then((res) => [res.status, res.body])).toEqual([200, { data: {} }]);
    });

    it('answers 400 for a missing parameter and 404 for an unknown node', async () => {
      expect(errorMessage(await get('/pathfinding?end_node=USERX'), 400)).toBe('Missing query parameter: start_node');
      expect(errorMessage(await get(`/pathfinding?start_node=${D}&end_node=`), 400)).toBe('Missing query parameter: end_node');
      expect(errorMessage(await get(`/pathfinding?start_node=${D}&end_node=NOPE`), 404)).toBe('node not found');
      expect(errorMessage(await get(`/pathfinding?start_node=${D}&end_node=${D}`), 400)).toBe('start_node and end_node must be different nodes');
    });
  });

  describe('GET /api/v2/graphs/relay-targets', () => {
    it('answers the domain controllers of the domain that accept an LDAP relay', async () => {
      const res = await get(`/graphs/relay-targets?${edgeQuery('CoerceAndRelayNTLMToLDAP', `${D}-S-1-5-11`, `${D}-2004`)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.edges).toEqual([]);
      expect(res.body.data.literals).toEqual([]);
      expect(nodeIds(res)).toEqual(idsOf(`${D}-1001`));
      expect(res.body.data.nodes[id(`${D}-1001`)]).toMatchObject({
        label: 'DC1.CORP.LOCAL', kind: 'Computer', objectId: `${D}-1001`, properties: expect.objectContaining({ isdc: true }),
      });
    });

    it('answers those that accept an LDAPS relay', async () => {
      const res = await get(`/graphs/relay-targets?${edgeQuery('CoerceAndRelayNTLMToLDAPS', `${D}-S-1-5-11`, `${D}-2004`)}`);
      expect(nodeIds(res)).toEqual(idsOf(`${D}-1002`));
    });

    it('answers the coercible computers among the target\'s administrators for an SMB relay, through nesting cycles', async () => {
      const res = await get(`/graphs/relay-targets?${edgeQuery('CoerceAndRelayNTLMToSMB', `${D}-S-1-5-11`, `${D}-2001`)}`);
      expect(res.status).toBe(200);
      expect(nodeIds(res)).toEqual(idsOf(`${D}-2004`, `${D}-2006`));
    });

    it('answers an empty graph for an edge kind that relays nothing', async () => {
      const res = await get(`/graphs/relay-targets?${edgeQuery('MemberOf', `${D}-S-1-5-11`, `${D}-2001`)}`);
      expect(res.body).toEqual({ data: { nodes: {}, edges: [], literals: [] } });
    });

    it('answers 400 with the reference texts for bad parameters and a missing edge', async () => {
      const path = '/graphs/relay-targets';
      expect(errorMessage(await get(`${path}?source_node=1&target_node=2`), 400)).toBe('Expected edge_type parameter to be set.');
      expect(errorMessage(await get(`${path}?edge_type=MemberOf&target_node=2`), 400)).toBe('Expected source_node parameter to be set.');
      expect(errorMessage(await get(`${path}?edge_type=MemberOf&source_node=1`), 400)).toBe('Expected target_node parameter to be set.');
      expect(errorMessage(await get(`${path}?edge_type=A&edge_type=B&source_node=1&target_node=2`), 400)).toBe('Expected only one edge_type.');
      expect(errorMessage(await get(`${path}?edge_type=Bogus&source_node=1&target_node=2`), 400)).toBe('Invalid edge requested: Bogus');
      expect(errorMessage(await get(`${path}?edge_type=MemberOf&source_node=1.67&target_node=2`), 400)).toBe('Invalid value for startID: 1.67');
      expect(errorMessage(await get(`${path}?edge_type=MemberOf&source_node=1&target_node=x`), 400)).toBe('Invalid value for endID: x');
      expect(errorMessage(await get(`${path}?${edgeQuery('CoerceAndRelayNTLMToSMB', `${D}-2001`, `${D}-S-1-5-11`)}`), 400))
        .toBe('Could not find edge matching criteria: edge not found');
    });
  });

  describe('GET /api/v2/graphs/acl-inheritance', () => {
    it('answers every container holding the hash with its Contains path down to the target, and the edge', async () => {
      const res = await get(`/graphs/acl-inheritance?${edgeQuery('GenericAll', 'HELPDESK', 'USERX')}`);
      expect(res.status).toBe(200);
      expect(nodeIds(res)).toEqual(idsOf(D, 'OU1', 'OU2', 'USERX', 'HELPDESK'));
      const edges = (res.body.data.edges as { source: string; kind: string; target: string }[])
        .map((edge) => [edge.source, edge.kind, edge.target]);
      expect(edges).toEqual(expect.arrayContaining([
        [id(D), 'Contains', id('OU1')], [id('OU1'), 'Contains', id('OU2')], [id('OU2'), 'Contains', id('USERX')],
        [id('HELPDESK'), 'GenericAll', id('USERX')],
      ]));
      expect(edges).toHaveLength(4);
      expect(res.body.data.nodes[id('OU1')].properties).toEqual({ name: 'OU1@CORP.LOCAL', objectid: 'OU1', inheritancehashes: ['h1'] });
    });

    it('answers an empty graph when a protected container blocks inheritance, the ACE is not inherited or no container holds the hash', async () => {
      const empty = { data: { nodes: {}, edges: [], literals: [] } };
      expect((await get(`/graphs/acl-inheritance?${edgeQuery('WriteDacl', 'HELPDESK', 'USERY')}`)).body).toEqual(empty);
      expect((await get(`/graphs/acl-inheritance?${edgeQuery('GenericWrite', 'HELPDESK', 'USERX')}`)).body).toEqual(empty);
      expect((await get(`/graphs/acl-inheritance?${edgeQuery('WriteOwner', 'HELPDESK', 'USERZ')}`)).body).toEqual(empty);
    });

    it('answers 400 for a bad parameter and a missing edge', async () => {
      expect(errorMessage(await get('/graphs/acl-inheritance?edge_type=GenericAll&source_node=-1&target_node=2'), 400))
        .toBe('Invalid value for startID: -1');
      expect(errorMessage(await get(`/graphs/acl-inheritance?${edgeQuery('GenericAll', 'USERX', 'HELPDESK')}`), 400))
        .toBe('Could not find edge matching criteria: edge not found');
    });
  });

  describe('GET /api/v2/completeness', () => {
    it('answers each share under its own name (the reference swaps them)', async () => {
      const res = await get('/completeness');
      expect(res.status).toBe(200);
      // Sessions: U1 of the active U1, U2 (U3 is stale, U4 disabled, U5 never logged on). Local groups: C1 and C3 of
      // C1, C2, C3 (C4 is not Windows, C5 is stale).
      expect(res.body.data.SessionCompleteness).toBeCloseTo(1 / 2, 10);
      expect(res.body.data.LocalGroupCompleteness).toBeCloseTo(2 / 3, 10);
      expect(Object.keys(res.body.data).sort()).toEqual(['LocalGroupCompleteness', 'SessionCompleteness']);
    });
  });

  describe('GET /api/v2/analysis/status', () => {
    it('answers the zero-valued request when none is pending, and the pending request once one is', async () => {
      await t.http().delete('/api/v2/analysis').set('Authorization', bearer(admin));
      expect((await get('/analysis/status')).body).toEqual({
        data: {
          requested_by: '', request_type: '', requested_at: '0001-01-01T00:00:00Z', analysis_step: 0,
          delete_all_graph: false, delete_sourceless_graph: false, DeleteSourceKinds: null, DeleteRelationships: null,
        },
      });
      expect((await t.http().put('/api/v2/analysis').set('Authorization', bearer(admin))).status).toBe(202);
      const pending = (await t.http().get('/api/v2/analysis').set('Authorization', bearer(admin))).body.data;
      const res = await get('/analysis/status');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        requested_by: pending.requested_by, request_type: 'analysis', requested_at: pending.requested_at, analysis_step: 0,
        delete_all_graph: false, delete_sourceless_graph: false, DeleteSourceKinds: null, DeleteRelationships: null,
      });
      await t.http().delete('/api/v2/analysis').set('Authorization', bearer(admin));
    });
  });
});
