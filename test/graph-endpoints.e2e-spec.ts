import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore, NodeSearch, type GraphNode, type NodeSearchRequest } from '@app/graph';
import { seedGraph, type GraphSpec } from '@app/graph/testing';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer, createUserSession, send, type HttpMethod } from './support/auth.js';
import { RFC3339 } from './support/identity.js';

/**
 * The graph endpoints over HTTP on PostgreSQL: search, Cypher, edge composition, shortest path, constrained
 * delegation and AIACA entity info; every success shape and every refusal, with status and body. The app runs
 * with GRAPH_RESULT_LIMIT=20 so the result cap is reachable with a small graph.
 */

const RESULT_LIMIT = 20;
const BIG_GROUP_SIZE = 25;
const PATHFINDING_CAPPED = `pathfinding stopped at ${RESULT_LIMIT + 1} paths, too many to answer this query exactly; add a LIMIT or narrow its start or end nodes`;
const DENSE_SIZE = 40;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Kinds in any order: the order follows the backend's kind ids and is not part of the contract. */
const kindsOf = (...kinds: string[]) => ({
  asymmetricMatch: (actual: unknown) =>
    Array.isArray(actual) && actual.length === kinds.length && kinds.every((kind) => actual.includes(kind)),
  toString: () => `kinds [${kinds.join(', ')}]`,
});

const DOMAIN = 'S-1-5-21-100';
const BOB = 'S-1-5-21-100-1104';
const HELPDESK = 'S-1-5-21-100-1105';
const ALICE = 'S-1-5-21-100-1106';
const DOMAIN_ADMINS = 'S-1-5-21-100-512';
const WS01 = 'S-1-5-21-100-2001';
const SQL01 = 'S-1-5-21-100-2002';
const WEB01 = 'S-1-5-21-100-2003';
const FILE01 = 'S-1-5-21-100-2004';
const CASRV = 'S-1-5-21-100-3001';

/** Search names, an attack path, delegation, an AIA CA, a GoldenCert composition, a big group, a dense cluster. */
const GRAPH: GraphSpec = {
  nodes: [
    { objectid: DOMAIN, kinds: ['Base', 'Domain'], properties: { name: 'CORP.LOCAL' } },
    { objectid: 'S-1-5-21-100-1000', kinds: ['Base', 'Group'], properties: { name: 'ADMIN' } },
    {
      objectid: 'S-1-5-21-100-500', kinds: ['Base', 'User', 'Tag_Tier_Zero'],
      properties: { name: 'ADMIN@CORP.LOCAL', distinguishedname: 'CN=ADMIN,CN=USERS,DC=CORP,DC=LOCAL', system_tags: 'admin_tier_0' },
    },
    { objectid: 'S-1-5-21-100-544', kinds: ['Base', 'Group'], properties: { name: 'ADMINISTRATORS@CORP.LOCAL' } },
    { objectid: DOMAIN_ADMINS, kinds: ['Base', 'Group', 'Tag_Tier_Zero'], properties: { name: 'DOMAIN ADMINS@CORP.LOCAL' } },
    { objectid: 'WS01-S-1-5-32-544', kinds: ['Base', 'ADLocalGroup'], properties: { name: 'ADMINS@WS01' } },
    { objectid: 'WS02-S-1-5-32-544', kinds: ['Base', 'Group', 'ADLocalGroup'], properties: { name: 'LOCAL ADMINS@WS02' } },
    { objectid: 'AZ-APP-1', kinds: ['AZBase', 'AZApp'], properties: { name: 'AZ ADMIN APP' } },
    { objectid: 'OU-ADMIN-1', kinds: ['Base', 'OU'], properties: { name: 'TIER0 OU' } },
    { objectid: 'PCT-1', kinds: ['Base', 'User'], properties: { name: 'PCT%NAME' } },
    { objectid: 'PCT-2', kinds: ['Base', 'User'], properties: { name: 'PCTXNAME' } },
    { objectid: 'UND-1', kinds: ['Base', 'User'], properties: { name: 'UND_NAME' } },
    { objectid: 'UND-2', kinds: ['Base', 'User'], properties: { name: 'UNDXNAME' } },
    { objectid: BOB, kinds: ['Base', 'User', 'Tag_Owned'], properties: { name: 'BOB@CORP.LOCAL', enabled: true } },
    { objectid: HELPDESK, kinds: ['Base', 'Group'], properties: { name: 'HELPDESK@CORP.LOCAL' } },
    { objectid: ALICE, kinds: ['Base', 'User'], properties: { name: 'ALICE@CORP.LOCAL', system_tags: 'owned' } },
    { objectid: WS01, kinds: ['Base', 'Computer'], properties: { name: 'WS01.CORP.LOCAL' } },
    { objectid: SQL01, kinds: ['Base', 'Computer'], properties: { name: 'SQL01.CORP.LOCAL' } },
    { objectid: WEB01, kinds: ['Base', 'Computer'], properties: { name: 'WEB01.CORP.LOCAL' } },
    { objectid: FILE01, kinds: ['Base', 'Computer'], properties: {} },
    { objectid: 'AIA-1', kinds: ['Base', 'AIACA', 'Tag_Tier_Zero'], properties: { name: 'AIA01@CORP.LOCAL', crl: 'http://pki/crl' } },
    { objectid: CASRV, kinds: ['Base', 'Computer'], properties: { name: 'CASRV.CORP.LOCAL' } },
    { objectid: 'ECA-1', kinds: ['Base', 'EnterpriseCA'], properties: { name: 'CORP-ECA@CORP.LOCAL' } },
    { objectid: 'ROOT-1', kinds: ['Base', 'RootCA'], properties: { name: 'CORP-ROOT@CORP.LOCAL' } },
    { objectid: 'NTAUTH-1', kinds: ['Base', 'NTAuthStore'], properties: { name: 'NTAUTHCERTIFICATES@CORP.LOCAL' } },
    { objectid: 'BIG', kinds: ['Base', 'Group'], properties: { name: 'BIG@CORP.LOCAL' } },
    ...range(BIG_GROUP_SIZE).map((i) => ({ objectid: `MEMBER-${i}`, kinds: ['Base', 'User'], properties: { name: `MEMBER-${i}` } })),
    ...range(DENSE_SIZE).map((i) => ({ objectid: `DENSE-${i}`, kinds: ['Base', 'Container'], properties: { name: `DENSE-${i}` } })),
  ],
  edges: [
    { from: BOB, to: HELPDESK, kind: 'MemberOf', properties: { lastseen: '2026-03-01T08:00:00Z' } },
    { from: HELPDESK, to: ALICE, kind: 'ForceChangePassword', properties: { isacl: true } },
    { from: ALICE, to: DOMAIN_ADMINS, kind: 'MemberOf' },
    { from: DOMAIN_ADMINS, to: DOMAIN, kind: 'GenericAll', properties: { isacl: true } },
    { from: WS01, to: SQL01, kind: 'AllowedToDelegate' },
    { from: WS01, to: WEB01, kind: 'AllowedToDelegate' },
    { from: SQL01, to: FILE01, kind: 'AllowedToDelegate' },
    { from: WS01, to: BOB, kind: 'HasSession' },
    { from: ALICE, to: 'AIA-1', kind: 'GenericAll' },
    { from: HELPDESK, to: 'AIA-1', kind: 'WriteDacl' },
    { from: WS01, to: 'AIA-1', kind: 'HasSession' },
    { from: 'AIA-1', to: 'ROOT-1', kind: 'IssuedSignedBy' },
    { from: CASRV, to: 'ECA-1', kind: 'HostsCAService' },
    { from: 'ECA-1', to: 'ROOT-1', kind: 'IssuedSignedBy' },
    { from: 'ROOT-1', to: DOMAIN, kind: 'RootCAFor' },
    { from: 'ECA-1', to: 'NTAUTH-1', kind: 'TrustedForNTAuth' },
    { from: 'NTAUTH-1', to: DOMAIN, kind: 'NTAuthStoreFor' },
    { from: CASRV, to: DOMAIN, kind: 'GoldenCert' },
    ...range(BIG_GROUP_SIZE).map((i) => ({ from: `MEMBER-${i}`, to: 'BIG', kind: 'MemberOf' })),
    ...range(DENSE_SIZE).flatMap((i) => range(DENSE_SIZE).filter((j) => j !== i)
      .map((j) => ({ from: `DENSE-${i}`, to: `DENSE-${j}`, kind: 'LocalToComputer' }))),
  ],
};

/** Every graph route, with a request that is valid apart from authentication. */
const ROUTES: [HttpMethod, string][] = [
  ['POST', '/api/v2/graphs/cypher'],
  ['GET', '/api/v2/search?q=admin'],
  ['GET', '/api/v2/graphs/edge-composition?edge_type=GoldenCert&source_node=1&target_node=2'],
  ['GET', `/api/v2/graphs/shortest-path?start_node=${BOB}&end_node=${DOMAIN}`],
  ['GET', `/api/v2/computers/${WS01}/constrained-delegation-rights`],
  ['GET', '/api/v2/aiacas/AIA-1'],
];

describe('graph endpoints', () => {
  let t: TestApp;
  let admin: string;
  let uploader: string;
  let nodes: Map<string, GraphNode>;
  const id = (objectid: string) => nodes.get(objectid)!.id;
  const get = (path: string) => t.http().get(`/api/v2${path}`).set('Authorization', bearer(admin));
  const cypher = (body: object) => t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(admin)).send(body);
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((r) => r.name);

  beforeAll(async () => {
    t = await createTestApp({ env: { GRAPH_RESULT_LIMIT: String(RESULT_LIMIT) } });
    admin = await login(t, 'admin', ADMIN_PASSWORD);
    uploader = (await createUserSession(t, admin, { principal: 'graph-uploader', role: 'Upload-Only' })).token;
    nodes = await seedGraph(t.app.get(GraphStore), GRAPH);
  });
  afterAll(() => t.close());

  describe('access', () => {
    for (const [method, path] of ROUTES) {
      it(`answers 401 for ${method} ${path.split('?')[0]} without a token`, async () => {
        expect(errorMessage(await send(t, method, path), 401)).toBe('not authenticated');
      });
      it(`answers 403 for ${method} ${path.split('?')[0]} without graphdb:Read`, async () => {
        const req = send(t, method, path).set('Authorization', bearer(uploader));
        const res = await (method === 'POST' ? req.send({ query: 'MATCH (n) RETURN n' }) : req);
        expect(errorMessage(res, 403)).toBe('not authorized');
      });
    }
  });

  describe('OpenAPI document', () => {
    it('documents every graph route under Graph, with its errors and resolvable schemas', async () => {
      const doc = (await t.http().get('/api/v2/spec/openapi.json')).body;
      for (const [method, path] of ROUTES) {
        const template = path.split('?')[0].replace(WS01, '{object_id}').replace('AIA-1', '{object_id}');
        const operation = doc.paths[template][method.toLowerCase()];
        expect(operation.tags).toEqual(['Graph']);
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
      }
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
      expect(refs.filter((name) => !(name in doc.components.schemas))).toEqual([]);
    });
  });

  describe('GET /api/v2/search', () => {
    it('answers exact matches first, then contains matches by display name, case-insensitively', async () => {
      const res = await get('/search?q=admin');
      expect(res.status).toBe(200);
      // ADMINS@WS01 is a local group that is not a Group: left out, as the reference does.
      expect(names(res)).toEqual([
        'ADMIN', 'ADMIN@CORP.LOCAL', 'ADMINISTRATORS@CORP.LOCAL', 'AZ ADMIN APP', 'DOMAIN ADMINS@CORP.LOCAL',
        'LOCAL ADMINS@WS02', 'TIER0 OU',
      ]);
    });

    it('writes the search result fields', async () => {
      const res = await get('/search?q=Admin@Corp.Local');
      expect(res.body).toEqual({
        data: [{
          objectid: 'S-1-5-21-100-500', type: 'User', name: 'ADMIN@CORP.LOCAL',
          distinguishedname: 'CN=ADMIN,CN=USERS,DC=CORP,DC=LOCAL', system_tags: 'admin_tier_0',
        }],
      });
    });

    it('matches objectids too', async () => {
      const res = await get('/search?q=ou-admin');
      expect(res.body).toEqual({ data: [{ objectid: 'OU-ADMIN-1', type: 'OU', name: 'TIER0 OU', distinguishedname: '', system_tags: '' }] });
    });

    it('filters by type, dropping unknown types while a known one remains', async () => {
      expect(names(await get('/search?q=admin&type=Group'))).toEqual([
        'ADMIN', 'ADMINISTRATORS@CORP.LOCAL', 'DOMAIN ADMINS@CORP.LOCAL', 'LOCAL ADMINS@WS02',
      ]);
      expect((await get('/search?q=admin&type=AZApp')).body.data).toEqual([
        { objectid: 'AZ-APP-1', type: 'AZApp', name: 'AZ ADMIN APP', distinguishedname: '', system_tags: '' },
      ]);
      expect(names(await get('/search?q=admin&type=Bogus&type=User'))).toEqual(['ADMIN@CORP.LOCAL']);
    });

    it('matches % and _ literally', async () => {
      expect(names(await get('/search?q=T%25N'))).toEqual(['PCT%NAME']);
      expect(names(await get('/search?q=D_N'))).toEqual(['UND_NAME']);
    });

    it('pages with skip and limit (default 10, at most 1000)', async () => {
      expect(names(await get('/search?q=admin&skip=1&limit=2'))).toEqual(['ADMIN@CORP.LOCAL', 'ADMINISTRATORS@CORP.LOCAL']);
      expect((await get('/search?q=member-')).body.data).toHaveLength(10);
      expect((await get('/search?q=member-&limit=5000')).body.data).toHaveLength(BIG_GROUP_SIZE);
      expect((await get('/search?q=admin&skip=100')).body).toEqual({ data: [] });
    });

    it('answers {"data": []} when nothing matches', async () => {
      const res = await get('/search?q=no-such-object');
      expect([res.status, res.body]).toEqual([200, { data: [] }]);
    });

    it.each([
      ['', 'Invalid search parameter'],
      ['?q=', 'Invalid search parameter'],
      ['?q=a%00b', 'Invalid search parameter'],
      ['?q=admin&type=Bogus', 'Invalid type parameter'],
      ['?q=admin&type=MemberOf', 'Invalid type parameter'],
      ['?q=admin&skip=x', 'Invalid query parameter: strconv.Atoi: parsing "x": invalid syntax'],
      ['?q=admin&skip=-1', 'Invalid query parameter: invalid skip: -1'],
      ['?q=admin&limit=-2', 'Invalid query parameter: invalid limit: -2'],
    ])('answers 400 for %j', async (query, message) => {
      expect(errorMessage(await get(`/search${query}`), 400)).toBe(message);
    });
  });

  describe('GET /api/v2/computers/{object_id}/constrained-delegation-rights', () => {
    const rights = (query = '', objectid = WS01) => get(`/computers/${objectid}/constrained-delegation-rights${query}`);
    const entry = (objectid: string, name: string) => ({ objectID: objectid, name, label: 'Computer', kinds: kindsOf('Base', 'Computer') });

    it('lists what the computer may delegate to, by node id descending', async () => {
      const res = await rights();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        count: 3, skip: 0, limit: 10,
        data: [entry(FILE01, ''), entry(WEB01, 'WEB01.CORP.LOCAL'), entry(SQL01, 'SQL01.CORP.LOCAL')],
      });
    });

    it('sorts by name or objectid', async () => {
      expect((await rights('?sort_by=name')).body.data.map((e: { objectID: string }) => e.objectID)).toEqual([FILE01, SQL01, WEB01]);
      expect((await rights('?sort_by=-objectid')).body.data.map((e: { objectID: string }) => e.objectID)).toEqual([FILE01, WEB01, SQL01]);
    });

    it('pages, clamps the limit and answers an empty page past the end', async () => {
      expect((await rights('?skip=1&limit=1')).body).toEqual({ count: 3, skip: 1, limit: 1, data: [entry(WEB01, 'WEB01.CORP.LOCAL')] });
      expect((await rights('?limit=5000')).body.limit).toBe(1000);
      expect((await rights('?skip=10')).body).toEqual({ count: 3, skip: 10, limit: 10, data: [] });
    });

    it('answers an empty list for a computer without rights', async () => {
      expect((await rights('', CASRV)).body).toEqual({ count: 0, skip: 0, limit: 10, data: [] });
    });

    it('answers the unwrapped visualisation map for type=graph', async () => {
      const res = await rights('?type=graph');
      expect(res.status).toBe(200);
      expect(res.body[id(WS01)]).toEqual({
        label: { text: 'WS01.CORP.LOCAL' }, data: { objectid: WS01, name: 'WS01.CORP.LOCAL', nodetype: 'Computer' },
      });
      const edges = Object.entries(res.body).filter(([key]) => key.startsWith('rel_')).map(([, edge]) => edge);
      expect(edges).toHaveLength(3);
      expect(edges).toContainEqual({ id1: id(SQL01), id2: id(FILE01), label: { text: 'AllowedToDelegate' }, data: {} });
      expect(Object.keys(res.body).filter((key) => !key.startsWith('rel_')).sort())
        .toEqual([id(WS01), id(SQL01), id(WEB01), id(FILE01)].sort());
    });

    it.each([
      ['?type=count', 'there are errors in the query parameters: unsupported result type for this query'],
      ['?skip=-1', 'there are errors in the query parameters: error getting paging parameters: invalid skip: -1'],
      ['?limit=x', 'there are errors in the query parameters: error getting paging parameters: strconv.Atoi: parsing "x": invalid syntax'],
      ['?sort_by=bogus', 'column format does not support sorting: bogus'],
      ['?sort_by=', 'empty sort_by parameter supplied'],
    ])('answers 400 for %j', async (query, message) => {
      expect(errorMessage(await rights(query), 400)).toBe(message);
    });

    it('answers 404 node not found for an unknown objectid or a node that is not a computer', async () => {
      expect(errorMessage(await rights('', 'S-1-5-21-100-9999'), 404)).toBe('node not found');
      expect(errorMessage(await rights('', BOB), 404)).toBe('node not found');
    });

    it('answers 400 for an objectid no node can have', async () => {
      expect(errorMessage(await rights('', 'a%00b'), 400)).toBe('object id is malformed');
    });
  });

  describe('GET /api/v2/aiacas/{object_id}', () => {
    const props = { objectid: 'AIA-1', name: 'AIA01@CORP.LOCAL', crl: 'http://pki/crl' };
    const kinds = kindsOf('Base', 'AIACA', 'Tag_Tier_Zero');

    it('answers kinds, props and the counts by default', async () => {
      // Controllers: ALICE and HELPDESK (ACL edges), BOB (member of HELPDESK). PKI: ROOT-1 and the domain above it.
      const res = await get('/aiacas/AIA-1');
      expect([res.status, res.body]).toEqual([200, { data: { kinds, props, controllers: 3, 'pki-hierarchy': 2 } }]);
      expect((await get('/aiacas/AIA-1?counts=true')).body.data.controllers).toBe(3);
    });

    it('answers kinds and props, tier zero flagged inside props, without counts (count or counts)', async () => {
      const expected = { data: { kinds, props: { ...props, isTierZero: true } } };
      expect((await get('/aiacas/AIA-1?counts=false')).body).toEqual(expected);
      expect((await get('/aiacas/AIA-1?count=0')).body).toEqual(expected);
    });

    it('answers 400 for a counts value that is not a boolean', async () => {
      expect(errorMessage(await get('/aiacas/AIA-1?counts=maybe'), 400)).toBe('there are errors in the query parameter filters specified');
    });

    it('answers 404 node not found for an unknown objectid or a node that is not an AIACA', async () => {
      expect(errorMessage(await get('/aiacas/NOPE'), 404)).toBe('node not found');
      expect(errorMessage(await get('/aiacas/ECA-1'), 404)).toBe('node not found');
    });
  });

  describe('GET /api/v2/graphs/edge-composition', () => {
    const compose = (query: string) => get(`/graphs/edge-composition${query}`);

    it('answers the nodes and edges behind a GoldenCert edge, with properties', async () => {
      const res = await compose(`?edge_type=GoldenCert&source_node=${id(CASRV)}&target_node=${id(DOMAIN)}`);
      expect(res.status).toBe(200);
      const { nodes: wireNodes, edges, literals } = res.body.data;
      expect(Object.keys(res.body.data)).toEqual(['nodes', 'edges', 'literals']);
      expect(literals).toEqual([]);
      expect(Object.keys(wireNodes).sort()).toEqual([CASRV, 'ECA-1', 'ROOT-1', 'NTAUTH-1', DOMAIN].map(id).sort());
      expect(wireNodes[id('ECA-1')]).toEqual({
        label: 'CORP-ECA@CORP.LOCAL', kind: 'EnterpriseCA', kinds: kindsOf('Base', 'EnterpriseCA'), objectId: 'ECA-1',
        isTierZero: false, isOwnedObject: false, lastSeen: expect.stringMatching(RFC3339),
        properties: { objectid: 'ECA-1', name: 'CORP-ECA@CORP.LOCAL' },
      });
      expect(edges.map((e: { kind: string }) => e.kind).sort())
        .toEqual(['HostsCAService', 'IssuedSignedBy', 'NTAuthStoreFor', 'RootCAFor', 'TrustedForNTAuth']);
      expect(edges).toContainEqual({
        id: expect.any(Number), source: id(CASRV), target: id('ECA-1'), label: 'HostsCAService', kind: 'HostsCAService',
        lastSeen: expect.stringMatching(RFC3339), properties: {},
      });
    });

    it('answers 400 no edge composition handler for a kind without one', async () => {
      const res = await compose(`?edge_type=MemberOf&source_node=${id(BOB)}&target_node=${id(HELPDESK)}`);
      expect(errorMessage(res, 400)).toBe('no edge composition handler for kind MemberOf');
    });

    it.each([
      ['', 'Expected edge_type parameter to be set.'],
      ['?edge_type=GoldenCert', 'Expected source_node parameter to be set.'],
      ['?edge_type=GoldenCert&source_node=1', 'Expected target_node parameter to be set.'],
      ['?edge_type=GoldenCert&edge_type=ADCSESC1&source_node=1&target_node=2', 'Expected only one edge_type.'],
      ['?edge_type=GoldenCert&source_node=1&source_node=3&target_node=2', 'Expected only one source_node.'],
      ['?edge_type=GoldenCert&source_node=1&target_node=2&target_node=3', 'Expected only one target_node.'],
      ['?edge_type=Bogus&source_node=x&target_node=2', 'Invalid edge requested: Bogus'],
      ['?edge_type=GoldenCert&source_node=x&target_node=2', 'Invalid value for startID: x'],
      ['?edge_type=GoldenCert&source_node=-1&target_node=2', 'Invalid value for startID: -1'],
      ['?edge_type=GoldenCert&source_node=1&target_node=99999999999999999999', 'Invalid value for endID: 99999999999999999999'],
      ['?edge_type=GoldenCert&source_node=1&target_node=2', 'Could not find edge matching criteria: edge not found'],
      ['?edge_type=AZBase&source_node=1&target_node=2', 'Could not find edge matching criteria: edge not found'],
    ])('answers 400 for %j', async (query, message) => {
      expect(errorMessage(await compose(query), 400)).toBe(message);
    });
  });

  describe('GET /api/v2/graphs/shortest-path', () => {
    const path = (query: string) => get(`/graphs/shortest-path${query}`);

    it('answers every shortest path as a graph', async () => {
      const res = await path(`?start_node=${BOB}&end_node=${DOMAIN}`);
      expect(res.status).toBe(200);
      const { nodes: wireNodes, edges, literals } = res.body.data;
      expect(literals).toEqual([]);
      expect(Object.keys(wireNodes).sort()).toEqual([BOB, HELPDESK, ALICE, DOMAIN_ADMINS, DOMAIN].map(id).sort());
      expect(wireNodes[id(BOB)]).toEqual({
        label: 'BOB@CORP.LOCAL', kind: 'User', kinds: kindsOf('Base', 'User', 'Tag_Owned'), objectId: BOB,
        isTierZero: false, isOwnedObject: true, lastSeen: expect.stringMatching(RFC3339),
      });
      expect(edges).toEqual(expect.arrayContaining([
        { id: expect.any(Number), source: id(BOB), target: id(HELPDESK), label: 'MemberOf', kind: 'MemberOf', lastSeen: '2026-03-01T08:00:00.000Z' },
      ]));
      expect(edges.map((e: { kind: string }) => e.kind).sort()).toEqual(['ForceChangePassword', 'GenericAll', 'MemberOf', 'MemberOf']);
    });

    it('answers 404 resource not found when the allowed kinds give no path', async () => {
      expect(errorMessage(await path(`?start_node=${BOB}&end_node=${DOMAIN}&relationship_kinds=in:MemberOf,AdminTo`), 404))
        .toBe('resource not found');
    });

    it('answers 404 node not found for an unknown objectid', async () => {
      expect(errorMessage(await path(`?start_node=NOPE&end_node=${DOMAIN}`), 404)).toBe('node not found');
    });

    it.each([
      ['', 'Expected start_node parameter to be set.'],
      [`?start_node=${BOB}`, 'Expected end_node parameter to be set.'],
      [`?start_node=${BOB}&start_node=${ALICE}&end_node=${DOMAIN}`, 'Expected only one start_node.'],
      [`?start_node=${BOB}&end_node=${BOB}`, 'start_node and end_node must be different nodes'],
      [`?start_node=${BOB}&end_node=${DOMAIN}&relationship_kinds=MemberOf`, 'relationship_kinds must have the form in:Kind1,Kind2'],
      [`?start_node=${BOB}&end_node=${DOMAIN}&relationship_kinds=in:`, 'relationship_kinds must have the form in:Kind1,Kind2'],
      [`?start_node=${BOB}&end_node=${DOMAIN}&relationship_kinds=in:MemberOf,Bogus`, 'invalid relationship kind: Bogus'],
      [`?start_node=${BOB}&end_node=${DOMAIN}&relationship_kinds=in:User`, 'invalid relationship kind: User'],
      [`?start_node=a%00b&end_node=${DOMAIN}`, 'object id is malformed'],
    ])('answers 400 for %j', async (query, message) => {
      expect(errorMessage(await path(query), 400)).toBe(message);
    });
  });

  describe('POST /api/v2/graphs/cypher', () => {
    const BOB_TO_HELPDESK = `MATCH p = (u:User {objectid: '${BOB}'})-[:MemberOf]->(g:Group) RETURN p`;

    it('answers nodes keyed by node id, edges and literals, without properties by default', async () => {
      const res = await cypher({ query: BOB_TO_HELPDESK });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          nodes: {
            [id(BOB)]: {
              label: 'BOB@CORP.LOCAL', kind: 'User', kinds: kindsOf('Base', 'User', 'Tag_Owned'), objectId: BOB,
              isTierZero: false, isOwnedObject: true, lastSeen: expect.stringMatching(RFC3339),
            },
            [id(HELPDESK)]: {
              label: 'HELPDESK@CORP.LOCAL', kind: 'Group', kinds: kindsOf('Base', 'Group'), objectId: HELPDESK,
              isTierZero: false, isOwnedObject: false, lastSeen: expect.stringMatching(RFC3339),
            },
          },
          edges: [{ id: expect.any(Number), source: id(BOB), target: id(HELPDESK), label: 'MemberOf', kind: 'MemberOf', lastSeen: '2026-03-01T08:00:00.000Z' }],
          literals: [],
        },
      });
    });

    it('adds properties, node_keys and edge_keys with include_properties', async () => {
      const res = await cypher({ query: BOB_TO_HELPDESK, include_properties: true });
      expect(res.status).toBe(200);
      expect(res.body.data.node_keys).toEqual(['enabled', 'name', 'objectid']);
      expect(res.body.data.edge_keys).toEqual(['lastseen']);
      expect(res.body.data.nodes[id(BOB)].properties).toEqual({ objectid: BOB, name: 'BOB@CORP.LOCAL', enabled: true });
      expect(res.body.data.edges[0].properties).toEqual({ lastseen: '2026-03-01T08:00:00Z' });
    });

    it('answers values that are not graph elements as text literals', async () => {
      const res = await cypher({ query: "MATCH (u:User) WHERE u.name STARTS WITH 'MEMBER-' RETURN count(u) AS members" });
      expect([res.status, res.body]).toEqual([200, { data: { nodes: {}, edges: [], literals: [{ key: 'members', value: String(BIG_GROUP_SIZE) }] } }]);
    });

    it('answers 404 resource not found when nothing matches', async () => {
      expect(errorMessage(await cypher({ query: "MATCH (n:User {name: 'NOBODY'}) RETURN n" }), 404)).toBe('resource not found');
    });

    it('answers 400 with the parser message for refused queries', async () => {
      expect(errorMessage(await cypher({ query: 'MATCH (n) DETACH DELETE n' }), 400)).toBe('updating clauses are not supported');
      expect(errorMessage(await cypher({ query: 'this is not cypher' }), 400)).toMatch(/^line 1:\d+ /);
    });

    it.each([
      [{}],
      [{ query: 5 }],
      [{ query: 'MATCH (n) RETURN n', include_properties: 'yes' }],
    ])('answers 400 JSON malformed. for %j', async (body) => {
      expect(errorMessage(await cypher(body), 400)).toBe('JSON malformed.');
    });

    it('answers 400 JSON malformed. for a body that is not JSON', async () => {
      const res = await t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(admin))
        .set('Content-Type', 'application/json').send('{"query": ');
      expect(errorMessage(res, 400)).toBe('JSON malformed.');
    });

    it('answers 400 for an empty query', async () => {
      expect(errorMessage(await cypher({ query: ' ' }), 400)).toBe('invalid input');
    });

    it('answers 400 when the graph exceeds GRAPH_RESULT_LIMIT', async () => {
      const res = await cypher({ query: "MATCH (u:User)-[r:MemberOf]->(g:Group {objectid: 'BIG'}) RETURN u, r, g" });
      expect(errorMessage(res, 400)).toBe(`query result exceeds the limit of ${RESULT_LIMIT} graph elements; add a LIMIT`);
    });

    it('answers 400 when the rows exceed GRAPH_RESULT_LIMIT', async () => {
      const res = await cypher({ query: "MATCH (u:User) WHERE u.name STARTS WITH 'MEMBER-' RETURN u.name" });
      expect(errorMessage(res, 400)).toBe(`query result exceeds the limit of ${RESULT_LIMIT} graph elements; add a LIMIT`);
    });

    it('answers 400 rather than a partial answer when pathfinding stopped at the cap and the query filtered after it', async () => {
      const res = await cypher({
        query: "MATCH p = shortestPath((u:User)-[:MemberOf*1..]->(g:Group {objectid: 'BIG'})) WHERE size(nodes(p)) > 5 RETURN p",
      });
      expect(errorMessage(res, 400)).toBe(PATHFINDING_CAPPED);
    });

    it.each([
      "MATCH p = shortestPath((u:User)-[:MemberOf*1..]->(g:Group {objectid: 'BIG'})) RETURN u.name ORDER BY u.name DESC LIMIT 3",
      "MATCH p = shortestPath((u:User)-[:MemberOf*1..]->(g:Group {objectid: 'BIG'})) RETURN count(p) LIMIT 1",
      "MATCH p = shortestPath((u:User)-[:MemberOf*1..]->(g:Group {objectid: 'BIG'})) RETURN DISTINCT g.name, count(*) LIMIT 1",
    ])('answers 400 rather than a wrong answer from a capped pathfinding step: %s', async (query) => {
      expect(errorMessage(await cypher({ query }), 400)).toBe(PATHFINDING_CAPPED);
    });

    it('answers a LIMIT below the cap from a pathfinding step that stopped at the cap', async () => {
      const res = await cypher({ query: "MATCH p = shortestPath((u:User)-[:MemberOf*1..]->(g:Group {objectid: 'BIG'})) RETURN p LIMIT 3" });
      expect(res.status).toBe(200);
      expect(res.body.data.edges).toHaveLength(3);
    });

    it('answers 504 request timed out past the deadline and leaves no statement running', async () => {
      const res = await t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(admin)).set('Prefer', 'wait=1')
        .send({ query: 'MATCH p = (a:Container)-[:LocalToComputer*1..12]->(b:Container) RETURN count(p)' });
      expect(errorMessage(res, 504)).toBe('request timed out');
      expect(await activeStatementsEventually(t.databaseUrl)).toBe(0);
    });

    it('keeps answering normally after queries that timed out', async () => {
      const slow = () => t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(admin)).set('Prefer', 'wait=1')
        .send({ query: 'MATCH p = (a:Container)-[:LocalToComputer*1..12]->(b:Container) RETURN count(p)' });
      const timedOut = await Promise.all([slow(), slow(), slow()]);
      expect(timedOut.map((res) => res.status)).toEqual([504, 504, 504]);
      const res = await cypher({ query: `MATCH (n:User {objectid: '${BOB}'}) RETURN n` });
      expect(res.status).toBe(200);
      expect(Object.values(res.body.data.nodes).map((node) => (node as { objectId: string }).objectId)).toEqual([BOB]);
    });
  });
});

/** Active statements of the app's database other than ours, polled until none is left (or 10 s pass). */
async function activeStatementsEventually(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let active = -1;
    for (let attempt = 0; attempt < 100 && active !== 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'`,
      );
      active = rows[0].n;
    }
    return active;
  } finally {
    await client.end();
  }
}

/** A search that waits for the test to let it finish, so two requests overlap without relying on timing. */
class GatedSearch extends NodeSearch {
  entered!: () => void;
  readonly started = new Promise<void>((resolve) => { this.entered = resolve; });
  release!: () => void;
  private readonly gate = new Promise<void>((resolve) => { this.release = resolve; });

  async search(_request: NodeSearchRequest): Promise<GraphNode[]> {
    this.entered();
    await this.gate;
    return [];
  }
}

describe('graph concurrency per user', () => {
  let t: TestApp;
  let admin: string;
  const search = new GatedSearch();

  beforeAll(async () => {
    t = await createTestApp({
      env: { GRAPH_CONCURRENCY_PER_USER: '1' },
      customize: (builder) => builder.overrideProvider(NodeSearch).useValue(search),
    });
    admin = await login(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('answers 429 while the user already has GRAPH_CONCURRENCY_PER_USER graph requests running', async () => {
    const first = t.http().get('/api/v2/search?q=slow').set('Authorization', bearer(admin)).then((res) => res);
    await search.started;
    const second = await t.http().get('/api/v2/search?q=other').set('Authorization', bearer(admin));
    expect(errorMessage(second, 429))
      .toBe('too many graph requests in progress for this user (at most 1 at a time); try again when one finishes');
    search.release();
    expect([(await first).status, (await first).body]).toEqual([200, { data: [] }]);
    expect((await t.http().get('/api/v2/search?q=again').set('Authorization', bearer(admin))).status).toBe(200);
  });
});
