import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Datapipe } from '@app/analysis';
import { ENTITY_TYPES, GraphStore } from '@app/graph';
import { SAMPLE_ZIP } from '@app/ingest/testing';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer } from './support/auth.js';

/**
 * The entity panels (issue 19) over HTTP on the sample data, ingested and analysed: for one entity of every type
 * the sample has, every related list's count equals the count in the entity's info, pages are node list entries,
 * and lists agree with the same question asked in Cypher; then every refusal. GET /api/version and
 * /api/v2/available-domains too.
 */
describe('entity panels on the sample data', () => {
  let t: TestApp;
  let admin: string;
  const get = (path: string) => t.http().get(path).set('Authorization', bearer(admin));
  const cypherIds = async (query: string): Promise<string[]> => {
    const res = await t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(admin)).send({ query });
    if (res.status === 404) return [];
    expect(res.status).toBe(200);
    return Object.values(res.body.data.nodes as Record<string, { objectId: string }>).map((node) => node.objectId);
  };
  const firstOf = async (kind: string) => (await cypherIds(`MATCH (n:${kind}) RETURN n ORDER BY n.objectid LIMIT 1`))[0];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t, 'admin', ADMIN_PASSWORD);
    const start = await t.http().post('/api/v2/file-upload/start').set('Authorization', bearer(admin));
    const jobId = start.body.data.id;
    await t.http().post(`/api/v2/file-upload/${jobId}`).set('Authorization', bearer(admin))
      .set('Content-Type', 'application/zip').set('X-File-Upload-Name', 'ad_sampledata.zip').send(readFileSync(SAMPLE_ZIP));
    await t.http().post(`/api/v2/file-upload/${jobId}/end`).set('Authorization', bearer(admin));
    await t.app.get(Datapipe).tick();
  }, 300_000);
  afterAll(() => t.close());

  for (const type of ENTITY_TYPES) {
    it(`${type.path}: every list's count equals its count key in the info, and its entries are node list entries`, async () => {
      const objectId = await firstOf(type.kind);
      if (objectId === undefined) return; // The sample data has no node of this kind (checked on hand-built graphs).
      const info = await get(`/api/v2/${type.path}/${encodeURIComponent(objectId)}`);
      expect(info.status).toBe(200);
      expect(info.body.data.props.objectid).toBe(objectId);
      for (const list of type.lists) {
        if (list.countKey !== undefined) expect(typeof info.body.data[list.countKey]).toBe('number');
        if (list.path === undefined) continue;
        const res = await get(`/api/v2/${type.path}/${encodeURIComponent(objectId)}/${list.path}?limit=1000`);
        expect([list.path, res.status]).toEqual([list.path, 200]);
        expect(res.body).toMatchObject({ skip: 0, limit: 1000 });
        if (list.countKey !== undefined) expect([list.path, res.body.count]).toEqual([list.path, info.body.data[list.countKey]]);
        expect(res.body.data).toHaveLength(Math.min(res.body.count, 1000));
        for (const entry of res.body.data) {
          expect(Object.keys(entry).sort()).toEqual(['kinds', 'label', 'name', 'objectID']);
        }
      }
    }, 120_000);
  }

  it('lists a domain\'s users as Cypher finds them (domainsid), and a group\'s nested members', async () => {
    const domain = await firstOf('Domain');
    const info = (await get(`/api/v2/domains/${domain}`)).body.data;
    const sid = info.props.domainsid ?? domain;
    const users = await cypherIds(`MATCH (n:User) WHERE n.domainsid = '${sid}' RETURN n`);
    const listed = await get(`/api/v2/domains/${domain}/users?limit=1000`);
    expect(listed.body.count).toBe(users.length);
    expect(listed.body.data.map((entry: { objectID: string }) => entry.objectID).sort()).toEqual([...users].sort().slice(0, 1000));

    const group = (await cypherIds('MATCH (m)-[:MemberOf]->(g:Group)<-[:MemberOf]-(n) RETURN g ORDER BY g.objectid LIMIT 1'))[0];
    const members = await cypherIds(`MATCH (m)-[:MemberOf*1..]->(g:Group {objectid: '${group}'}) RETURN m`);
    const listedMembers = await get(`/api/v2/groups/${group}/members?limit=1000`);
    expect(listedMembers.body.data.map((entry: { objectID: string }) => entry.objectID).sort())
      .toEqual([...new Set(members)].filter((id) => id !== group).sort());
  });

  it('pages by node id descending: pages join up to the whole list', async () => {
    const domain = await firstOf('Domain');
    const whole = (await get(`/api/v2/domains/${domain}/users?limit=1000`)).body.data.map((e: { objectID: string }) => e.objectID);
    const first = (await get(`/api/v2/domains/${domain}/users?limit=3`)).body;
    const second = (await get(`/api/v2/domains/${domain}/users?skip=3&limit=3`)).body;
    expect([...first.data, ...second.data].map((e: { objectID: string }) => e.objectID)).toEqual(whole.slice(0, 6));
    expect(first.count).toBe(whole.length);
    const byName = (await get(`/api/v2/domains/${domain}/users?limit=1000&sort_by=name`)).body.data.map((e: { name: string }) => e.name);
    expect(byName).toEqual([...byName].sort());
  });

  it('answers type=graph with the map of the walk, and refuses it where the reference has no path form', async () => {
    const computer = await firstOf('Computer');
    const graph = await get(`/api/v2/computers/${computer}/controllers?type=graph`);
    expect(graph.status).toBe(200);
    expect(graph.body.data).toBeUndefined();
    const domain = await firstOf('Domain');
    expect(errorMessage(await get(`/api/v2/domains/${domain}/users?type=graph`), 400))
      .toBe("there are errors in the query parameters: type 'graph' is not supported for this endpoint");
  });

  it('refuses bad parameters and unknown or malformed ids', async () => {
    const user = await firstOf('User');
    expect(errorMessage(await get(`/api/v2/users/${user}/sessions?type=count`), 400))
      .toBe('there are errors in the query parameters: unsupported result type for this query');
    expect(errorMessage(await get(`/api/v2/users/${user}/sessions?skip=-1`), 400))
      .toBe('there are errors in the query parameters: error getting paging parameters: invalid skip: -1');
    expect(errorMessage(await get(`/api/v2/users/${user}/sessions?sort_by=nope`), 400)).toMatch(/sort/);
    expect(errorMessage(await get(`/api/v2/users/${user}?counts=maybe`), 400)).toBe('there are errors in the query parameter filters specified');
    expect(errorMessage(await get('/api/v2/users/NO-SUCH-SID/sessions'), 404)).toBe('node not found');
    expect(errorMessage(await get(`/api/v2/computers/${user}`), 404)).toBe('node not found');
    expect(errorMessage(await get('/api/v2/users/%00'), 400)).toBe('object id is malformed');
    expect(errorMessage(await get('/api/v2/users/x%00y/memberships'), 400)).toBe('object id is malformed');
    expect(errorMessage(await get('/api/v2/users/x/no-such-list'), 404)).toBe('resource not found');
  });

  it('lists the collected domains (available-domains), with filters and sort', async () => {
    const res = await get('/api/v2/available-domains?sort_by=-name');
    expect(res.status).toBe(200);
    const domains = await cypherIds('MATCH (n:Domain) RETURN n');
    expect(res.body.data.map((env: { id: string }) => env.id).sort()).toEqual([...domains].sort());
    for (const env of res.body.data) expect(env).toEqual({ type: 'active-directory', name: expect.any(String), id: expect.any(String), collected: expect.any(Boolean) });
    const names = res.body.data.map((env: { name: string }) => env.name);
    expect(names).toEqual([...names].sort().reverse());
    const one = await get(`/api/v2/available-domains?objectid=eq:${domains[0]}`);
    expect(one.body.data.map((env: { id: string }) => env.id)).toEqual([domains[0]]);
    expect(errorMessage(await get('/api/v2/available-domains?sort_by=collected'), 400)).toBe('column format does not support sorting');
    expect(errorMessage(await get('/api/v2/available-domains?tenantid=eq:x'), 400)).toBe('invalid query parameters: the specified column cannot be filtered');
    expect(errorMessage(await get('/api/v2/available-domains?name=gt:x'), 400))
      .toBe('invalid query parameters: the specified filter predicate is not supported for this column');
  });

  it('marks a domain collected or not (PATCH /api/v2/domains/{id}), and refuses bad bodies', async () => {
    const domain = await firstOf('Domain');
    const patch = (id: string, body: unknown) => t.http().patch(`/api/v2/domains/${id}`).set('Authorization', bearer(admin)).send(body as object);
    expect((await patch(domain, { collected: false })).body).toEqual({ data: { collected: false } });
    expect((await get(`/api/v2/domains/${domain}?counts=false`)).body.data.props.collected).toBe(false);
    const listed = (await get('/api/v2/available-domains')).body.data.find((env: { id: string }) => env.id === domain);
    expect(listed.collected).toBe(false);
    expect((await patch(domain, { collected: true })).status).toBe(200);
    expect(errorMessage(await patch(domain, {}), 400)).toBe('no domain fields sent for patching');
    expect(errorMessage(await patch(domain, { collected: 'yes' }), 400)).toBe('error unmarshalling JSON payload');
    expect(errorMessage(await patch(domain, [1]), 400)).toBe('error unmarshalling JSON payload');
    expect(errorMessage(await patch('NO-SUCH-DOMAIN', { collected: true }), 404)).toBe('node not found');
    expect(errorMessage(await patch(await firstOf('User'), { collected: true }), 404)).toBe('node not found');
  });

  it('answers a meta node (the enterprise reference\'s), with no counts to add', async () => {
    await t.app.get(GraphStore).upsertNodes([{ objectid: 'META-1', kinds: ['Meta'], properties: { name: 'CORP META' } }]);
    const res = await get('/api/v2/meta/META-1');
    expect([res.status, res.body]).toEqual([200, { data: { kinds: ['Meta'], props: { objectid: 'META-1', name: 'CORP META' } } }]);
    expect(errorMessage(await get(`/api/v2/meta/${await firstOf('User')}`), 404)).toBe('node not found');
  });

  it('answers GET /api/version to any signed-in caller, 401 without a token', async () => {
    const res = await get('/api/version');
    expect([res.status, res.body]).toEqual([200, { data: { API: { current_version: 'v2', deprecated_version: 'none' }, server_version: expect.stringMatching(/^v\d+\.\d+\.\d+/) } }]);
    expect(errorMessage(await t.http().get('/api/version'), 401)).toBe('not authenticated');
  });
});
