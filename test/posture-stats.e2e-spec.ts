import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { InvalidPostureStat, PostureWriter, type NewPostureStat } from '@app/posture';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const A = 'S-1-5-21-100';
const B = 'S-1-5-21-200';
const C = 'S-1-5-21-300';
const TENANT = 'Tenant-ABC';

type Key = 'r1' | 'r2' | 'r3' | 'r4' | 'r5' | 'r6' | 'r7' | 'r8' | 'r9';

interface SeedRow extends NewPostureStat {
  key: Key;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/**
 * Three domains and a tenant over nine days. r2 and r3 share created_at (the id breaks the tie); r8 and r9 are
 * soft-deleted. Every sortable column orders the live rows differently.
 */
const SEED: SeedRow[] = [
  { key: 'r1', domainSid: A, assetGroupTagId: 1, exposureIndex: 40, tierZeroCount: 5, criticalRiskCount: 1,
    createdAt: '2025-01-01T08:00:00Z', updatedAt: '2025-01-08T00:00:00Z', deletedAt: null },
  { key: 'r2', domainSid: A, assetGroupTagId: 2, exposureIndex: 10, tierZeroCount: 3, criticalRiskCount: 0,
    createdAt: '2025-01-02T08:00:00Z', updatedAt: '2025-01-03T00:00:00Z', deletedAt: null },
  { key: 'r3', domainSid: B, assetGroupTagId: 1, exposureIndex: 70, tierZeroCount: 8, criticalRiskCount: 4,
    createdAt: '2025-01-02T08:00:00Z', updatedAt: '2025-01-07T00:00:00Z', deletedAt: null },
  { key: 'r4', domainSid: B, assetGroupTagId: 1, exposureIndex: 20, tierZeroCount: 1, criticalRiskCount: 2,
    createdAt: '2025-01-03T09:30:00Z', updatedAt: '2025-01-04T00:00:00Z', deletedAt: null },
  { key: 'r5', domainSid: C, assetGroupTagId: 2, exposureIndex: 60, tierZeroCount: 0, criticalRiskCount: 6,
    createdAt: '2025-01-04T10:00:00Z', updatedAt: '2025-01-06T00:00:00Z', deletedAt: null },
  { key: 'r6', domainSid: C, assetGroupTagId: 1, exposureIndex: 30, tierZeroCount: 6, criticalRiskCount: 3,
    createdAt: '2025-01-05T12:00:00Z', updatedAt: '2025-01-05T12:00:00Z', deletedAt: null },
  { key: 'r7', domainSid: TENANT, assetGroupTagId: 1, exposureIndex: 50, tierZeroCount: 2, criticalRiskCount: 5,
    createdAt: '2025-01-06T00:00:00Z', updatedAt: '2025-01-09T00:00:00Z', deletedAt: null },
  { key: 'r8', domainSid: A, assetGroupTagId: 1, exposureIndex: 90, tierZeroCount: 9, criticalRiskCount: 7,
    createdAt: '2024-12-31T00:00:00Z', updatedAt: '2025-01-07T12:00:00Z', deletedAt: '2025-01-07T12:00:00Z' },
  { key: 'r9', domainSid: B, assetGroupTagId: 2, exposureIndex: 95, tierZeroCount: 4, criticalRiskCount: 8,
    createdAt: '2024-12-30T00:00:00Z', updatedAt: '2025-01-08T00:00:00Z', deletedAt: '2025-01-08T00:00:00Z' },
];

/** The live rows in the default order: newest created_at first, the higher id first on a tie. */
const DEFAULT_ORDER: Key[] = ['r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1'];

/** The service writes instants with milliseconds. */
const wire = (utc: string) => new Date(utc).toISOString();

describe('GET /api/v2/posture-stats', () => {
  let t: TestApp;
  let admin: Caller;
  const ids = new Map<Key, number>();
  const keysById = new Map<number, Key>();

  const idOf = (key: Key): number => ids.get(key) as number;

  /** The keys of the rows a query answers, in answer order. */
  async function keys(query: string): Promise<Key[]> {
    const res = await admin.get(`/posture-stats${query}`);
    expect(res.status).toBe(200);
    return (res.body.data as { id: number }[]).map((row) => keysById.get(row.id) as Key);
  }

  async function badQuery(query: string): Promise<string> {
    return errorMessage(await admin.get(`/posture-stats${query}`), 400);
  }

  /** Seeds through the writer port, then backdates each row with SQL (the writer stamps now()). */
  async function seed(): Promise<void> {
    await t.app.get(PostureWriter).record(SEED.map(({ domainSid, assetGroupTagId, exposureIndex, tierZeroCount, criticalRiskCount }) => (
      { domainSid, assetGroupTagId, exposureIndex, tierZeroCount, criticalRiskCount })));
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `UPDATE posture_stats p SET created_at = v.created_at, updated_at = v.updated_at, deleted_at = v.deleted_at
         FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[])
           AS v(exposure_index, created_at, updated_at, deleted_at)
         WHERE p.exposure_index = v.exposure_index`,
        [SEED.map((r) => r.exposureIndex), SEED.map((r) => r.createdAt), SEED.map((r) => r.updatedAt), SEED.map((r) => r.deletedAt)],
      );
      const { rows } = await db.query<{ id: string; exposure_index: number }>('SELECT id, exposure_index FROM posture_stats');
      for (const row of rows) {
        const key = (SEED.find((r) => r.exposureIndex === row.exposure_index) as SeedRow).key;
        ids.set(key, Number(row.id));
        keysById.set(Number(row.id), key);
      }
    } finally {
      await db.end();
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    await seed();
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('answers 401 not authenticated without credentials', async () => {
      expect(errorMessage(await new Caller(t).get('/posture-stats'), 401)).toBe('not authenticated');
    });

    it('answers 403 not authorized for a role without graphdb:Read (Upload-Only)', async () => {
      const { caller } = await userSession(t, admin, Roles.UploadOnly);
      expect(errorMessage(await caller.get('/posture-stats'), 403)).toBe('not authorized');
    });

    it('lists for a Read-Only user (graphdb:Read)', async () => {
      const { caller } = await userSession(t, admin, Roles.ReadOnly);
      const res = await caller.get('/posture-stats');
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(7);
    });
  });

  describe('success shape', () => {
    it('answers the time-windowed envelope with every field of a posture stat', async () => {
      const before = Date.now();
      const res = await admin.get(`/posture-stats?id=eq:${idOf('r1')}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        count: 1,
        skip: 0,
        limit: 100,
        start: '2025-01-01T08:00:00.000Z',
        end: expect.stringMatching(RFC3339),
        data: [{
          id: idOf('r1'),
          created_at: '2025-01-01T08:00:00.000Z',
          updated_at: '2025-01-08T00:00:00.000Z',
          deleted_at: NULL_TIME,
          domain_sid: A,
          exposure_index: 40,
          tier_zero_count: 5,
          critical_risk_count: 1,
          asset_group_tag_id: 1,
        }],
      });
      expect(Date.parse(res.body.end)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(res.body.end)).toBeLessThanOrEqual(Date.now());
    });

    it('shows a soft-deleted row with a valid deleted_at', async () => {
      const res = await admin.get(`/posture-stats?deleted_at=neq:null&id=eq:${idOf('r8')}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([{
        id: idOf('r8'),
        created_at: '2024-12-31T00:00:00.000Z',
        updated_at: '2025-01-07T12:00:00.000Z',
        deleted_at: { time: '2025-01-07T12:00:00.000Z', valid: true },
        domain_sid: A,
        exposure_index: 90,
        tier_zero_count: 9,
        critical_risk_count: 7,
        asset_group_tag_id: 1,
      }]);
    });

    it('lists the live rows newest first, the higher id first on equal created_at', async () => {
      expect(await keys('')).toEqual(DEFAULT_ORDER);
    });

    it('does not mark the route deprecated (only from and to are)', async () => {
      const res = await admin.get('/posture-stats?from=2025-01-01T00:00:00Z');
      expect(res.status).toBe(200);
      expect(res.headers.deprecation).toBeUndefined();
      expect(res.headers.link).toBeUndefined();
    });
  });

  describe('sort_by', () => {
    it.each<[string, Key[]]>([
      ['domain_sid', ['r2', 'r1', 'r4', 'r3', 'r6', 'r5', 'r7']],
      ['-domain_sid', ['r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1']],
      ['exposure_index', ['r2', 'r4', 'r6', 'r1', 'r7', 'r5', 'r3']],
      ['-exposure_index', ['r3', 'r5', 'r7', 'r1', 'r6', 'r4', 'r2']],
      ['tier_zero_count', ['r5', 'r4', 'r7', 'r2', 'r1', 'r6', 'r3']],
      ['-tier_zero_count', ['r3', 'r6', 'r1', 'r2', 'r7', 'r4', 'r5']],
      ['critical_risk_count', ['r2', 'r1', 'r4', 'r6', 'r3', 'r7', 'r5']],
      ['-critical_risk_count', ['r5', 'r7', 'r3', 'r6', 'r4', 'r1', 'r2']],
      ['id', ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']],
      ['-id', ['r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1']],
      ['created_at', ['r1', 'r3', 'r2', 'r4', 'r5', 'r6', 'r7']],
      ['-created_at', ['r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1']],
      ['updated_at', ['r2', 'r4', 'r6', 'r5', 'r3', 'r1', 'r7']],
      ['-updated_at', ['r7', 'r1', 'r3', 'r5', 'r6', 'r4', 'r2']],
    ])('sorts by %s, newest first then the higher id breaking ties', async (sortBy, expected) => {
      expect(await keys(`?sort_by=${sortBy}`)).toEqual(expected);
    });

    it('sorts by deleted_at ascending and descending among deleted rows', async () => {
      expect(await keys('?deleted_at=neq:null&sort_by=deleted_at')).toEqual(['r8', 'r9']);
      expect(await keys('?deleted_at=neq:null&sort_by=-deleted_at')).toEqual(['r9', 'r8']);
    });

    it('applies repeated sort_by in order', async () => {
      expect(await keys('?sort_by=domain_sid&sort_by=-exposure_index')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    });

    it('answers 400 for a column that cannot be sorted, naming it', async () => {
      expect(await badQuery('?sort_by=bogus')).toBe('column format does not support sorting: bogus');
      expect(await badQuery('?sort_by=-asset_group_tag_id')).toBe('column format does not support sorting: asset_group_tag_id');
    });

    it('answers 400 for an empty sort_by', async () => {
      expect(await badQuery('?sort_by=')).toBe('empty sort_by parameter supplied');
    });
  });

  describe('filters', () => {
    it('filters domain_sid with eq, neq and a case-insensitive ~eq', async () => {
      expect(await keys(`?domain_sid=eq:${B}`)).toEqual(['r4', 'r3']);
      expect(await keys(`?domain_sid=neq:${A}`)).toEqual(['r7', 'r6', 'r5', 'r4', 'r3']);
      expect(await keys(`?domain_sid=neq:${A}&domain_sid=neq:${B}`)).toEqual(['r7', 'r6', 'r5']);
      expect(await keys('?domain_sid=~eq:tenant')).toEqual(['r7']);
      expect(await keys('?domain_sid=~eq:21-3')).toEqual(['r6', 'r5']);
      expect(await keys('?domain_sid=~eq:%25')).toEqual([]);
    });

    it('filters domain_sid with eq:null and neq:null', async () => {
      expect(await keys('?domain_sid=eq:null')).toEqual([]);
      expect(await keys('?domain_sid=neq:null')).toEqual(DEFAULT_ORDER);
    });

    it('filters exposure_index with every integer operator', async () => {
      expect(await keys('?exposure_index=eq:40')).toEqual(['r1']);
      expect(await keys('?exposure_index=neq:40')).toEqual(['r7', 'r6', 'r5', 'r4', 'r3', 'r2']);
      expect(await keys('?exposure_index=gt:50')).toEqual(['r5', 'r3']);
      expect(await keys('?exposure_index=gte:50')).toEqual(['r7', 'r5', 'r3']);
      expect(await keys('?exposure_index=lt:20')).toEqual(['r2']);
      expect(await keys('?exposure_index=lte:20')).toEqual(['r4', 'r2']);
      expect(await keys('?exposure_index=gt:10&exposure_index=lt:40')).toEqual(['r6', 'r4']);
    });

    it('filters asset_group_tag_id', async () => {
      expect(await keys('?asset_group_tag_id=eq:2')).toEqual(['r5', 'r2']);
      expect(await keys('?asset_group_tag_id=neq:2')).toEqual(['r7', 'r6', 'r4', 'r3', 'r1']);
      expect(await keys('?asset_group_tag_id=gt:1')).toEqual(['r5', 'r2']);
      expect(await keys('?asset_group_tag_id=lte:1&domain_sid=eq:' + C)).toEqual(['r6']);
    });

    it('filters tier_zero_count', async () => {
      expect(await keys('?tier_zero_count=eq:0')).toEqual(['r5']);
      expect(await keys('?tier_zero_count=gte:6')).toEqual(['r6', 'r3']);
      expect(await keys('?tier_zero_count=lt:2')).toEqual(['r5', 'r4']);
      expect(await keys('?tier_zero_count=neq:3')).toEqual(['r7', 'r6', 'r5', 'r4', 'r3', 'r1']);
    });

    it('filters critical_risk_count', async () => {
      expect(await keys('?critical_risk_count=eq:0')).toEqual(['r2']);
      expect(await keys('?critical_risk_count=gt:4')).toEqual(['r7', 'r5']);
      expect(await keys('?critical_risk_count=lte:1')).toEqual(['r2', 'r1']);
      expect(await keys('?critical_risk_count=neq:0')).toEqual(['r7', 'r6', 'r5', 'r4', 'r3', 'r1']);
    });

    it('filters id as an int64 column', async () => {
      expect(await keys(`?id=eq:${idOf('r3')}`)).toEqual(['r3']);
      expect(await keys(`?id=gt:${idOf('r5')}`)).toEqual(['r7', 'r6']);
      expect(await keys(`?id=lte:${idOf('r2')}`)).toEqual(['r2', 'r1']);
      expect(await keys('?id=eq:9223372036854775807')).toEqual([]);
    });

    it('filters created_at and updated_at', async () => {
      expect(await keys('?created_at=gte:2025-01-04T10:00:00Z')).toEqual(['r7', 'r6', 'r5']);
      expect(await keys('?created_at=lt:2025-01-02T08:00:00Z')).toEqual(['r1']);
      expect(await keys('?created_at=eq:2025-01-02T08:00:00Z')).toEqual(['r3', 'r2']);
      expect(await keys('?created_at=neq:2025-01-02T08:00:00Z')).toEqual(['r7', 'r6', 'r5', 'r4', 'r1']);
      expect(await keys('?updated_at=gt:2025-01-07T00:00:00Z')).toEqual(['r7', 'r1']);
      expect(await keys('?updated_at=lte:2025-01-04T00:00:00Z')).toEqual(['r4', 'r2']);
    });

    it('leaves soft-deleted rows out unless deleted_at is filtered on', async () => {
      expect(await keys('?domain_sid=eq:' + A)).toEqual(['r2', 'r1']);
      expect(await keys('?deleted_at=neq:null')).toEqual(['r8', 'r9']);
      expect(await keys('?deleted_at=eq:null')).toEqual(DEFAULT_ORDER);
      expect(await keys('?deleted_at=gt:2025-01-07T12:00:00Z')).toEqual(['r9']);
      expect(await keys('?deleted_at=lte:2025-01-07T12:00:00Z')).toEqual(['r8']);
      expect(await keys(`?deleted_at=neq:null&domain_sid=eq:${A}`)).toEqual(['r8']);
    });

    it('answers 400 for a column that cannot be filtered', async () => {
      expect(await badQuery('?foo=eq:1')).toBe('the specified column cannot be filtered: foo');
    });

    it('answers 400 for an operator the column does not support', async () => {
      expect(await badQuery('?domain_sid=gt:S')).toBe('the specified filter predicate is not supported for this column: domain_sid gt');
      expect(await badQuery('?exposure_index=~eq:1')).toBe(
        'the specified filter predicate is not supported for this column: exposure_index ~eq',
      );
    });

    it('answers 400 for an unknown operator or a value that does not fit the column', async () => {
      expect(await badQuery('?domain_sid=foo:bar')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?id=eq:abc')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?id=eq:9223372036854775808')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?tier_zero_count=gt:2147483648')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?created_at=gt:yesterday')).toBe('there are errors in the query parameter filters specified');
    });
  });

  describe('from and to (deprecated created_at bounds)', () => {
    it('answers the rows created within both bounds, inclusive, and echoes them as start and end', async () => {
      const res = await admin.get('/posture-stats?from=2025-01-03T09:30:00Z&to=2025-01-05T12:00:00Z');
      expect(res.status).toBe(200);
      expect(res.body.data.map((row: { id: number }) => keysById.get(row.id))).toEqual(['r6', 'r5', 'r4']);
      expect(res.body).toMatchObject({ count: 3, skip: 0, limit: 100, start: '2025-01-03T09:30:00Z', end: '2025-01-05T12:00:00Z' });
    });

    it('reports from as start and now as end with only from', async () => {
      const before = Date.now();
      const res = await admin.get('/posture-stats?from=2025-01-05T00:00:00Z');
      expect(res.status).toBe(200);
      expect(res.body.data.map((row: { id: number }) => keysById.get(row.id))).toEqual(['r7', 'r6']);
      expect(res.body.start).toBe('2025-01-05T00:00:00Z');
      expect(Date.parse(res.body.end)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(res.body.end)).toBeLessThanOrEqual(Date.now());
    });

    it('reports the earliest matching created_at as start and to as end with only to', async () => {
      const res = await admin.get('/posture-stats?to=2025-01-02T08:00:00Z');
      expect(res.status).toBe(200);
      expect(res.body.data.map((row: { id: number }) => keysById.get(row.id))).toEqual(['r3', 'r2', 'r1']);
      expect([res.body.start, res.body.end]).toEqual([wire('2025-01-01T08:00:00Z'), '2025-01-02T08:00:00Z']);
    });

    it('reads offsets and reports the bound in UTC', async () => {
      const res = await admin.get(`/posture-stats?from=${encodeURIComponent('2025-01-05T13:00:00+01:00')}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((row: { id: number }) => keysById.get(row.id))).toEqual(['r7', 'r6']);
      expect(res.body.start).toBe('2025-01-05T12:00:00Z');
    });

    it('ANDs the bounds with created_at and the other filters', async () => {
      expect(await keys('?from=2025-01-02T00:00:00Z&created_at=lt:2025-01-04T00:00:00Z')).toEqual(['r4', 'r3', 'r2']);
      expect(await keys(`?from=2025-01-02T00:00:00Z&domain_sid=eq:${A}`)).toEqual(['r2']);
      expect(await keys('?from=2024-12-30T00:00:00Z&to=2024-12-31T00:00:00Z&deleted_at=neq:null')).toEqual(['r8', 'r9']);
    });

    it('answers an empty page with the bounds when nothing was created within them', async () => {
      const res = await admin.get('/posture-stats?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 0, skip: 0, limit: 100, start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z', data: [] });
    });

    it('answers 400 when to is before from', async () => {
      expect(await badQuery('?from=2025-01-05T00:00:00Z&to=2025-01-04T23:59:59Z')).toBe('to time cannot be before from time');
    });

    it('answers 400 with the reference texts for a malformed from or to', async () => {
      expect(await badQuery('?from=yesterday')).toBe('from parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z');
      expect(await badQuery('?from=2025-01-05')).toBe('from parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z');
      expect(await badQuery('?from=gte:2025-01-05T00:00:00Z')).toBe(
        'from parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z',
      );
      expect(await badQuery('?to=2025-13-01T00:00:00Z')).toBe('to parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z');
    });

    it('answers 400 with the malformed text for a repeated from or to', async () => {
      expect(await badQuery('?from=2025-01-01T00:00:00Z&from=2025-01-02T00:00:00Z')).toBe(
        'from parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z',
      );
      expect(await badQuery('?to=2025-01-01T00:00:00Z&to=2025-01-01T00:00:00Z')).toBe(
        'to parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z',
      );
    });

    it('checks sort_by, then filters, then skip and limit, then from and to', async () => {
      expect(await badQuery('?from=bad&id=eq:abc&skip=-1&sort_by=bogus')).toBe('column format does not support sorting: bogus');
      expect(await badQuery('?from=bad&skip=-1&id=eq:abc')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?from=bad&skip=-1')).toBe('query parameter "skip" is malformed: invalid skip: -1');
      expect(await badQuery('?from=bad&to=bad')).toBe('from parameter should be formatted as RFC3339 i.e 2021-04-21T07:20:50.52Z');
    });
  });

  describe('start and end without from and to', () => {
    it('reports the earliest created_at of the matching live rows as start', async () => {
      const res = await admin.get('/posture-stats');
      expect(res.body.start).toBe(wire('2025-01-01T08:00:00Z'));
      expect((await admin.get(`/posture-stats?domain_sid=eq:${C}`)).body.start).toBe(wire('2025-01-04T10:00:00Z'));
      expect((await admin.get('/posture-stats?deleted_at=neq:null')).body.start).toBe(wire('2024-12-30T00:00:00Z'));
    });

    it('reports the earliest matching created_at whatever the page', async () => {
      const res = await admin.get('/posture-stats?skip=5&limit=1');
      expect(res.body).toMatchObject({ count: 7, skip: 5, limit: 1, start: wire('2025-01-01T08:00:00Z') });
      expect(res.body.data.map((row: { id: number }) => keysById.get(row.id))).toEqual(['r2']);
      expect((await admin.get('/posture-stats?skip=50')).body).toMatchObject({ count: 7, start: wire('2025-01-01T08:00:00Z'), data: [] });
    });

    it('reports now as start and end when nothing matches', async () => {
      const before = Date.now();
      const res = await admin.get('/posture-stats?domain_sid=eq:S-1-5-21-999');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 0, data: [] });
      expect(res.body.start).toBe(res.body.end);
      expect(Date.parse(res.body.end)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(res.body.end)).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('paging', () => {
    it('defaults to skip 0 and limit 100 with the total count', async () => {
      expect((await admin.get('/posture-stats')).body).toMatchObject({ count: 7, skip: 0, limit: 100 });
    });

    it('answers the requested page with the total count', async () => {
      const res = await admin.get('/posture-stats?skip=2&limit=2');
      expect(res.body).toMatchObject({ count: 7, skip: 2, limit: 2 });
      expect(res.body.data.map((row: { id: number }) => keysById.get(row.id))).toEqual(['r5', 'r4']);
    });

    it('clamps a limit above 1000 and reports the limit applied', async () => {
      const res = await admin.get('/posture-stats?limit=5000');
      expect(res.body).toMatchObject({ count: 7, skip: 0, limit: 1000 });
      expect(res.body.data).toHaveLength(7);
    });

    it('answers an empty page with the total count for a skip beyond it', async () => {
      expect((await admin.get('/posture-stats?skip=7')).body).toMatchObject({ count: 7, skip: 7, data: [] });
      expect((await admin.get('/posture-stats?skip=1000&domain_sid=eq:' + B)).body).toMatchObject({ count: 2, skip: 1000, data: [] });
    });

    it('answers 400 for a negative or malformed skip or limit', async () => {
      expect(await badQuery('?skip=-1')).toBe('query parameter "skip" is malformed: invalid skip: -1');
      expect(await badQuery('?limit=-5')).toBe('query parameter "limit" is malformed: invalid limit: -5');
      expect(await badQuery('?limit=ten')).toBe(
        'query parameter "limit" is malformed: error converting limit value ten to int: strconv.Atoi: parsing "ten": invalid syntax',
      );
    });
  });

  describe('the writer port', () => {
    it('writes nothing for an empty batch', async () => {
      await t.app.get(PostureWriter).record([]);
      expect((await admin.get('/posture-stats')).body.count).toBe(7);
    });

    it('refuses a batch with a negative or fractional count before writing any of it', async () => {
      const good = { domainSid: 'S-1-5-21-400', assetGroupTagId: 1, exposureIndex: 1, tierZeroCount: 1, criticalRiskCount: 1 };
      await expect(t.app.get(PostureWriter).record([good, { ...good, tierZeroCount: -1 }])).rejects.toThrow(InvalidPostureStat);
      await expect(t.app.get(PostureWriter).record([good, { ...good, exposureIndex: 0.5 }])).rejects.toThrow(InvalidPostureStat);
      expect((await admin.get('/posture-stats?domain_sid=eq:S-1-5-21-400')).body.count).toBe(0);
    });
  });
});

describe('GET /api/v2/posture-stats in the community edition', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'community' } });
  });
  afterAll(() => t.close());

  it('answers 404 resource not found, before authentication', async () => {
    expect(errorMessage(await new Caller(t).get('/posture-stats'), 404)).toBe('resource not found');
  });

  it('answers 404 resource not found to an administrator', async () => {
    const admin = await adminCaller(t);
    expect(errorMessage(await admin.get('/posture-stats'), 404)).toBe('resource not found');
  });
});
