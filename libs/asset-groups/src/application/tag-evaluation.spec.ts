import { beforeEach, describe, expect, it } from '@jest/globals';
import { KindCatalog, StoreWalks, tagKind, type CypherService, type GraphConfig, type GraphNode } from '@app/graph';
import { InMemoryGraphStore, seedGraph, type GraphSpec } from '@app/graph/testing';
import { ApiError, runWithRequestContext, type Database } from '@app/platform';
import { CertificationState } from '../domain/certification.js';
import { AutoCertify, MemberSource, SeedType, type Seed, type Selector } from '../domain/selector.js';
import { OWNED_TAG_ID, TagType, TIER_ZERO_TAG_ID, type Tag } from '../domain/tag.js';
import { PgMembershipStore } from '../infrastructure/pg-membership.store.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { MembershipStore, SelectorStore, TagStore, type SelectorMemberRecord } from './ports.js';
import { TagCommands, TagWriter, type TagChanges } from './tag-commands.js';
import { TagEvaluation } from './tag-evaluation.js';
import { TagHistory } from './tag-history.js';
import { ExpansionMethod } from '../domain/expansion.js';
import { TagHistoryAction, type TagHistoryEntry } from '../domain/tag-history.js';

const NOW = new Date('2026-01-01T00:00:00Z');

function tag(id: number, type: TagType, name: string): Tag {
  return {
    id, type, name, kindId: id, description: '', createdAt: NOW, createdBy: 'SYSTEM', updatedAt: NOW, updatedBy: 'SYSTEM',
    position: null, requireCertify: false, analysisEnabled: null, glyph: null,
  };
}

/** Lets the current callbacks and timers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A point a caller stops at until the test opens it: `reached` settles when one arrives. */
class Gate {
  private arrive!: () => void;
  private open!: () => void;
  readonly reached = new Promise<void>((resolve) => {
    this.arrive = resolve;
  });
  private readonly opened = new Promise<void>((resolve) => {
    this.open = resolve;
  });
  async pass(): Promise<void> {
    this.arrive();
    await this.opened;
  }
  release(): void {
    this.open();
  }
}

class FakeTags extends TagStore {
  constructor(readonly tags: Tag[]) {
    super();
  }
  async list() {
    return [...this.tags];
  }
  async get(id: number) {
    return this.tags.find((t) => t.id === id) ?? null;
  }
}

/** Tag writes on the fake store; a rename gets a fresh kind id. */
class FakeTagWriter extends TagWriter {
  constructor(private readonly store: FakeTags) {
    super();
  }
  exclusively<T>(work: () => Promise<T>) {
    return work();
  }
  async update(id: number, changes: TagChanges, actor: string) {
    const index = this.store.tags.findIndex((t) => t.id === id);
    this.store.tags[index] = { ...this.store.tags[index], ...changes, updatedBy: actor };
    return this.store.tags[index];
  }
  async delete(id: number) {
    this.store.tags.splice(this.store.tags.findIndex((t) => t.id === id), 1);
  }
  create(): never { throw new Error('unused'); }
}

/** The history rows the commands record. */
class FakeHistory extends TagHistory {
  readonly entries: TagHistoryEntry[] = [];
  async record(entries: readonly TagHistoryEntry[]) {
    this.entries.push(...entries);
  }
  list(): never { throw new Error('unused'); }
}

class FakeKinds extends KindCatalog {
  private readonly ids = new Map<string, number>();
  async kindId(name: string) {
    if (!this.ids.has(name)) this.ids.set(name, 100 + this.ids.size);
    return this.ids.get(name)!;
  }
  async names() {
    return [...this.ids.keys()];
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

/**
 * Member rows keyed by selector then node, with the PostgreSQL store's rules (existing rows keep certification; text
 * with a NUL character is refused). `exclusively` queues its holders and fails if two ever overlap.
 */
class FakeMembership extends MembershipStore {
  readonly rows = new Map<number, Map<string, SelectorMemberRecord>>();
  /** Selectors whose member write fails (a lost connection, say). */
  readonly refused = new Set<number>();
  readonly digests = new Map<number, string | undefined>();
  /** Evaluations that found their rows unchanged and wrote nothing. */
  kept = 0;
  running = 0;
  private tail: Promise<void> = Promise.resolve();
  constructor(private readonly selectors: FakeSelectors) {
    super();
  }
  async memberNodeIds(tagId: number) {
    const enabled = this.selectors.selectors.filter((s) => s.tagId === tagId && s.disabledAt === null);
    const ids = new Set(enabled.flatMap((s) => [...(this.rows.get(s.id)?.keys() ?? [])]));
    return [...ids].sort((a, b) => Number(a) - Number(b));
  }
  async replaceSelectorMembers(selectorId: number, members: SelectorMemberRecord[], digest?: string) {
    if (this.refused.has(selectorId)) throw new Error('Connection terminated unexpectedly');
    this.digests.set(selectorId, digest);
    if (members.some((m) => Object.values(m).some((v) => typeof v === 'string' && v.includes('\u0000')))) {
      throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
    }
    const previous = this.rows.get(selectorId) ?? new Map();
    this.rows.set(selectorId, new Map(members.map((m) => [m.nodeId, { ...m, certified: previous.get(m.nodeId)?.certified ?? m.certified }])));
    const selector = this.selectors.selectors.find((s) => s.id === selectorId)!;
    selector.lastError = null;
    selector.lastEvaluatedAt = NOW;
  }
  async keepSelectorMembers(selectorId: number, digest: string, count: number) {
    if (this.digests.get(selectorId) !== digest || (this.rows.get(selectorId)?.size ?? 0) !== count) return false;
    this.kept++;
    const selector = this.selectors.selectors.find((s) => s.id === selectorId)!;
    selector.lastError = null;
    selector.lastEvaluatedAt = NOW;
    return true;
  }
  readonly kindDigests = new Map<number, string | null>();
  async kindApplied(tagId: number, digest: string) {
    return this.kindDigests.get(tagId) === digest;
  }
  async recordKindApplied(tagId: number, digest: string | null) {
    this.kindDigests.set(tagId, digest);
  }
  async clearSelectorMembers(selectorIds: number[]) {
    selectorIds.forEach((id) => this.rows.delete(id));
  }
  async exclusively<T>(work: () => Promise<T>) {
    const ahead = this.tail;
    let leave!: () => void;
    this.tail = new Promise((resolve) => {
      leave = resolve;
    });
    await ahead;
    if (this.running > 0) throw new Error('holders interleaved');
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      leave();
    }
  }
  /** node objectid -> source, for one selector. */
  sources(selectorId: number, nodes: Map<string, GraphNode>) {
    const byId = new Map([...nodes.values()].map((n) => [n.id, n.properties.objectid as string]));
    return Object.fromEntries([...(this.rows.get(selectorId)?.values() ?? [])].map((r) => [byId.get(r.nodeId), r.source]));
  }
}

/**
 * Cypher seeds: `kind:<K>` selects every node of kind K; `wait:<K>` does too once the gate opens; `fail:<message>`
 * fails as a query refused with 400.
 */
function fakeCypher(graph: InMemoryGraphStore, all: () => string[], gate: () => Gate): CypherService {
  return {
    selectNodes: async (text: string) => {
      if (text.startsWith('fail:')) throw ApiError.badRequest(text.slice(5));
      if (text.startsWith('wait:')) await gate().pass();
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
    // CAROL's OU, with a GPO linked: parents of hers in a zone.
    { objectid: 'OU_PEOPLE', kinds: ['Base', 'OU'], properties: { name: 'PEOPLE@CORP.LOCAL', domainsid: 'DOM' } },
    { objectid: 'GPO_PEOPLE', kinds: ['Base', 'GPO'], properties: { name: 'PEOPLE POLICY@CORP.LOCAL', domainsid: 'DOM' } },
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
    { from: 'OU_PEOPLE', to: 'CAROL', kind: 'Contains' },
    { from: 'GPO_PEOPLE', to: 'OU_PEOPLE', kind: 'GPLink' },
  ],
};

describe('TagEvaluation', () => {
  let graph: InMemoryGraphStore;
  let nodes: Map<string, GraphNode>;
  let selectors: FakeSelectors;
  let membership: FakeMembership;
  let tags: FakeTags;
  let gate: Gate;
  let kinds: FakeKinds;
  let evaluation: TagEvaluation;
  let commands: TagCommands;
  let history: FakeHistory;
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
    tags = new FakeTags([tiers, owned, label, zone]);
    gate = new Gate();
    kinds = new FakeKinds();
    evaluation = new TagEvaluation(
      tags, selectors, membership, graph,
      fakeCypher(graph, () => GRAPH.nodes.map((n) => n.objectid), () => gate), { graphQueryTimeoutSeconds: 60 } as GraphConfig,
      kinds, new StoreWalks(graph),
    );
    history = new FakeHistory();
    commands = new TagCommands(tags, new FakeTagWriter(tags), kinds, graph, membership, history);
  });

  it('tags a label\'s objectid seeds and their transitive group members (AD and Azure) with the tag kind', async () => {
    const selector = selectors.add(label.id, objectIds(['DA', 'AZG', 'NO-SUCH-NODE']));
    const report = await evaluation.evaluateTags([label.id]);
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
    await evaluation.evaluateTags([label.id]);
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
    await evaluation.evaluateTags([owned.id]);
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

  it('adds the OUs and GPOs above a zone\'s members as parents, and none to a label\'s', async () => {
    const inZone = selectors.add(zone.id, objectIds(['CAROL']));
    const inLabel = selectors.add(label.id, objectIds(['CAROL']));
    await evaluation.evaluateAll();
    expect(await carrying('Tag_Tier_One')).toEqual(['CAROL', 'GPO_PEOPLE', 'OU_PEOPLE']);
    expect(membership.sources(inZone.id, nodes)).toEqual({
      CAROL: MemberSource.Seed, OU_PEOPLE: MemberSource.Parent, GPO_PEOPLE: MemberSource.Parent,
    });
    expect(membership.sources(inLabel.id, nodes)).toEqual({ CAROL: MemberSource.Seed });
  });

  it('records a failing selector\'s error, keeps its previous members and applies the others', async () => {
    const failing = selectors.add(label.id, cypher('kind:Computer'));
    const working = selectors.add(label.id, objectIds(['CAROL']));
    await evaluation.evaluateTags([label.id]);
    failing.seeds = [{ id: 1, type: SeedType.Cypher, value: 'fail:query result exceeds the limit of 5 graph elements; add a LIMIT' }];
    working.seeds = [{ id: 1, type: SeedType.ObjectId, value: 'BOB' }];

    const report = await evaluation.evaluateTags([label.id]);
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
    await evaluation.evaluateTags([label.id]);
    expect(selector.lastError).toBe('bad');
    selector.seeds = [{ id: 1, type: SeedType.Cypher, value: 'kind:Computer' }];
    await evaluation.evaluateTags([label.id]);
    expect(selector.lastError).toBeNull();
  });

  it('removes members that no longer match: rows and tag kind', async () => {
    const selector = selectors.add(label.id, objectIds(['DA']));
    await evaluation.evaluateTags([label.id]);
    await graph.deleteEdges([{ startId: nodes.get('BOB')!.id, endId: nodes.get('DA')!.id, kind: 'MemberOf' }]);
    selector.seeds = [{ id: 1, type: SeedType.ObjectId, value: 'NESTED' }];

    const report = await evaluation.evaluateTags([label.id]);
    // NESTED's members: ALICE, and DA through the cycle (DA MemberOf NESTED); BOB left DA.
    expect(await carrying('Tag_Crown_Jewels')).toEqual(['ALICE', 'DA', 'NESTED']);
    expect(membership.sources(selector.id, nodes)).toEqual({ NESTED: MemberSource.Seed, DA: MemberSource.Child, ALICE: MemberSource.Child });
    expect(report.tags).toEqual([{ id: label.id, members: 3, added: 0, removed: 1 }]);
  });

  it('writes nothing when nothing changed, and rewrites the rows and kind once a member\'s details or membership change', async () => {
    const selector = selectors.add(label.id, objectIds(['DA']));
    await evaluation.evaluateTags([label.id]);
    const replaced: string[][] = [];
    const replace = graph.replaceKindMembers.bind(graph);
    graph.replaceKindMembers = async (kind, ids, token) => {
      replaced.push(ids);
      return replace(kind, ids, token);
    };

    expect(await evaluation.evaluateTags([label.id])).toEqual({
      tags: [{ id: label.id, members: 4, added: 0, removed: 0 }], selectors: [{ id: selector.id, tagId: label.id, error: null }],
    });
    expect(membership.kept).toBe(1);
    expect(replaced).toEqual([]);

    await graph.upsertNodes([{ objectid: 'BOB', kinds: [], properties: { name: 'ROBERT@CORP.LOCAL', title: 'not in a row' } }]);
    await evaluation.evaluateTags([label.id]);
    expect(membership.kept).toBe(1);
    expect(membership.rows.get(selector.id)!.get(nodes.get('BOB')!.id)!.name).toBe('ROBERT@CORP.LOCAL');
    expect(replaced).toEqual([]);

    await graph.upsertNodes([{ objectid: 'BOB', kinds: [], properties: { title: 'still not in a row' } }]);
    await evaluation.evaluateTags([label.id]);
    expect(membership.kept).toBe(2);

    await graph.deleteEdges([{ startId: nodes.get('BOB')!.id, endId: nodes.get('DA')!.id, kind: 'MemberOf' }]);
    const report = await evaluation.evaluateTags([label.id]);
    expect(report.tags).toEqual([{ id: label.id, members: 3, added: 0, removed: 1 }]);
    expect(replaced).toHaveLength(1);
    expect(await carrying('Tag_Crown_Jewels')).toEqual(['ALICE', 'DA', 'NESTED']);
  });

  it('applies the kind in full on the evaluation after a rename', async () => {
    selectors.add(label.id, objectIds(['DA']));
    await evaluation.evaluateTags([label.id]);
    expect(membership.kindDigests.get(label.id)).toEqual(expect.any(String));
    await commands.update(label.id, { name: 'Renamed Jewels' }, 'admin');
    expect(membership.kindDigests.get(label.id)).toBeNull();
  });

  it('certifies new seeds automatically with auto_certify 1 and every new member with 2', async () => {
    const seedsOnly = selectors.add(zone.id, objectIds(['NESTED']), { autoCertify: AutoCertify.SeedsOnly });
    const allMembers = selectors.add(zone.id, objectIds(['BOB']), { autoCertify: AutoCertify.AllMembers });
    await evaluation.evaluateTags([zone.id]);
    const certified = (selectorId: number) =>
      Object.fromEntries([...membership.rows.get(selectorId)!.values()].map((r) => [r.objectId, r.certified]));
    expect(certified(seedsOnly.id)).toEqual({ NESTED: CertificationState.Automatic, ALICE: CertificationState.Pending, DA: CertificationState.Pending, BOB: CertificationState.Pending });
    expect(certified(allMembers.id)).toEqual({ BOB: CertificationState.Automatic });
  });

  it('keeps an existing row\'s certification when the selector is evaluated again', async () => {
    const selector = selectors.add(zone.id, objectIds(['BOB']), { autoCertify: AutoCertify.AllMembers });
    await evaluation.evaluateTags([zone.id]);
    membership.rows.get(selector.id)!.get(nodes.get('BOB')!.id)!.certified = CertificationState.Revoked;
    await evaluation.evaluateTags([zone.id]);
    expect(membership.rows.get(selector.id)!.get(nodes.get('BOB')!.id)!.certified).toBe(CertificationState.Revoked);
  });

  it('drops a disabled selector\'s members and leaves it out of the report', async () => {
    const disabled = selectors.add(label.id, objectIds(['PC']));
    const enabled = selectors.add(label.id, objectIds(['CAROL']));
    await evaluation.evaluateTags([label.id]);
    disabled.disabledAt = NOW;

    const report = await evaluation.evaluateTags([label.id]);
    expect(membership.rows.has(disabled.id)).toBe(false);
    expect(await carrying('Tag_Crown_Jewels')).toEqual(['CAROL']);
    expect(report.selectors).toEqual([{ id: enabled.id, tagId: label.id, error: null }]);
  });

  it('registers the kind of every tag it evaluates in the kind catalogue', async () => {
    expect(kinds.find('Tag_Crown_Jewels')).toBeUndefined();
    await evaluation.evaluateAll();
    expect(kinds.find('Tag_Crown_Jewels')).toEqual(tagKind('Tag_Crown_Jewels'));
    expect(kinds.find('Tag_Tier_Zero')).toEqual(tagKind('Tag_Tier_Zero'));
  });

  it('registers the new kind of a renamed tag in the kind catalogue', async () => {
    await commands.update(label.id, { name: 'Family Silver' }, 'user');
    expect(kinds.find('Tag_Family_Silver')).toEqual(tagKind('Tag_Family_Silver'));
  });

  it('answers 404 for an unknown tag before evaluating anything', async () => {
    selectors.add(label.id, objectIds(['PC']));
    await expect(evaluation.evaluateTags([label.id, 99])).rejects.toMatchObject({ status: 404 });
    expect(await carrying('Tag_Crown_Jewels')).toEqual([]);
  });

  it('looks the tags up once it holds the lock: 404 for a tag deleted while it waited, before evaluating anything', async () => {
    selectors.add(owned.id, cypher('wait:Domain'));
    selectors.add(zone.id, objectIds(['PC']));
    const running = evaluation.evaluateTags([owned.id]);
    await gate.reached;
    const waiting = evaluation.evaluateTags([zone.id, label.id]);
    await settle();
    tags.tags.splice(2, 1);
    gate.release();
    await running;
    await expect(waiting).rejects.toMatchObject({ status: 404 });
    expect(await carrying('Tag_Tier_One')).toEqual([]);
  });

  describe('with a tag renamed or deleted while its selectors run', () => {
    beforeEach(async () => {
      selectors.add(label.id, objectIds(['CAROL']));
      await evaluation.evaluateTags([label.id]);
      selectors.add(label.id, cypher('wait:Computer'));
    });

    it('a rename waits for the evaluation, and the members carry only the new kind', async () => {
      const evaluating = evaluation.evaluateTags([label.id]);
      await gate.reached;
      let renamed = false;
      const renaming = commands.update(label.id, { name: 'Family Silver' }, 'user').then(() => (renamed = true));
      await settle();
      expect(renamed).toBe(false);
      expect((await tags.get(label.id))!.name).toBe('Crown Jewels');

      gate.release();
      expect((await evaluating).tags).toEqual([{ id: label.id, members: 2, added: 1, removed: 0 }]);
      await renaming;
      expect(await carrying('Tag_Crown_Jewels')).toEqual([]);
      expect(await carrying('Tag_Family_Silver')).toEqual(['CAROL', 'PC']);
    });

    it('a delete waits for the evaluation, and no member keeps the kind', async () => {
      const evaluating = evaluation.evaluateTags([label.id]);
      await gate.reached;
      const deleting = commands.delete(label.id, 'SYSTEM');
      await settle();
      expect(await tags.get(label.id)).not.toBeNull();

      gate.release();
      await evaluating;
      await deleting;
      expect(await tags.get(label.id)).toBeNull();
      expect(await carrying('Tag_Crown_Jewels')).toEqual([]);
    });

    it('an evaluation writes the kind under the name the tag has once its selectors ran', async () => {
      const evaluating = evaluation.evaluateAll();
      await gate.reached;
      tags.tags[2] = { ...label, name: 'Family Silver' };
      gate.release();
      await evaluating;
      expect(await carrying('Tag_Crown_Jewels')).toEqual(['CAROL']);
      expect(await carrying('Tag_Family_Silver')).toEqual(['CAROL', 'PC']);
    });

    it('an evaluation leaves out a tag deleted while its selectors ran and does not put its kind back', async () => {
      selectors.add(zone.id, objectIds(['BOB']));
      const evaluating = evaluation.evaluateTags([label.id, zone.id]);
      await gate.reached;
      await graph.replaceKindMembers('Tag_Crown_Jewels', []);
      tags.tags.splice(2, 1);
      gate.release();

      const report = await evaluating;
      expect(report.tags).toEqual([{ id: zone.id, members: 1, added: 1, removed: 0 }]);
      expect(report.selectors.map((s) => s.tagId)).toEqual([zone.id]);
      expect(await carrying('Tag_Crown_Jewels')).toEqual([]);
      expect(await carrying('Tag_Tier_One')).toEqual(['BOB']);
    });
  });

  describe('when a member write fails', () => {
    it('records the failure, keeps the selector\'s previous members and goes on with the other selectors and tags', async () => {
      const failing = selectors.add(label.id, objectIds(['PC']));
      const working = selectors.add(label.id, objectIds(['CAROL']));
      const other = selectors.add(zone.id, objectIds(['BOB']));
      await evaluation.evaluateTags([label.id]);
      membership.refused.add(failing.id);
      failing.seeds = [{ id: 1, type: SeedType.ObjectId, value: 'DOM' }];

      const report = await evaluation.evaluateTags([label.id, zone.id]);
      expect(report).toEqual({
        tags: [{ id: label.id, members: 2, added: 0, removed: 0 }, { id: zone.id, members: 1, added: 1, removed: 0 }],
        selectors: [
          { id: failing.id, tagId: label.id, error: AssetGroupsErrors.evaluationInternal },
          { id: working.id, tagId: label.id, error: null },
          { id: other.id, tagId: zone.id, error: null },
        ],
      });
      expect(failing.lastError).toBe(AssetGroupsErrors.evaluationInternal);
      expect(await carrying('Tag_Crown_Jewels')).toEqual(['CAROL', 'PC']);
      expect(await carrying('Tag_Tier_One')).toEqual(['BOB']);
    });

    it('fails the evaluation once its deadline has passed', async () => {
      const failing = selectors.add(label.id, objectIds(['PC']));
      membership.refused.add(failing.id);
      const deadline = Date.now() - 1;
      await expect(runWithRequestContext({ requestId: 'r', deadline }, () => evaluation.evaluateTags([label.id])))
        .rejects.toThrow('Connection terminated unexpectedly');
      expect(failing.lastError).toBeNull();
    });

    it('fails only once the selectors running beside the failed one are over, so nothing is written after it', async () => {
      const slow = selectors.add(label.id, cypher('wait:Group'));
      const failing = selectors.add(label.id, objectIds(['PC']));
      membership.refused.add(failing.id);
      let settled = false;
      const evaluating = runWithRequestContext({ requestId: 'r', deadline: Date.now() - 1 }, () => evaluation.evaluateTags([label.id]))
        .finally(() => {
          settled = true;
        });
      await gate.reached;
      await settle();
      expect(settled).toBe(false);
      gate.release();
      await expect(evaluating).rejects.toThrow('Connection terminated unexpectedly');
      expect(membership.rows.get(slow.id)?.size).toBeGreaterThan(0);
    });
  });

  it('writes node details without the NUL characters PostgreSQL text refuses', async () => {
    await graph.upsertNodes([{
      objectid: 'S-1-5-21-9-1000\u0000', kinds: ['Base', 'User'],
      properties: { objectid: 'S-1-5-21-9-1000\u0000', name: 'EVE\u0000@CORP.LOCAL', domainsid: 'S-1-5-21-9\u0000' },
    }]);
    const selector = selectors.add(label.id, objectIds(['S-1-5-21-9-1000\u0000']));
    const report = await evaluation.evaluateTags([label.id]);
    expect(report.selectors).toEqual([{ id: selector.id, tagId: label.id, error: null }]);
    expect([...membership.rows.get(selector.id)!.values()]).toMatchObject([
      { objectId: 'S-1-5-21-9-1000', name: 'EVE@CORP.LOCAL', primaryKind: 'User', environmentId: 'S-1-5-21-9', environmentKind: 'Domain' },
    ]);
  });

  describe('preview', () => {
    /** [objectid, source] of a preview, in answer order by source, by objectid within a source. */
    const previewed = async (seeds: Seed[], method: ExpansionMethod, limit = 200) => {
      const members = (await evaluation.preview(seeds, method, limit)).map((m) => [m.objectId, m.source] as const);
      expect(members.map(([, source]) => source)).toEqual(members.map(([, source]) => source).sort());
      return [...members].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
    };

    it('selects the seeds and their transitive members with children expansion, writing nothing', async () => {
      expect(await previewed(objectIds(['DA']), ExpansionMethod.Children)).toEqual([
        ['DA', MemberSource.Seed], ['ALICE', MemberSource.Child], ['BOB', MemberSource.Child], ['NESTED', MemberSource.Child],
      ]);
      expect(membership.rows.size).toBe(0);
      expect(await carrying('Tag_Crown_Jewels')).toEqual([]);
    });

    it('adds the OUs and GPOs above with expansion all, and only them with parents', async () => {
      expect(await previewed(objectIds(['CAROL']), ExpansionMethod.All)).toEqual([
        ['CAROL', MemberSource.Seed], ['GPO_PEOPLE', MemberSource.Parent], ['OU_PEOPLE', MemberSource.Parent],
      ]);
      expect(await previewed(objectIds(['DA', 'CAROL']), ExpansionMethod.Parents)).toEqual([
        ['CAROL', MemberSource.Seed], ['DA', MemberSource.Seed], ['GPO_PEOPLE', MemberSource.Parent], ['OU_PEOPLE', MemberSource.Parent],
      ]);
    });

    it('keeps to the seeds without expansion, resolving Cypher seeds as evaluation does', async () => {
      expect(await previewed(objectIds(['DA', 'NO-SUCH-NODE']), ExpansionMethod.None)).toEqual([['DA', MemberSource.Seed]]);
      expect(await previewed(cypher('kind:AZUser'), ExpansionMethod.None)).toEqual([['AZU', MemberSource.Seed]]);
    });

    it('answers at most `limit` nodes, seeds first, then the nearest children', async () => {
      expect(await previewed(objectIds(['DA', 'AZG']), ExpansionMethod.Children, 4)).toEqual([
        ['AZG', MemberSource.Seed], ['DA', MemberSource.Seed], ['AZU', MemberSource.Child], ['BOB', MemberSource.Child],
      ]);
    });

    it('answers each node with the details a member record holds', async () => {
      expect(await evaluation.preview(objectIds(['AZU']), ExpansionMethod.None, 10)).toEqual([{
        nodeId: nodes.get('AZU')!.id, objectId: 'AZU', environmentId: 'TEN', primaryKind: 'AZUser', name: 'AZ USER',
        source: MemberSource.Seed,
      }]);
    });
  });

  describe('history', () => {
    it('records a change, and analysis turned on as a row of its own', async () => {
      await commands.update(zone.id, { description: 'second line', analysisEnabled: true }, 'user-1');
      expect(history.entries).toEqual([
        { action: TagHistoryAction.UpdateTag, target: 'Tier One', tagId: zone.id, actor: 'user-1' },
        { action: TagHistoryAction.AnalysisEnabledTag, target: 'Tier One', tagId: zone.id, actor: 'user-1' },
      ]);
    });

    it('records nothing for a change that changes nothing', async () => {
      await commands.update(label.id, { description: '' }, 'user-1');
      expect(history.entries).toEqual([]);
    });

    it('records a delete under the name the tag had', async () => {
      await commands.delete(label.id, 'user-2');
      expect(history.entries).toEqual([{ action: TagHistoryAction.DeleteTag, target: 'Crown Jewels', tagId: label.id, actor: 'user-2' }]);
    });
  });
});

describe('PgMembershipStore.exclusively', () => {
  let checkedOut: number;
  let mostCheckedOut: number;
  let store: PgMembershipStore;

  beforeEach(() => {
    checkedOut = 0;
    mostCheckedOut = 0;
    // One instance: the PostgreSQL lock is granted at once, so only the in-process queue orders the callers.
    const runner = () => ({
      connect: async () => {
        checkedOut++;
        mostCheckedOut = Math.max(mostCheckedOut, checkedOut);
      },
      startTransaction: async () => undefined,
      // The lock's set-up statement answers the backend's pid (to cancel a wait when the service stops).
      query: async () => [{ pid: 1 }],
      rollbackTransaction: async () => undefined,
      release: async () => {
        checkedOut--;
      },
    });
    store = new PgMembershipStore({ dataSource: { createQueryRunner: runner } } as unknown as Database);
  });

  it('runs callers one at a time in arrival order, with one connection checked out however many wait', async () => {
    const first = new Gate();
    const order: number[] = [];
    const holders = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => store.exclusively(async () => {
      order.push(i);
      if (i === 0) await first.pass();
      return i;
    }));
    await first.reached;
    await settle();
    expect(order).toEqual([0]);
    expect(checkedOut).toBe(1);

    first.release();
    expect(await Promise.all(holders)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(mostCheckedOut).toBe(1);
    expect(checkedOut).toBe(0);
  });

  it('answers 504 to a caller whose deadline passes while queued, without a connection, and keeps the order', async () => {
    const first = new Gate();
    const order: string[] = [];
    const holding = store.exclusively(async () => {
      order.push('first');
      await first.pass();
    });
    await first.reached;
    const late = runWithRequestContext({ requestId: 'r', deadline: Date.now() + 20 }, () =>
      store.exclusively(async () => order.push('late')));
    const next = store.exclusively(async () => order.push('next'));

    await expect(late).rejects.toMatchObject({ status: 504, messages: ['request timed out'] });
    await settle();
    expect(order).toEqual(['first']);
    expect(mostCheckedOut).toBe(1);

    first.release();
    await holding;
    await next;
    expect(order).toEqual(['first', 'next']);
  });

  it('lets the next caller in after a holder fails', async () => {
    await expect(store.exclusively(async () => {
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(await store.exclusively(async () => 'ran')).toBe('ran');
    expect(checkedOut).toBe(0);
  });
});
