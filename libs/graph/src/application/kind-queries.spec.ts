import { describe, expect, it } from '@jest/globals';
import { KindCatalog } from './kind-catalog.js';
import { type KindFilter, KindQueries } from './kind-queries.js';

class FixedKinds extends KindCatalog {
  async kindId(): Promise<number> {
    throw new Error('unused');
  }
  async names() {
    return ['User', 'MemberOf', 'Tag_Zone', 'Base', 'Odd', 'AZApp', 'Contains'];
  }
}

const queries = new KindQueries(new FixedKinds());
const type = (op: KindFilter<string>['op'], value: string | null): KindFilter<string> => ({ op, value });

describe('KindQueries', () => {
  it('lists every kind in byte order', async () => {
    expect(await queries.kinds([])).toEqual(['AZApp', 'Base', 'Contains', 'MemberOf', 'Odd', 'Tag_Zone', 'User']);
  });

  it('keeps node kinds (tags included) for eq:node, every other kind for eq:edge, and the union of several filters', async () => {
    expect(await queries.kinds([type('eq', 'node')])).toEqual(['AZApp', 'Base', 'Tag_Zone', 'User']);
    expect(await queries.kinds([type('eq', 'edge')])).toEqual(['Contains', 'MemberOf', 'Odd']);
    expect(await queries.kinds([type('neq', 'edge')])).toEqual(['AZApp', 'Base', 'Tag_Zone', 'User']);
    expect(await queries.kinds([type('eq', 'edge'), type('neq', 'edge')])).toHaveLength(7);
    expect(await queries.kinds([type('eq', 'other')])).toEqual([]);
    expect(await queries.kinds([type('eq', null)])).toEqual([]);
  });

  it('ends the source kinds with Sourceless', () => {
    expect(queries.sourceKinds()).toEqual([{ id: 1, name: 'Base' }, { id: 2, name: 'AZBase' }, { id: 0, name: 'Sourceless' }]);
  });

  it('filters edge types: traversability filters all hold, schema-name filters are alternatives', () => {
    const all = queries.edgeTypes({ traversable: [], schemaNames: [] });
    expect(all[0]).toEqual({ id: 1, name: 'Owns', description: '', isTraversable: true, schemaName: 'ad', isBuiltin: true });
    const names = (types: { name: string }[]) => types.map((t) => t.name);
    const fixed = queries.edgeTypes({ traversable: [{ op: 'eq', value: false }], schemaNames: [] });
    expect(names(fixed)).toContain('GetChanges');
    expect(fixed.every((t) => !t.isTraversable)).toBe(true);
    expect(queries.edgeTypes({ traversable: [{ op: 'eq', value: true }, { op: 'neq', value: true }], schemaNames: [] })).toEqual([]);
    const azure = queries.edgeTypes({ traversable: [], schemaNames: [{ op: 'eq', value: 'az' }] });
    expect(azure.every((t) => t.schemaName === 'az') && azure.length > 0).toBe(true);
    expect(queries.edgeTypes({ traversable: [], schemaNames: [{ op: '~eq', value: 'Z' }] })).toEqual(azure);
    expect(queries.edgeTypes({ traversable: [], schemaNames: [{ op: 'eq', value: 'ad' }, { op: 'eq', value: 'az' }] })).toEqual(all);
    expect(queries.edgeTypes({ traversable: [], schemaNames: [{ op: 'neq', value: null }] })).toEqual(all);
  });
});
