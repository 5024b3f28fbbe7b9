import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { AnalysisLock, Datapipe, PostureCalculator } from '@app/analysis';
import { TIER_ZERO_TAG_ID } from '@app/asset-groups';
import { GraphStore, type EdgeUpsert, type NodeUpsert } from '@app/graph';
import { ANALYSIS_LOCK_KEY } from '@app/platform';
import { createUserSession } from './support/auth.js';
import { adminCaller, Caller, RFC3339, selfId, uniqueName, ZERO_TIME } from './support/identity.js';
import { waitingForLock } from './support/lock-waits.js';
import { createSecondInstance, createTestApp, errorMessage, type TestApp } from './support/test-app.js';

/**
 * The datapipe status, the analysis request endpoints, a requested analysis run by a tick, and the posture figures
 * on a hand-built graph with known answers.
 */
const D = 'S-1-5-21-1';
const E = 'S-1-5-21-2';
const F = 'S-1-5-21-3';
const T0 = 'Tag_Tier_Zero';

const node = (objectid: string, kinds: string[], properties: Record<string, unknown> = {}): NodeUpsert =>
  ({ objectid, kinds: ['Base', ...kinds], properties });
const edge = (start: string, kind: string, end: string): EdgeUpsert => ({ startObjectId: start, endObjectId: end, kind, properties: {} });
const user = (objectid: string, domainsid: string, enabled = true, zone = false) =>
  node(objectid, zone ? ['User', T0] : ['User'], { domainsid, enabled });

/**
 * TEST.LOCAL (D): zone = the domain, DA (-512) and U3. Principals (enabled, outside the zone): U1, U2, U4, U6, U7,
 * C1 = 6. Exposed: U1 (MemberOf G1, G1 GenericAll DA), U2 (AdminTo C1, C1 HasSession U3), C1 → 3 of 6 = 50.
 * Critical: G1, C1 and the disabled U5 (direct traversable edges into the zone) = 3; U6's OwnsRaw is not
 * traversable; U3 MemberOf DA stays inside the zone. OTHER.LOCAL (E): zone = the domain and its DA; E1 has no
 * path (exposure 0); U7 of TEST.LOCAL holds GenericAll on E's DA (critical 1, not exposure of D).
 * FAR.LOCAL (F) is not collected: no row.
 */
const NODES: NodeUpsert[] = [
  node(D, ['Domain', T0], { domainsid: D, collected: true }),
  node(E, ['Domain', T0], { collected: true }),
  node(F, ['Domain', T0], { domainsid: F, collected: false }),
  node(`${D}-512`, ['Group', T0], { domainsid: D }),
  node(`${E}-512`, ['Group', T0], { domainsid: E }),
  node(`${F}-512`, ['Group', T0], { domainsid: F }),
  node(`${D}-1100`, ['Group'], { domainsid: D }),
  user(`${D}-1001`, D), user(`${D}-1002`, D), user(`${D}-1003`, D, true, true), user(`${D}-1004`, D),
  user(`${D}-1005`, D, false), user(`${D}-1006`, D), user(`${D}-1007`, D),
  node(`${D}-2001`, ['Computer'], { domainsid: D, enabled: true }),
  user(`${E}-1001`, E),
  user(`${F}-1001`, F),
];
const EDGES: EdgeUpsert[] = [
  edge(`${D}-1001`, 'MemberOf', `${D}-1100`), edge(`${D}-1100`, 'GenericAll', `${D}-512`),
  edge(`${D}-1002`, 'AdminTo', `${D}-2001`), edge(`${D}-2001`, 'HasSession', `${D}-1003`),
  edge(`${D}-1005`, 'GenericAll', `${D}-512`), edge(`${D}-1006`, 'OwnsRaw', `${D}-512`),
  edge(`${D}-1003`, 'MemberOf', `${D}-512`), edge(`${D}-1007`, 'GenericAll', `${E}-512`),
  edge(`${F}-1001`, 'GenericAll', `${F}-512`),
];

describe('datapipe and analysis', () => {
  let t: TestApp;
  let admin: Caller;
  let pg: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
  });
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  describe('GET /api/v2/datapipe/status', () => {
    it('answers idle with zero times before any analysis', async () => {
      const res = await admin.get('/datapipe/status');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        status: 'idle', updated_at: expect.stringMatching(RFC3339), last_complete_analysis_at: ZERO_TIME, last_analysis_run_at: ZERO_TIME,
        next_scheduled_analysis_at: ZERO_TIME,
      });
    });

    it('is idle again after a pass, whatever status a crashed pass left', async () => {
      await pg.query(`UPDATE datapipe_status SET status = 'analyzing'`);
      expect((await admin.get('/datapipe/status')).body.data.status).toBe('analyzing');
      expect(await t.app.get(Datapipe).tick()).toEqual({ timedOut: 0, processed: 0, jobs: [], analysis: null });
      expect((await admin.get('/datapipe/status')).body.data.status).toBe('idle');
    });

    it('answers 401 without credentials', async () => {
      const res = await new Caller(t).get('/datapipe/status');
      expect(errorMessage(res, 401)).toBeTruthy();
    });
  });

  describe('analysis requests', () => {
    it('answers 404 when none is pending', async () => {
      const res = await admin.get('/analysis');
      expect(errorMessage(res, 404)).toBe('resource not found');
    });

    it('records a request (202), shows it, and cancels it (204)', async () => {
      const put = await admin.put('/analysis');
      expect(put.status).toBe(202);
      expect(put.text).toBe('');
      const again = await admin.put('/analysis');
      expect(again.status).toBe(202);
      const pending = await admin.get('/analysis');
      expect(pending.status).toBe(200);
      expect(pending.body.data).toEqual({ requested_by: await selfId(admin), requested_at: expect.stringMatching(RFC3339), request_type: 'analysis' });
      const { rows } = await pg.query('SELECT count(*)::int AS n FROM analysis_requests');
      expect(rows[0].n).toBe(1);
      const cancel = await admin.delete('/analysis');
      expect(cancel.status).toBe(204);
      expect((await admin.get('/analysis')).status).toBe(404);
      expect((await admin.delete('/analysis')).status).toBe(204);
    });

    it('refuses a read-only user (403), who may still read the datapipe status', async () => {
      const session = await createUserSession(t, admin.token!, { principal: uniqueName('reader'), role: 'Read-Only' });
      const reader = new Caller(t, session.token);
      expect(errorMessage(await reader.put('/analysis'), 403)).toBeTruthy();
      expect((await reader.get('/datapipe/status')).status).toBe(200);
    });
  });

  describe('posture', () => {
    beforeAll(async () => {
      const graph = t.app.get(GraphStore);
      await graph.upsertNodes(NODES.map((n) => ({ ...n, properties: { ...n.properties, objectid: n.objectid } })));
      await graph.upsertEdges(EDGES);
    });

    it('computes tier zero count, exposure index and critical risk count per collected domain', async () => {
      const rows = await t.app.get(PostureCalculator).compute(TIER_ZERO_TAG_ID);
      expect(rows).toEqual([
        { domainSid: D, assetGroupTagId: TIER_ZERO_TAG_ID, tierZeroCount: 3, exposureIndex: 50, criticalRiskCount: 3 },
        { domainSid: E, assetGroupTagId: TIER_ZERO_TAG_ID, tierZeroCount: 2, exposureIndex: 0, criticalRiskCount: 1 },
      ]);
    });

    it('runs a requested analysis on the next tick: status times, posture rows, request cleared', async () => {
      expect((await admin.put('/analysis')).status).toBe(202);
      const before = Date.now();
      const report = await t.app.get(Datapipe).tick();
      expect(report).toEqual({ timedOut: 0, processed: 0, jobs: [], analysis: 'succeeded' });
      expect((await admin.get('/analysis')).status).toBe(404);
      const status = (await admin.get('/datapipe/status')).body.data;
      expect(status.status).toBe('idle');
      expect(Date.parse(status.last_analysis_run_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(status.last_complete_analysis_at)).toBeGreaterThanOrEqual(Date.parse(status.last_analysis_run_at));
      const { rows } = await pg.query('SELECT domain_sid FROM posture_stats ORDER BY domain_sid');
      expect(rows.map((r) => r.domain_sid)).toEqual([D, E]);
      // Nothing asks for another analysis.
      expect(await t.app.get(Datapipe).tick()).toEqual({ timedOut: 0, processed: 0, jobs: [], analysis: null });
    });
  });

  describe('one analysis at a time across instances', () => {
    it('makes a second instance wait for the lock until the first releases it', async () => {
      const second = await createSecondInstance(t);
      try {
        const events: string[] = [];
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const holding = new Promise<void>((resolve) => (entered = resolve));
        const first = t.app.get(AnalysisLock).exclusively(async () => {
          events.push('first in');
          entered();
          await gate;
          events.push('first out');
        });
        await holding;
        const waiting = second.app.get(AnalysisLock).exclusively(async () => void events.push('second in'));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(events).toEqual(['first in']);
        release();
        await Promise.all([first, waiting]);
        expect(events).toEqual(['first in', 'first out', 'second in']);
      } finally {
        await second.close();
      }
    });
  });

  describe('an analysis handed on by an instance that stops before running it', () => {
    /**
     * Runs `start` on a second instance and stops that instance while the analysis waits for the lock this test
     * holds (`meanwhile` runs just before the stop).
     */
    async function stoppedWhileWaiting(start: (datapipe: Datapipe) => Promise<unknown>, meanwhile = async () => {}): Promise<void> {
      const second = await createSecondInstance(t);
      await pg.query('SELECT pg_advisory_lock($1::bigint)', [ANALYSIS_LOCK_KEY]);
      try {
        const pass = start(second.app.get(Datapipe)).catch((error: unknown) => error);
        await waitingForLock(pg, 'advisory');
        await meanwhile();
        await second.close();
        await pass;
      } finally {
        await pg.query('SELECT pg_advisory_unlock($1::bigint)', [ANALYSIS_LOCK_KEY]);
      }
    }

    it('keeps the user who requested it, and when', async () => {
      expect((await admin.put('/analysis')).status).toBe(202);
      const requested = (await admin.get('/analysis')).body.data;
      expect(requested.requested_by).toBe(await selfId(admin));

      await stoppedWhileWaiting((datapipe) => datapipe.tick(), async () => {
        // Taken by the pass that waits for the lock.
        expect((await admin.get('/analysis')).status).toBe(404);
      });

      const res = await admin.get('/analysis');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(requested);
      expect((await admin.delete('/analysis')).status).toBe(204);
    });

    it('names `datapipe` as the requester when no user asked for it (CLI, sample data), as the OpenAPI document says', async () => {
      await stoppedWhileWaiting((datapipe) => datapipe.analyze());

      const res = await admin.get('/analysis');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ requested_by: 'datapipe', requested_at: expect.stringMatching(RFC3339), request_type: 'analysis' });
      const spec = await t.http().get('/api/v2/spec/openapi.json');
      expect(spec.body.components.schemas.AnalysisRequestView.properties.requested_by).toEqual({
        type: 'string', example: 'datapipe', description: expect.stringContaining('the id of the user who requested the analysis, or `datapipe`'),
      });
      expect((await admin.delete('/analysis')).status).toBe(204);
    });
  });
});
