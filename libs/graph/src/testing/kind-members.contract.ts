import { describe, expect, it } from '@jest/globals';
import type { GraphStore } from '../application/ports.js';
import type { Properties } from '../domain/graph.js';

const TAG = 'Tag_Contract_Zero';
const TOKEN = 'admin_tier_0';

/**
 * `GraphStore.replaceKindMembers` as a specification (part of the graph-store contract): set-based membership of
 * one kind, with the matching `system_tags` token.
 */
export function kindMembersContract(current: () => GraphStore): void {
  describe('replaceKindMembers', () => {
    /** Writes nodes by objectid and answers their ids in the same order. */
    const seed = async (...nodes: [string, string[], Properties?][]) => {
      const store = current();
      await store.upsertNodes(nodes.map(([objectid, kinds, properties]) => ({ objectid, kinds, properties: properties ?? {} })));
      const stored = await store.nodesByObjectIds(nodes.map(([objectid]) => objectid));
      const byObjectId = new Map(stored.map((n) => [n.properties.objectid, n.id]));
      return nodes.map(([objectid]) => byObjectId.get(objectid)!);
    };
    const kindsOf = async (objectid: string) => [...(await current().nodeByObjectId(objectid))!.kinds].sort();
    const propertiesOf = async (objectid: string) => (await current().nodeByObjectId(objectid))!.properties;
    /** The objectids of the given nodes that hold the kind. */
    const holders = async (ids: string[]) =>
      (await current().nodesByIds(ids)).filter((n) => n.kinds.includes(TAG)).map((n) => n.properties.objectid).sort();
    let everyId: string[];

    it('gives the kind to the set and takes it from every other holder, counting both', async () => {
      everyId = await seed(['A', ['Base', 'User', TAG]], ['B', ['Base', 'User', TAG]], ['C', ['Base', 'Group']], ['D', ['Base']]);
      const [, b, c] = everyId;
      expect(await current().replaceKindMembers(TAG, [b, c])).toEqual({ added: 1, removed: 1 });
      expect(await holders(everyId)).toEqual(['B', 'C']);
      expect(await kindsOf('A')).toEqual(['Base', 'User']);
      expect(await kindsOf('C')).toEqual(['Base', 'Group', TAG]);
      expect(await kindsOf('D')).toEqual(['Base']);
    });

    it('changes nothing when called again with the same set', async () => {
      everyId = await seed(['A', ['Base', TAG], { system_tags: 'owned' }], ['B', ['Base']]);
      const [a, b] = everyId;
      expect(await current().replaceKindMembers(TAG, [b, a], TOKEN)).toEqual({ added: 1, removed: 0 });
      const before = await current().nodesByIds(everyId);
      expect(await current().replaceKindMembers(TAG, [a, b, a], TOKEN)).toEqual({ added: 0, removed: 0 });
      expect(await current().nodesByIds(everyId)).toEqual(before);
    });

    it('adds the system tag once and removes it without touching the other tokens', async () => {
      everyId = await seed(
        ['A', ['Base'], { system_tags: 'owned' }], ['B', ['Base', TAG], { system_tags: 'owned admin_tier_0' }],
        ['C', ['Base', TAG], { system_tags: TOKEN }], ['D', ['Base']], ['E', ['Base'], { system_tags: `${TOKEN} owned` }],
      );
      const [a, , , d, e] = everyId;
      expect(await current().replaceKindMembers(TAG, [a, d, e], TOKEN)).toEqual({ added: 3, removed: 2 });
      expect((await propertiesOf('A')).system_tags).toBe('owned admin_tier_0');
      expect((await propertiesOf('D')).system_tags).toBe(TOKEN);
      expect((await propertiesOf('E')).system_tags).toBe(`${TOKEN} owned`);
      expect((await propertiesOf('B')).system_tags).toBe('owned');
      expect(await propertiesOf('C')).toEqual({ objectid: 'C' });
    });

    it('gives a member that already has the kind the missing tag, without counting it as added', async () => {
      everyId = await seed(['A', ['Base', TAG], { system_tags: 'owned', name: 'A' }]);
      expect(await current().replaceKindMembers(TAG, everyId, TOKEN)).toEqual({ added: 0, removed: 0 });
      expect(await propertiesOf('A')).toEqual({ objectid: 'A', name: 'A', system_tags: 'owned admin_tier_0' });
    });

    it('leaves system_tags alone without a tag, and on nodes outside the set that lack the kind', async () => {
      everyId = await seed(['A', ['Base', TAG], { system_tags: TOKEN }], ['B', ['Base'], { system_tags: `owned ${TOKEN}` }]);
      expect(await current().replaceKindMembers(TAG, [everyId[1]])).toEqual({ added: 1, removed: 1 });
      expect((await propertiesOf('A')).system_tags).toBe(TOKEN);
      expect(await current().replaceKindMembers(TAG, [], TOKEN)).toEqual({ added: 0, removed: 1 });
      expect((await propertiesOf('B')).system_tags).toBe('owned');
      expect((await propertiesOf('A')).system_tags).toBe(TOKEN);
    });

    it('takes the kind from every holder for an empty set', async () => {
      everyId = await seed(['A', ['Base', TAG]], ['B', ['Base', 'User', TAG]], ['C', ['Base']]);
      expect(await current().replaceKindMembers(TAG, [])).toEqual({ added: 0, removed: 2 });
      expect(await holders(everyId)).toEqual([]);
      expect(await kindsOf('B')).toEqual(['Base', 'User']);
    });

    it('ignores unknown and malformed ids and leaves other kinds and properties untouched', async () => {
      everyId = await seed(['A', ['Base', 'User', 'Tag_Owned'], { name: 'A', system_tags: 'owned' }], ['B', ['Base', 'Group']]);
      const [a] = everyId;
      const result = await current().replaceKindMembers('BrandNewContractTag', [a, '987654321', 'not-an-id', '-1']);
      expect(result).toEqual({ added: 1, removed: 0 });
      expect(await kindsOf('A')).toEqual(['Base', 'BrandNewContractTag', 'Tag_Owned', 'User']);
      expect(await propertiesOf('A')).toEqual({ objectid: 'A', name: 'A', system_tags: 'owned' });
      expect(await kindsOf('B')).toEqual(['Base', 'Group']);
      expect(await current().counts()).toEqual({ nodes: 2, edges: 0 });
    });
  });
}
