import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { GraphLifecycle, GraphStore } from '../application/ports.js';
import type { BatchEdge, NodeUpsert, Properties } from '../domain/graph.js';
import type { EdgeRule, ReconcilePlan } from '../domain/reconciliation.js';

/** A lifecycle under test, the store it works on, and how to empty it between tests. */
export interface GraphLifecycleHarness {
  lifecycle: GraphLifecycle;
  store: GraphStore;
  reset(): Promise<void>;
  close?(): Promise<void>;
}

const OLD = '2031-01-01T00:00:00.000Z';
const NEW = '2031-02-01T00:00:00.000Z';
const D = 'S-1-5-21-1';
const OTHER = 'S-1-5-21-2';
const SCOPE = { property: 'domainsid' as const, values: [D] };

const node = (objectid: string, kind: string, domainsid = D, properties: Properties = {}): NodeUpsert =>
  ({ objectid, kinds: ['Base', kind], properties: { domainsid, ...properties } });
const edge = (start: string, kind: string, end: string, properties: Properties = {}): BatchEdge =>
  ({ start: { objectid: start, kinds: ['Base'] }, end: { objectid: end, kinds: ['Base'] }, kind, properties: { isacl: false, ...properties } });
const rule = (fields: Partial<EdgeRule> & Pick<EdgeRule, 'kinds' | 'owner' | 'ownerKinds'>): EdgeRule =>
  ({ family: 'test', scope: SCOPE, ...fields });

/**
 * GraphLifecycle as a specification, run against every adapter: a first collection written at OLD, a newer one at
 * NEW that reports part of it again, then a plan since NEW.
 */
export function graphLifecycleContract(name: string, harness: () => Promise<GraphLifecycleHarness>): void {
  describe(`${name} (graph lifecycle contract)`, () => {
    let h: GraphLifecycleHarness;
    const edgesNow = async () => {
      const all = await h.store.nodesByObjectIds(['G', 'U1', 'U2', 'U3', 'C1', 'C2', 'LG', 'X', 'S']);
      const name = new Map(all.map((n) => [n.id, n.properties.objectid as string]));
      const { edges } = await h.store.neighbours(all.map((n) => n.id), 'outbound');
      return edges.map((e) => `${name.get(e.startId)} ${e.kind} ${name.get(e.endId)}`).sort();
    };
    const objectsNow = async () => (await h.store.nodesByObjectIds(['G', 'U1', 'U2', 'U3', 'C1', 'C2', 'LG', 'X', 'S']))
      .map((n) => n.properties.objectid as string).sort();
    const reconcile = (plan: Partial<ReconcilePlan>) => h.lifecycle.reconcile({ since: NEW, edges: [], objects: [], ...plan });

    beforeAll(async () => {
      h = await harness();
    });
    afterAll(async () => h?.close?.());
    beforeEach(async () => {
      await h.reset();
      // The first collection: G (members U1, U2), U3 in another domain, computers with sessions and a local group.
      await h.store.writeBatch({
        seenAt: OLD,
        nodes: [node('G', 'Group'), node('U1', 'User'), node('U2', 'User'), node('U3', 'User', OTHER), node('C1', 'Computer'),
          node('C2', 'Computer'), node('LG', 'ADLocalGroup'), node('X', 'Group', OTHER)],
        edges: [edge('U1', 'MemberOf', 'G'), edge('U2', 'MemberOf', 'G'), edge('U3', 'MemberOf', 'G'),
          edge('U1', 'MemberOf', 'X'), edge('U2', 'MemberOf', 'G', { isprimarygroup: false }),
          edge('C1', 'HasSession', 'U1'), edge('C1', 'HasSession', 'U2'), edge('C2', 'HasSession', 'U2'),
          edge('LG', 'LocalToComputer', 'C1'), edge('U1', 'MemberOfLocalGroup', 'LG'), edge('U2', 'GenericAll', 'S')],
      });
      // The newer one reports G with U1 only, C1 with U1's session, C2, U1, U2; not S's ACEs, not the local group.
      await h.store.writeBatch({
        seenAt: NEW,
        nodes: [node('G', 'Group'), node('U1', 'User'), node('U2', 'User'), node('C1', 'Computer'), node('C2', 'Computer')],
        edges: [edge('U1', 'MemberOf', 'G'), edge('C1', 'HasSession', 'U1')],
      });
    });

    it('removes the edges an owner reported again no longer lists, within the rule\'s kinds and scope', async () => {
      const report = await reconcile({ edges: [rule({ family: 'members', kinds: ['MemberOf'], owner: 'end', ownerKinds: ['Group'] })] });
      expect(report).toEqual({ edges: 2, objects: 0, byFamily: { members: 2 } });
      // U2 -> G went; U3 -> G too (its owner G is in scope, whatever U3's domain); U1 -> X stays (X not collected again).
      expect((await edgesNow()).filter((e) => e.includes('MemberOf '))).toEqual(['U1 MemberOf G', 'U1 MemberOf X']);
    });

    it('leaves the owners a rule excepts, and owners out of its scope', async () => {
      await reconcile({ edges: [rule({ kinds: ['HasSession'], owner: 'start', ownerKinds: ['Computer'], exceptOwners: ['C2'] })] });
      expect((await edgesNow()).filter((e) => e.includes('HasSession'))).toEqual(['C1 HasSession U1', 'C2 HasSession U2']);
      await reconcile({ edges: [rule({ kinds: ['HasSession'], owner: 'start', ownerKinds: ['Computer'], scope: { property: 'domainsid', values: [OTHER] } })] });
      expect((await edgesNow()).filter((e) => e.includes('HasSession'))).toEqual(['C1 HasSession U1', 'C2 HasSession U2']);
    });

    it('tells primary groups apart, and finds local group members through their computer', async () => {
      await reconcile({ edges: [
        rule({ kinds: ['MemberOf'], owner: 'end', ownerKinds: ['Group'], primaryGroup: true }),
        rule({ kinds: ['MemberOfLocalGroup'], owner: 'localGroup', ownerKinds: ['Computer'] }),
      ] });
      const now = await edgesNow();
      expect(now.filter((e) => e.includes('MemberOf '))).toHaveLength(4);
      expect(now.filter((e) => e.includes('MemberOfLocalGroup'))).toEqual([]);
      expect(now).toContain('LG LocalToComputer C1');
    });

    it('removes objects of the kinds and scope collected before, with their edges, and local groups left alone', async () => {
      const report = await reconcile({
        edges: [rule({ kinds: ['LocalToComputer'], owner: 'end', ownerKinds: ['Computer'] })],
        objects: [{ kinds: ['User', 'Group', 'Computer'], scope: SCOPE }],
      });
      // Nothing of D was left unreported but the local group, which lost its computer link; S is a stub; U3 and X are OTHER's.
      expect(report.objects).toBe(1);
      expect(await objectsNow()).toEqual(['C1', 'C2', 'G', 'S', 'U1', 'U2', 'U3', 'X']);
      expect(await edgesNow()).not.toContain('U1 MemberOfLocalGroup LG');
    });

    it('removes the sessions last seen before a time', async () => {
      expect(await h.lifecycle.removeSessionsSeenBefore(new Date(NEW))).toBe(2);
      expect((await edgesNow()).filter((e) => e.includes('HasSession'))).toEqual(['C1 HasSession U1']);
    });
  });
}
