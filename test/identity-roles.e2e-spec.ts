import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminCaller, Caller, Roles, SEEDED_ROLES, UPLOAD_ONLY_ROLE, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

describe('GET /api/v2/roles', () => {
  let t: TestApp;
  let admin: Caller;

  /** The ids of the roles a query answers, in answer order. */
  async function roleIds(query: string): Promise<number[]> {
    const res = await admin.get(`/roles${query}`);
    expect(res.status).toBe(200);
    return (res.body.data.roles as { id: number }[]).map((role) => role.id);
  }

  async function badQuery(query: string): Promise<string> {
    return errorMessage(await admin.get(`/roles${query}`), 400);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('answers 401 not authenticated without credentials', async () => {
      expect(errorMessage(await new Caller(t).get('/roles'), 401)).toBe('not authenticated');
    });

    it('answers 401 for a bearer token that is not a session', async () => {
      expect(errorMessage(await new Caller(t, 'not-a-jwt').get('/roles'), 401)).toBe('Token Authorization failed.');
    });

    it('answers 403 not authorized for a role without auth:ManageSelf (Upload-Only)', async () => {
      const { caller } = await userSession(t, admin, Roles.UploadOnly);
      expect(errorMessage(await caller.get('/roles'), 403)).toBe('not authorized');
    });

    it('lists roles for a Read-Only user (auth:ManageSelf)', async () => {
      const { caller } = await userSession(t, admin, Roles.ReadOnly);
      const res = await caller.get('/roles');
      expect(res.status).toBe(200);
      expect(res.body.data.roles).toHaveLength(6);
    });
  });

  describe('success shape', () => {
    it('answers every seeded role with every field and its exact permissions, by id', async () => {
      const res = await admin.get('/roles');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ data: { roles: SEEDED_ROLES } });
    });

    it('gives Upload-Only exactly clients:Tasking and graphdb:Ingest', async () => {
      const res = await admin.get('/roles?name=eq:Upload-Only');
      expect(res.status).toBe(200);
      expect(res.body.data.roles).toEqual([UPLOAD_ONLY_ROLE]);
      expect(res.body.data.roles[0].permissions.map((p: { authority: string; name: string }) => `${p.authority}:${p.name}`))
        .toEqual(['clients:Tasking', 'graphdb:Ingest']);
    });

    it('never seeds the retired auth:ManageAppConfig permission', async () => {
      const res = await admin.get('/roles?id=eq:1');
      const names = (res.body.data.roles[0].permissions as { authority: string; name: string }[])
        .map((p) => `${p.authority}:${p.name}`);
      expect(names).not.toContain('auth:ManageAppConfig');
      expect(names).toHaveLength(26);
    });

    it('ignores skip and limit (the listing is not paginated)', async () => {
      expect(await roleIds('?skip=2&limit=1')).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('ignores parameters that are neither columns nor in filter form', async () => {
      expect(await roleIds('?foo=bar&hydrate=true')).toEqual([1, 2, 3, 4, 5, 6]);
    });
  });

  describe('filters', () => {
    it('filters name with eq', async () => {
      expect(await roleIds('?name=eq:Auditor')).toEqual([6]);
    });

    it('filters name with eq case-sensitively', async () => {
      expect(await roleIds('?name=eq:auditor')).toEqual([]);
    });

    it('filters name with neq', async () => {
      expect(await roleIds('?name=neq:Auditor')).toEqual([1, 2, 3, 4, 5]);
    });

    it('filters name with ~eq as a case-insensitive contains', async () => {
      expect(await roleIds('?name=~eq:USER')).toEqual([2, 5]);
      expect(await roleIds('?name=~eq:-only')).toEqual([3, 4]);
    });

    it('matches % and _ literally in ~eq', async () => {
      expect(await roleIds('?name=~eq:%25')).toEqual([]);
      expect(await roleIds('?name=~eq:_')).toEqual([]);
      expect(await roleIds('?name=~eq:Read_Only')).toEqual([]);
    });

    it('filters id with every integer operator, repeated predicates ANDed', async () => {
      expect(await roleIds('?id=eq:3')).toEqual([3]);
      expect(await roleIds('?id=neq:3')).toEqual([1, 2, 4, 5, 6]);
      expect(await roleIds('?id=gt:4')).toEqual([5, 6]);
      expect(await roleIds('?id=gte:4')).toEqual([4, 5, 6]);
      expect(await roleIds('?id=lt:2')).toEqual([1]);
      expect(await roleIds('?id=lte:2')).toEqual([1, 2]);
      expect(await roleIds('?id=gte:2&id=lte:3')).toEqual([2, 3]);
    });

    it('ANDs filters on different columns', async () => {
      expect(await roleIds('?name=~eq:user&id=gt:2')).toEqual([5]);
    });

    it('filters the timestamps', async () => {
      expect(await roleIds('?created_at=gt:2000-01-01T00:00:00Z')).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await roleIds('?created_at=lt:2000-01-01T00:00:00Z')).toEqual([]);
      expect(await roleIds('?updated_at=lte:2999-01-01T00:00:00Z')).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('filters deleted_at with eq:null and neq:null (neq excluding NULLs)', async () => {
      expect(await roleIds('?deleted_at=eq:null')).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await roleIds('?deleted_at=neq:null')).toEqual([]);
      expect(await roleIds('?deleted_at=neq:2000-01-01T00:00:00Z')).toEqual([]);
    });
  });

  describe('filter errors', () => {
    it('answers 400 for an unknown operator', async () => {
      expect(await badQuery('?name=foo:bar')).toBe('there are errors in the query parameter filters specified');
    });

    it('answers 400 for a filter value without an operator', async () => {
      expect(await badQuery('?name=Auditor')).toBe('there are errors in the query parameter filters specified');
    });

    it('answers 400 for a column that cannot be filtered', async () => {
      expect(await badQuery('?description=eq:x')).toBe('the specified column cannot be filtered: description');
      expect(await badQuery('?permissions=eq:x')).toBe('the specified column cannot be filtered: permissions');
    });

    it('answers 400 for an operator the column does not support', async () => {
      expect(await badQuery('?name=gt:a')).toBe('the specified filter predicate is not supported for this column: name gt');
      expect(await badQuery('?id=~eq:1')).toBe('the specified filter predicate is not supported for this column: id ~eq');
      expect(await badQuery('?created_at=~eq:2020')).toBe(
        'the specified filter predicate is not supported for this column: created_at ~eq',
      );
    });

    it('answers 400 for a value that does not fit the column type', async () => {
      expect(await badQuery('?id=eq:abc')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?id=eq:1.5')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?id=gt:2147483648')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?created_at=gt:yesterday')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?name=eq:a%00b')).toBe('there are errors in the query parameter filters specified');
    });

    it('answers 400 for a filter given as a nested object', async () => {
      expect(await badQuery('?name[a]=eq:x')).toBe('the specified column cannot be filtered: name[a]');
    });
  });

  describe('sort_by', () => {
    it('sorts by name ascending and descending', async () => {
      expect(await roleIds('?sort_by=name')).toEqual([1, 6, 5, 3, 4, 2]);
      expect(await roleIds('?sort_by=-name')).toEqual([2, 4, 3, 5, 6, 1]);
    });

    it('sorts by id descending', async () => {
      expect(await roleIds('?sort_by=-id')).toEqual([6, 5, 4, 3, 2, 1]);
    });

    it('sorts by description', async () => {
      expect(await roleIds('?sort_by=description')).toEqual([1, 6, 2, 5, 4, 3]);
    });

    it('accepts every documented sort column', async () => {
      for (const column of ['name', 'description', 'id', 'created_at', 'updated_at', 'deleted_at']) {
        expect(await roleIds(`?sort_by=${column}`)).toHaveLength(6);
      }
    });

    it('applies repeated sort_by in order, the id breaking ties', async () => {
      expect(await roleIds('?sort_by=created_at&sort_by=-id')).toEqual([6, 5, 4, 3, 2, 1]);
    });

    it('answers 400 for a column that cannot be sorted, naming it', async () => {
      expect(await badQuery('?sort_by=bogus')).toBe('column format does not support sorting: bogus');
      expect(await badQuery('?sort_by=-permissions')).toBe('column format does not support sorting: permissions');
    });

    it('answers 400 for an empty sort_by', async () => {
      expect(await badQuery('?sort_by=')).toBe('empty sort_by parameter supplied');
      expect(await badQuery('?sort_by=-')).toBe('empty sort_by parameter supplied');
    });

    it('checks sort_by before the filters', async () => {
      expect(await badQuery('?name=foo:bar&sort_by=bogus')).toBe('column format does not support sorting: bogus');
    });
  });
});
