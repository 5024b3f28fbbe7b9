import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  CypherService, displayName, GraphConfig, GraphStore, GraphWalks, KindCatalog, primaryDisplayKind, SYSTEM_TAG_OWNED, SYSTEM_TAG_TIER_ZERO,
  tagKind, textProperty, type GraphNode, type HopReader,
} from '@app/graph';
import { ApiError, remainingMs, runWithDeadlineCap } from '@app/platform';
import { CertificationState } from '../domain/certification.js';
import {
  CHILD_EDGE_KINDS, expandChildren, expandParents, ExpansionMethod, expandsChildren, expandsParents, expansionOf,
  ExpansionTooLarge, type ParentReader, type SelectedId, type SelectedNode,
} from '../domain/expansion.js';
import {
  AutoCertify, certifiesAutomatically, MemberSource, SeedType, type Seed, type Selector,
} from '../domain/selector.js';
import { OWNED_TAG_ID, tagKindName, TIER_ZERO_TAG_ID, type Tag } from '../domain/tag.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { MembershipStore, SelectorStore, TagStore, type SelectorMemberRecord } from './ports.js';

/** What one tag's evaluation changed: its member count and the nodes that gained or lost its kind. */
export interface TagOutcome {
  id: number;
  members: number;
  added: number;
  removed: number;
}

/** One enabled selector's evaluation: null error on success. */
export interface SelectorOutcome {
  id: number;
  tagId: number;
  error: string | null;
}

export interface EvaluationReport {
  tags: TagOutcome[];
  selectors: SelectorOutcome[];
}

/** The legacy `system_tags` token mirrored for a seeded tag (graph-reference §7). */
function systemTagOf(tag: Tag): string | undefined {
  if (tag.id === TIER_ZERO_TAG_ID) return SYSTEM_TAG_TIER_ZERO;
  if (tag.id === OWNED_TAG_ID) return SYSTEM_TAG_OWNED;
  return undefined;
}

/** Selectors of one tag evaluated at once: each holds at most one pooled connection at a time. */
const SELECTOR_CONCURRENCY = 3;

/** The node properties a member record reads (with the node's kinds): displayName, primaryDisplayKind, environmentOf. */
const MEMBER_RECORD_PROPERTIES = ['objectid', 'name', 'displayname', 'primarykind', 'domainsid', 'tenantid'];

/** A node a preview selects: what a member record would hold, and why it was selected. */
export interface PreviewMember {
  nodeId: string;
  objectId: string;
  environmentId: string;
  primaryKind: string;
  name: string;
  source: MemberSource;
}

/** The node's domain or tenant (member lists filter on it). */
function environmentOf(node: GraphNode): Pick<SelectorMemberRecord, 'environmentId' | 'environmentKind'> {
  const domain = textProperty(node.properties, 'domainsid') ?? (node.kinds.includes('Domain') ? textProperty(node.properties, 'objectid') : undefined);
  if (domain) return { environmentId: domain, environmentKind: 'Domain' };
  const tenant = textProperty(node.properties, 'tenantid') ?? (node.kinds.includes('AZTenant') ? textProperty(node.properties, 'objectid') : undefined);
  if (tenant) return { environmentId: tenant, environmentKind: 'AZTenant' };
  return { environmentId: '', environmentKind: '' };
}

/** The text as PostgreSQL can store it: graph properties may hold NUL characters, which text columns refuse. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '');
}

/** The member row of a selected node. */
function memberRecord(autoCertify: AutoCertify, { node, source }: SelectedNode): SelectorMemberRecord {
  const { environmentId, environmentKind } = environmentOf(node);
  return {
    nodeId: node.id,
    source,
    objectId: storable(textProperty(node.properties, 'objectid') ?? ''),
    name: storable(displayName(node) ?? ''),
    primaryKind: storable(primaryDisplayKind(node)),
    environmentId: storable(environmentId),
    environmentKind,
    certified: certifiesAutomatically(autoCertify, source) ? CertificationState.Automatic : CertificationState.Pending,
  };
}

/**
 * Evaluates tag selectors against the graph and materialises membership (what analysis runs after every ingest,
 * and POST /api/v2/asset-group-tags/evaluation): each enabled selector's seeds are resolved under the graph
 * deadline ceiling and the result cap, expanded by the tag's type, and written as its member rows; a failing
 * selector records its error and keeps its previous rows, and the others go on. Then every member of the tag, and
 * no other node, carries the tag's kind (Tier Zero and Owned also their legacy `system_tags` token).
 *
 * Evaluations never interleave with each other or with tag renames and deletes (MembershipStore.exclusively), so a
 * tag's kind is always written under its current name. Must not be called inside a unit of work: each selector runs
 * in units of its own, so one selector's failure cannot abort another's writes.
 */
@Injectable()
export class TagEvaluation {
  private readonly logger = new Logger(TagEvaluation.name);

  constructor(
    private readonly tags: TagStore,
    private readonly selectors: SelectorStore,
    private readonly membership: MembershipStore,
    private readonly graph: GraphStore,
    private readonly cypher: CypherService,
    private readonly config: GraphConfig,
    private readonly kinds: KindCatalog,
    private readonly walks: GraphWalks,
  ) {}

  /** Every tag, in id order. */
  evaluateAll(): Promise<EvaluationReport> {
    return this.membership.exclusively(async () => this.evaluateEach(await this.tags.list()));
  }

  /**
   * What seeds would select, expanded by `method`, without writing anything: at most `limit` nodes (seeds first,
   * then children, then parents), resolved and walked as evaluation does, under the same deadline ceiling.
   */
  preview(seeds: readonly Seed[], method: ExpansionMethod, limit: number): Promise<PreviewMember[]> {
    return runWithDeadlineCap(this.config.graphQueryTimeoutSeconds * 1000, async () => {
      try {
        const { seeds: resolved, selected } = await this.select(seeds, method);
        // Seeds come first in `selected`, so the first `limit` of it are what the page shows.
        const members = await this.load(resolved.slice(0, limit), selected.slice(0, limit));
        // By source (the look-up answers nodes in its own order): seeds, then children, then parents.
        const ordered = members.slice(0, limit).sort((a, b) => a.source - b.source);
        return ordered.map((member) => {
          const record = memberRecord(AutoCertify.Disabled, member);
          return {
            nodeId: record.nodeId, objectId: record.objectId, environmentId: record.environmentId,
            primaryKind: record.primaryKind, name: record.name, source: member.source,
          };
        });
      } catch (error) {
        if (error instanceof ExpansionTooLarge) throw ApiError.badRequest(error.message);
        throw error;
      }
    });
  }

  /** Only these tags, in the order given (404 for an unknown id, before anything is evaluated). */
  evaluateTags(ids: readonly number[]): Promise<EvaluationReport> {
    return this.membership.exclusively(async () => {
      // Read under the lock: a tag renamed or deleted while this call waited is seen as it is now.
      const byId = new Map((await this.tags.list()).map((tag) => [tag.id, tag]));
      const tags: Tag[] = [];
      for (const id of new Set(ids)) {
        const tag = byId.get(id);
        if (!tag) throw ApiError.notFound();
        tags.push(tag);
      }
      return this.evaluateEach(tags);
    });
  }

  private async evaluateEach(tags: readonly Tag[]): Promise<EvaluationReport> {
    const report: EvaluationReport = { tags: [], selectors: [] };
    for (const tag of tags) {
      const outcome = await this.evaluate(tag);
      if (!outcome) continue;
      report.tags.push(outcome.tag);
      report.selectors.push(...outcome.selectors);
    }
    return report;
  }

  /** The tag's outcome; null when the tag was deleted while it was evaluated (its kind is not put back). */
  private async evaluate(tag: Tag): Promise<{ tag: TagOutcome; selectors: SelectorOutcome[] } | null> {
    const selectors = await this.selectors.ofTag(tag.id);
    await this.membership.clearSelectorMembers(selectors.filter((s) => s.disabledAt !== null).map((s) => s.id));
    // Selectors are independent (each writes its own rows in units of its own): a few at a time, so the small ones
    // run beside the big one; outcomes keep the selectors' order.
    const enabled = selectors.filter((s) => s.disabledAt === null);
    const outcomes: SelectorOutcome[] = new Array(enabled.length);
    let next = 0;
    const worker = async () => {
      for (let at = next++; at < enabled.length; at = next++) {
        outcomes[at] = { id: enabled[at].id, tagId: tag.id, error: await this.evaluateSelector(tag, enabled[at]) };
      }
    };
    // Every worker is over before the lock can be let go, also when one fails (its deadline passed).
    const settled = await Promise.allSettled(Array.from({ length: Math.min(SELECTOR_CONCURRENCY, enabled.length) }, worker));
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const members = await this.membership.memberNodeIds(tag.id);
    // Renames and deletes wait for the lock, but the kind must never follow a name read before the selectors ran.
    const current = await this.tags.get(tag.id);
    if (!current) return null;
    const kind = tagKindName(current.name);
    // Known to the catalogue from the tag's first evaluation on, also when the tag was made before this process.
    this.kinds.register(tagKind(kind));
    const { added, removed } = await this.applyKind(tag.id, kind, members, systemTagOf(current));
    return { tag: { id: tag.id, members: members.length, added, removed }, selectors: outcomes };
  }

  /**
   * Gives the kind (and the token) to exactly the members, unless it was last applied to the same members: only
   * evaluation and tag renames and deletes write tag kinds, all under the evaluation lock, so the graph still holds
   * what was applied then. The digest is recorded after the write: a crash in between only repeats the write.
   */
  private async applyKind(tagId: number, kind: string, members: readonly string[], token?: string): Promise<{ added: number; removed: number }> {
    const hash = createHash('sha256').update(`${kind}|${token ?? ''}|`);
    for (const id of members) hash.update(`${id},`);
    const digest = hash.digest('base64');
    if (await this.membership.kindApplied(tagId, digest)) return { added: 0, removed: 0 };
    const changed = await this.graph.replaceKindMembers(kind, [...members], token);
    await this.membership.recordKindApplied(tagId, digest);
    return changed;
  }

  /**
   * Writes the selector's members; answers the error recorded instead, or null. A failed write is recorded like a
   * failed selection, so one selector's bad row cannot skip the selectors and tags after it.
   */
  private async evaluateSelector(tag: Tag, selector: Selector): Promise<string | null> {
    try {
      await runWithDeadlineCap(this.config.graphQueryTimeoutSeconds * 1000, async () => {
        const { seeds, selected } = await this.select(selector.seeds, expansionOf(tag.type));
        // Unchanged selection and member details: nothing to read or write (the steady state after most ingests).
        const digest = await this.digestOf(selector, selected);
        if (digest !== undefined && (await this.membership.keepSelectorMembers(selector.id, digest, selected.length))) return;
        const members = await this.load(seeds, selected);
        await this.membership.replaceSelectorMembers(selector.id, members.map((member) => memberRecord(selector.autoCertify, member)), digest);
      });
      return null;
    } catch (error) {
      // Past the evaluation's own deadline nothing more can be written: that is the caller's failure.
      if (remainingMs() <= 0) throw error;
      const message = this.failureMessage(selector, error);
      await this.selectors.recordFailure(selector.id, message);
      return message;
    }
  }

  /**
   * The seeds, and as the expansion method says, their transitive members (tiers and labels) and the OUs,
   * containers and GPOs above them (tiers), by id: walked over the in-memory traversal index where this instance
   * holds it at the current graph version, else one ids-only statement per level.
   */
  private async select(seedList: readonly Seed[], method: ExpansionMethod): Promise<{ seeds: GraphNode[]; selected: SelectedId[] }> {
    const seeds = await this.resolveSeeds(seedList);
    const seedIds = seeds.map((node) => node.id);
    const seedsOnly = seedIds.map((id) => ({ id, source: MemberSource.Seed }));
    if (seeds.length === 0 || (!expandsChildren(method) && !expandsParents(method))) return { seeds, selected: seedsOnly };
    const selected = await this.walks.read(async (reader) => {
      const members = expandsChildren(method)
        ? await expandChildren(seedIds, async (frontier) =>
          (await reader.hops(frontier, 'inbound', CHILD_EDGE_KINDS)).hops.map((hop) => hop.startId))
        : seedsOnly;
      return expandsParents(method) ? [...members, ...(await expandParents(members, this.parentReader(reader)))] : members;
    });
    return { seeds, selected };
  }

  /** Parents over the walk's hop reader; ACL protection is a property, read for the nodes inside containers only. */
  private parentReader(reader: HopReader): ParentReader {
    return {
      containedBy: async (ids, kind) => (ids.length === 0 ? [] : (await reader.hops(ids, 'inbound', ['Contains'], [kind])).hops
        .map((hop) => ({ parent: hop.startId, child: hop.endId }))),
      linkedGpos: async (ids) => (ids.length === 0 ? [] : (await reader.hops(ids, 'inbound', ['GPLink'], ['GPO'])).hops
        .map((hop) => hop.startId)),
      aclUnprotected: async (ids) => (ids.length === 0 ? [] : (await this.graph.nodesByIds(ids))
        .filter((node) => node.properties.isaclprotected === false).map((node) => node.id)),
    };
  }

  /**
   * What the selector's rows are made of: its auto-certification, the selected ids and sources, and the details of
   * those nodes that member records read (digested by the store, so they are not loaded). Undefined when the store
   * cannot digest nodes.
   */
  private async digestOf(selector: Selector, selected: readonly SelectedId[]): Promise<string | undefined> {
    const details = await this.graph.nodesDigest(selected.map((s) => s.id), MEMBER_RECORD_PROPERTIES);
    if (details === undefined) return undefined;
    // The leading "1" is the version of memberRecord: bump it when the records it makes change.
    const hash = createHash('sha256').update(`1|${selector.autoCertify}|${details}|`);
    // Any fixed order will do: the ids as text.
    const sorted = [...selected].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const { id, source } of sorted) hash.update(`${id}:${source},`);
    return hash.digest('base64');
  }

  /** The selected nodes with their properties: the seeds as resolved, children and parents in one look-up. */
  private async load(seeds: readonly GraphNode[], selected: readonly SelectedId[]): Promise<SelectedNode[]> {
    const members: SelectedNode[] = seeds.map((node) => ({ node, source: MemberSource.Seed }));
    const sources = new Map(selected.filter((s) => s.source !== MemberSource.Seed).map((s) => [s.id, s.source]));
    // A node deleted since the walk is simply not selected.
    for (const node of sources.size > 0 ? await this.graph.nodesByIds([...sources.keys()]) : []) {
      members.push({ node, source: sources.get(node.id)! });
    }
    return members;
  }

  /** Objectid seeds in one look-up; Cypher seeds one query each (read-only, under the result cap). */
  private async resolveSeeds(seeds: readonly Seed[]): Promise<GraphNode[]> {
    const objectIds = seeds.filter((seed) => seed.type === SeedType.ObjectId).map((seed) => seed.value);
    const found = objectIds.length > 0 ? await this.graph.nodesByObjectIds(objectIds) : [];
    for (const seed of seeds.filter((s) => s.type === SeedType.Cypher)) {
      found.push(...(await this.cypher.selectNodes(seed.value)));
    }
    return [...new Map(found.map((node) => [node.id, node])).values()];
  }

  private failureMessage(selector: Selector, error: unknown): string {
    if (error instanceof ApiError) return error.messages.join('; ');
    if (error instanceof ExpansionTooLarge) return error.message;
    this.logger.error({ err: error, selectorId: selector.id }, 'selector evaluation failed');
    return AssetGroupsErrors.evaluationInternal;
  }
}
