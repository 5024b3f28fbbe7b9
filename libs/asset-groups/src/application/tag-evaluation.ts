import { Injectable, Logger } from '@nestjs/common';
import {
  CypherService, displayName, GraphConfig, GraphStore, KindCatalog, primaryDisplayKind, SYSTEM_TAG_OWNED, SYSTEM_TAG_TIER_ZERO,
  tagKind, textProperty, type GraphNode,
} from '@app/graph';
import { ApiError, remainingMs, runWithDeadlineCap } from '@app/platform';
import { CertificationState } from '../domain/certification.js';
import {
  CHILD_EDGE_KINDS, expandChildren, expandsChildren, expansionOf, ExpansionTooLarge, type SelectedNode,
} from '../domain/expansion.js';
import { certifiesAutomatically, MemberSource, SeedType, type Selector } from '../domain/selector.js';
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
function memberRecord(selector: Selector, { node, source }: SelectedNode): SelectorMemberRecord {
  const { environmentId, environmentKind } = environmentOf(node);
  return {
    nodeId: node.id,
    source,
    objectId: storable(textProperty(node.properties, 'objectid') ?? ''),
    name: storable(displayName(node) ?? ''),
    primaryKind: storable(primaryDisplayKind(node)),
    environmentId: storable(environmentId),
    environmentKind,
    certified: certifiesAutomatically(selector.autoCertify, source) ? CertificationState.Automatic : CertificationState.Pending,
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
  ) {}

  /** Every tag, in id order. */
  evaluateAll(): Promise<EvaluationReport> {
    return this.membership.exclusively(async () => this.evaluateEach(await this.tags.list()));
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
    const outcomes: SelectorOutcome[] = [];
    for (const selector of selectors.filter((s) => s.disabledAt === null)) {
      outcomes.push({ id: selector.id, tagId: tag.id, error: await this.evaluateSelector(tag, selector) });
    }
    const members = await this.membership.memberNodeIds(tag.id);
    // Renames and deletes wait for the lock, but the kind must never follow a name read before the selectors ran.
    const current = await this.tags.get(tag.id);
    if (!current) return null;
    const kind = tagKindName(current.name);
    // Known to the catalogue from the tag's first evaluation on, also when the tag was made before this process.
    this.kinds.register(tagKind(kind));
    const { added, removed } = await this.graph.replaceKindMembers(kind, members, systemTagOf(current));
    return { tag: { id: tag.id, members: members.length, added, removed }, selectors: outcomes };
  }

  /**
   * Writes the selector's members; answers the error recorded instead, or null. A failed write is recorded like a
   * failed selection, so one selector's bad row cannot skip the selectors and tags after it.
   */
  private async evaluateSelector(tag: Tag, selector: Selector): Promise<string | null> {
    try {
      const selected = await runWithDeadlineCap(this.config.graphQueryTimeoutSeconds * 1000, () => this.select(tag, selector));
      await this.membership.replaceSelectorMembers(selector.id, selected.map((member) => memberRecord(selector, member)));
      return null;
    } catch (error) {
      // Past the evaluation's own deadline nothing more can be written: that is the caller's failure.
      if (remainingMs() <= 0) throw error;
      const message = this.failureMessage(selector, error);
      await this.selectors.recordFailure(selector.id, message);
      return message;
    }
  }

  private async select(tag: Tag, selector: Selector): Promise<SelectedNode[]> {
    const seeds = await this.resolveSeeds(selector);
    if (!expandsChildren(expansionOf(tag.type))) return seeds.map((node) => ({ node, source: MemberSource.Seed }));
    return expandChildren(seeds, async (frontier) => (await this.graph.neighbours(frontier, 'inbound', CHILD_EDGE_KINDS)).nodes);
  }

  /** Objectid seeds in one look-up; Cypher seeds one query each (read-only, under the result cap). */
  private async resolveSeeds(selector: Selector): Promise<GraphNode[]> {
    const objectIds = selector.seeds.filter((seed) => seed.type === SeedType.ObjectId).map((seed) => seed.value);
    const found = objectIds.length > 0 ? await this.graph.nodesByObjectIds(objectIds) : [];
    for (const seed of selector.seeds.filter((s) => s.type === SeedType.Cypher)) {
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
