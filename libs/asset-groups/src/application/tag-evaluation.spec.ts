import { beforeEach, describe, expect, it } from '@jest/globals';
import type { CypherService, GraphNode } from '@app/graph';
import { InMemoryGraphStore, seedGraph, type GraphSpec } from '@app/graph/testing';
import { ApiError, type AppConfig } from '@app/platform';
import { CertificationState } from '../domain/certification.js';
import { AutoCertify, MemberSource, SeedType, type Seed, type Selector } from '../domain/selector.js';
import { OWNED_TAG_ID, TagType, TIER_ZERO_TAG_ID, type Tag } from '../domain/tag.js';
import { MembershipStore, SelectorStore, TagStore, type SelectorMemberRecord } from './ports.js';
import { TagEvaluation } from './tag-evaluation.js';

const NOW = new Date('2026-01-01T00:00:00Z');

function tag(id: number, type: TagType, name: string): Tag {
  return {
    id, type, name, kindId: id, description: '', createdAt: NOW, createdBy: 'SYSTEM', updatedAt: NOW, updatedBy: 'SYSTEM',
    position: null, requireCertify: false, analysisEnabled: null, glyph: null,
  };
}

class FakeTags extends TagStore {
  constructor(readonly tags: Tag[]) {
    super();
  }
  async list() {
    return this.tags;
  }
  async get(id: number) {
    return this.tags.find((t) => t.id === id) ?? null;
  }
}

/** Only what evaluation uses: a tag's selectors and failure records. */
class FakeSelectors extends SelectorStore {
  readonly selectors: Selector[] = [];
  add(tagId: number, seeds: Seed[], fields: Partial<Selector> = {}): Selector {
    const selector: Selector = {
      id: this.selectors.length + 1, tagId, name: `selector ${this.selectors.length + 1}`, description: '',
      autoCertify: AutoCertify.Disabled, isDefault: false, allowDisable: true, disabledAt: null, disabledBy: null,
      createdAt: NOW, createdBy: 'SYSTEM', updatedAt: NOW, updatedBy: 'SYSTEM',
      seeds: seeds.map((seed, i) => ({ ...seed, id: i + 1 })), lastError: null, lastEvaluatedAt: null, ...fields,
    };
    this.selectors.push(selector);
    return selector;
  }
  async ofTag(tagId: number) {
    return this.selectors.filter((s) => s.tagId === tagId);
  }
  async recordFailure(id: number, message: string) {
    this.selectors.find((s) => s.id === id)!.lastError = message;
  }
  list(): never { throw new Error('unused'); }
  get(): never { throw new Error('unused'); }
  create(): never { throw new Error('unused'); }
  update(): never { throw new Error('unused'); }
  delete(): never { throw new Error('unused'); }
}

/** Member rows keyed by selector then node, with the PostgreSQL store's rules (existing rows keep certification). */
class FakeMembership extends MembershipStore {
  readonly rows = new Map<number, Map<string, SelectorMemberRecord>>();
  running = 0;
  constructor(private readonly selectors: FakeSelectors) {
    super();
  }
  async memberNodeIds(tagId: number) {
    const enabled = this.selectors.selectors.filter((s) => s.tagId === tagId && s.disabledAt === null);
    const ids = new Set(enabled.flatMap((s) => [...(this.rows.get(s.id)?.keys() ?? [])]));
    return [...ids].sort((a, b) => Number(a) - Number(b));
  }
  async replaceSelectorMembers(selectorId: number, members: SelectorMemberRecord[]) {
    const previous = this.rows.get(selectorId) ?? new Map();
    this.rows.set(selectorId, new Map(members.map((m) => [m.nodeId, { ...m, certified: previous.get(m.nodeId)?.certified ?? m.certified }])));
    const selector = this.selectors.selectors.find((s) => s.id === selectorId)!;
    selector.lastError = null;
    selector.lastEvaluatedAt = NOW;
  }
  async clearSelectorMembers(selectorIds: number[]) {
    selectorIds.forEach((id) => this.rows.delete(id));
  }
  async exclusively<T>(work: () => Promise<T>) {
    if (this.running > 0) throw new Error('evaluations interleaved');
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
    }
  }
  /** node objectid -> source, for one selector. */
  sources(selectorId: number, nodes: Map<string, GraphNode>) {
    const byId = new Map([...nodes.values()].map((n) => [n.id, n.properties.objectid as string]));
    return Object.fromEntries([...(this.rows.get(selectorId)?.values() ?? [])].map((r) => [byId.get(r.nodeId), r.source]));
  }
}

/** Cypher seeds: `kind:<K>` selects every node of kind K; `fail:<message>` fails as a query refused with 400. */
function fakeCypher(graph: InMemoryGraphStore, all: () => string[]): CypherService {
  return {
    selectNodes: async (text: string) => {
      if (text.startsWith('fail:')) throw ApiError.badRequest(text.slice(5));
      const nodes = await graph.nodesByObjectIds(all());
      return nodes.filter((node) => node.kinds.includes(text.slice(5)));
    },
  } as unknown as CypherService;
}

const GRAPH: GraphSpec = {
  nodes: [
    { objectid: 'DOM', kinds: ['Base', 'Domain'], properties: { name: 'CORP.LOCAL' } },
    { objectid: 'DA', kinds: ['Base', 'Group'], properties: { name: 'DOMAIN ADMINS@CORP.LOCAL', domainsid: 'DOM' } },
    { objectid: 'NESTED', kinds: ['Base', 'Group'], properties: { name: 'NESTED@CORP.LOCAL', domainsid: 'DOM' } },
    { objectid: 'ALICE', kinds: ['Base', 'User'], properties: { name: 'ALICE@CORP.LOCAL', domainsid: 'DOM' } },
    { objectid: 'BOB', kinds: ['Base', 'User'], properties: { name: 'BOB@CORP.LOCAL', domainsid: 'DOM' } },
    { objectid: 'CAROL', kinds: ['Base', 'User'], properties: { name: 'CAROL@CORP.LOCAL', domainsid: 'DOM' } },
    { objectid: 'AZG', kinds: ['AZBase', 'AZGroup'], properties: { name: 'AZ ADMINS', tenantid: 'TEN' } },
    { objectid: 'AZU', kinds: ['AZBase', 'AZUser'], properties: { name: 'AZ USER', tenantid: 'TEN' } },
    { objectid: 'PC', kinds: ['Base', 'Computer'], properties: { name: 'PC.CORP.LOCAL', domainsid: 'DOM' } },
  ],
  edges: [
    { from: 'NESTED', to: 'DA', kind: 'MemberOf' },
    { from: 'ALICE', to: 'NESTED', kind: 'MemberOf' },
    { from: 'BOB', to: 'DA', kind: 'MemberOf' },
    // A cycle, and an edge that is not membership.
    { from: 'DA', to: 'NESTED', kind: 'MemberOf' },
    { from: 'CAROL', to: 'DA', kind: 'GenericAll' },
    { from: 'AZU', to: 'AZG', kind: 'AZMemberOf' },
    { from: 'DA', to: 'PC', kind: 'AdminTo' },
  ],
};

describe('TagEvaluation', () => {
  let graph: InMemoryGraphStore;
  let nodes: Map<string, GraphNode>;
  let selectors: FakeSelectors;
  let membership: FakeMembership;
  let evaluation: TagEvaluation;
  const tiers = tag(TIER_ZERO_TAG_ID, TagType.Tier, 'Tier Zero');
  const owned = tag(OWNED_TAG_ID, TagType.Owned, 'Owned');
  const label = tag(3, TagType.Label, 'Crown Jewels');
  const zone = tag(4, TagType.Tier, 'Tier One');

  const objectIds = (seeds: string[]): Seed[] => seeds.map((value) => ({ type: SeedType.ObjectId, value }));
  const cypher = (value: string): Seed[] => [{ type: SeedType.Cypher, value }];
  /** objectids (sorted) of the nodes carrying `kind`, and of those whose system_tags hold `token`. */
  const carrying = async (kind: string) =>
    (await graph.nodesByObjectIds(GRAPH.nodes.map((n) => n.objectid))).filter((n) => n.kinds.includes(kind)).map((n) => String(n.properties.objectid)).sort();
  const tokened = async (token: string) =>
    (await graph.nodesByObjectIds(GRAPH.nodes.map((n) => n.objectid)))
      .filter((n) => String(n.properties.system_tags ?? '').split(' ').includes(token)).map((n) => String(n.properties.objectid)).sort();

  beforeEach(async () => {
    graph = new InMemoryGraphStore();
    nodes = await seedGraph(graph, GRAPH);
    selectors = new FakeSelectors();
    membership = new FakeMembership(selectors);
    evaluation = new TagEvaluation(
      new FakeTags([tiers, owned, label, zone]), selectors, membership, graph,
      fakeCypher(graph, () => GRAPH.nodes.map((n) => n.objectid)), { graphQueryTimeoutSeconds: 60 } as AppConfig,
    );
  });

  it('tags a label\'s objectid seeds and their transitive group members (AD and Azure) with the tag kind', async () => {
    const selector = selectors.add(label.id, objectIds(['DA', 'AZG', 'NO-SUCH-NODE']));
    const report = await evaluation.evaluateTag(label.id);
    expect(await carrying('Tag_Crown_Jewels')).toEqual(['ALICE', 'AZG', 'AZU', 'BOB', 'DA', 'NESTED']);
    expect(membership.sources(selector.id, nodes)).toEqual({
      DA: MemberSource.Seed, AZG: MemberSource.Seed, NESTED: MemberSource.Child, ALICE: MemberSource.Child,
      BOB: MemberSource.Child, AZU: MemberSource.Child,
    });
    expect(report).toEqual({
      tags: [{ id: label.id, members: 6, added: 6, removed: 0 }],
      selectors: [{ id: selector.id, tagId: label.id, error: null }],
    });
  });

  it('writes each member row with its node details and environment', async () => {
    const selector = selectors.add(label.id, objectIds(['DOM', 'AZU', 'ALICE']));
    await evaluation.evaluateTag(label.id);
    expect([...membership.rows.get(selector.id)!.values()]).toEqual([
      {
        nodeId: nodes.get('DOM')!.id, source: MemberSource.Seed, objectId: 'DOM', name: 'CORP.LOCAL', primaryKind: 'Domain',
        environmentId: 'DOM', environmentKind: 'Domain', certified: CertificationState.Pending,
      },
      {
        nodeId: nodes.get('ALICE')!.id, source: MemberSource.Seed, objectId: 'ALICE', name: 'ALICE@CORP.LOCAL', primaryKind: 'User',
        environmentId: 'DOM', environmentKind: 'Domain', certified: CertificationState.Pending,
      },
      {
        nodeId: nodes.get('AZU')!.id, source: MemberSource.Seed, objectId: 'AZU', name: 'AZ USER', primaryKind: 'AZUser',
        environmentId: 'TEN', environmentKind: 'AZTenant', certified: CertificationState.Pending,
      },
    ].sort((a, b) => Number(a.nodeId) - Number(b.nodeId)));
  });

  it('does not expand the Owned label, and mirrors it in system_tags as owned', async () => {
    selectors.add(owned.id, objectIds(['DA']));
    await evaluation.evaluateTag(owned.id);
    expect(await carrying('Tag_Owned')).toEqual(['DA']);
    expect(await tokened('owned')).toEqual(['DA']);
  });

  it('marks Tier Zero members with admin_tier_0, and only the tag kind on other zones', async () => {
    selectors.add(tiers.id, cypher('kind:Domain'));
    selectors.add(zone.id, objectIds(['PC']));
    await evaluation.evaluateAll();
    expect(await carrying('Tag_Tier_Zero')).toEqual(['DOM']);
    expect(await tokened('admin_tier_0')).toEqual(['DOM']);
    expect(await carrying('Tag_Tier_One')).toEqual(['PC']);
    expect(await tokened('owned')).toEqual([]);
  });

  it('records a failing selector\'s error, keeps its previous members and applies the others', async () => {
    const failing = selectors.add(label.id, cypher('kind:Computer'));
    const working = selectors.add(label.id, objectIds(['CAROL']));
    await evaluation.evaluateTag(label.id);
    failing.seeds = [{ id: 1, type: SeedType.Cypher, value: 'fail:query result exceeds the limit of 5 graph elements; add a LIMIT' }];
    working.seeds = [{ id: 1, type: SeedType.ObjectId, value: 'BOB' }];

    const report = await evaluation.evaluateTag(label.id);
    expect(report.selectors).toEqual([
      { id: failing.id, tagId: label.id, error: 'query result exceeds the limit of 5 graph elements; add a LIMIT' },
      { id: working.id, tagId: label.id, error: null },
    ]);
    expect(failing.lastError).toBe('query result exceeds the limit of 5 graph elements; add a LIMIT');
    expect(await carrying('Tag_Crown_Jewels')).toEqual(['BOB', 'PC']);
    expect(report.tags).toEqual([{ id: label.id, members: 2, added: 1, removed: 1 }]);
  });

  it('clears a selector\'s recorded error once it succeeds again', async () => {
    const selector = selectors.add(label.id, cypher('fail:bad'));
    await evaluation.evaluateTag(label.id);
    expect(selector.lastError).toBe('bad');
    selector.seeds = [{ id: 1, type: SeedType.Cypher, value: 'kind:Computer' }];
    await evaluation.evaluateTag(label.id);
    expect(selector.lastError).toBeNull();
  });

  it('removes members that no longer match: rows and tag kind', async () => {
    const selector = selectors.add(label.id, objectIds(['DA']));
    await evaluation.evaluateTag(label.id);
    await graph.deleteEdges([{ startId: nodes.get('BOB')!.id, endId: nodes.get('DA')!.id, kind: 'MemberOf' }]);
    selector.seeds = [{ id: 1, type: SeedType.ObjectId, value: 'NESTED' }];

    const report = await evaluation.evaluateTag(label.id);
    // NESTED's members: ALICE, and DA through the cycle (DA MemberOf NESTED); BOB left DA.
    expect(await carrying('Tag_Crown_Jewels')).toEqual(['ALICE', 'DA', 'NESTED']);
    expect(membership.sources(selector.id, nodes)).toEqual({ NESTED: MemberSource.Seed, DA: MemberSource.Child, ALICE: MemberSource.Child });
    expect(report.tags).toEqual([{ id: label.id, members: 3, added: 0, removed: 1 }]);
  });

  it('certifies new seeds automatically with auto_certify 1 and every new member with 2', async () => {
    const seedsOnly = selectors.add(zone.id, objectIds(['NESTED']), { autoCertify: AutoCertify.SeedsOnly });
    const allMembers = selectors.add(zone.id, objectIds(['BOB']), { autoCertify: AutoCertify.AllMembers });
    await evaluation.evaluateTag(zone.id);
    const certified = (selectorId: number) =>
      Object.fromEntries([...membership.rows.get(selectorId)!.values()].map((r) => [r.objectId, r.certified]));
    expect(certified(seedsOnly.id)).toEqual({ NESTED: CertificationState.Automatic, ALICE: CertificationState.Pending, DA: CertificationState.Pending, BOB: CertificationState.Pending });
    expect(certified(allMembers.id)).toEqual({ BOB: CertificationState.Automatic });
  });

  it('keeps an existing row\'s certification when the selector is evaluated again', async () => {
    const selector = selectors.add(zone.id, objectIds(['BOB']), { autoCertify: AutoCertify.AllMembers });
    await evaluation.evaluateTag(zone.id);
    membership.rows.get(selector.id)!.get(nodes.get('BOB')!.id)!.certified = CertificationState.Revoked;
    await evaluation.evaluateTag(zone.id);
    expect(membership.rows.get(selector.id)!.get(nodes.get('BOB')!.id)!.certified).toBe(CertificationState.Revoked);
  });

  it('drops a disabled selector\'s members and leaves it out of the report', async () => {
    const disabled = selectors.add(label.id, objectIds(['PC']));
    const enabled = selectors.add(label.id, objectIds(['CAROL']));
    await evaluation.evaluateTag(label.id);
    disabled.disabledAt = NOW;

    const report = await evaluation.evaluateTag(label.id);
    expect(membership.rows.has(disabled.id)).toBe(false);
    expect(await carrying('Tag_Crown_Jewels')).toEqual(['CAROL']);
    expect(report.selectors).toEqual([{ id: enabled.id, tagId: label.id, error: null }]);
  });

  it('answers 404 for an unknown tag before evaluating anything', async () => {
    selectors.add(label.id, objectIds(['PC']));
    await expect(evaluation.evaluateTags([label.id, 99])).rejects.toMatchObject({ status: 404 });
    expect(await carrying('Tag_Crown_Jewels')).toEqual([]);
  });
});
