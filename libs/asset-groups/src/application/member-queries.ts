import { Injectable } from '@nestjs/common';
import { ApiError, type ListQuery } from '@app/platform';
import { GraphStore, type Properties } from '@app/graph';
import type { CertificationState } from '../domain/certification.js';
import type { MemberSource } from '../domain/selector.js';
import { AssetGroupsErrors, MemberErrors } from './asset-groups-errors.js';
import { TagStore } from './ports.js';
import { existingTag } from './tag-queries.js';

/** A member of a tag (or of one selector): a graph node and what the membership rows say about it. */
export interface Member {
  /** Graph node id (decimal string: ids are int64). */
  nodeId: string;
  objectId: string;
  environmentId: string;
  primaryKind: string;
  name: string;
  tagId: number;
  /** Tag lists: the best (lowest) source of any selector; selector lists: that selector's record. */
  source: MemberSource;
  /** Tag lists: the highest state of the node's records in the tag (the reference's aggregation). */
  certified: CertificationState;
  certifiedBy: string | null;
}

export interface MemberPage {
  items: Member[];
  count: number;
}

/** Distinct member nodes per primary kind, and their total. */
export interface MemberCounts {
  total: number;
  byKind: Record<string, number>;
}

/** Which rows a member list reads: a tag's enabled selectors, or one selector; optionally some environments only. */
export interface MemberScope {
  tagId: number;
  selectorId?: number;
  /** Empty: every environment. */
  environments: string[];
}

/** A selector's membership record of one node, for the member detail. */
export interface MemberSelector {
  id: number;
  tagId: number;
  name: string;
  isDefault: boolean;
  source: MemberSource;
  certified: CertificationState;
  certifiedBy: string | null;
}

export interface MemberDetail extends Member {
  properties: Properties;
  selectors: MemberSelector[];
}

/**
 * The materialised membership as the member lists read it: records of disabled selectors, and revoked records of a
 * tag that requires certification, are not members (the same records every member count reads).
 */
export abstract class MemberReadModel {
  abstract list(scope: MemberScope, query: ListQuery): Promise<MemberPage>;
  abstract counts(scope: MemberScope): Promise<MemberCounts>;
  /** The tag and disabled flag of a selector, null when it does not exist. */
  abstract selectorState(selectorId: number): Promise<{ tagId: number; disabled: boolean } | null>;
  /** The node as a member of the tag, with each enabled selector's record of it; null when it is not a member. */
  abstract member(tagId: number, nodeId: string): Promise<{ member: Member; selectors: MemberSelector[] } | null>;
}

/** Member lists and counts of tags and selectors, and one member's detail. */
@Injectable()
export class MemberQueries {
  constructor(
    private readonly tags: TagStore,
    private readonly members: MemberReadModel,
    private readonly graph: GraphStore,
  ) {}

  async listOfTag(tagId: number, environments: string[], query: ListQuery): Promise<MemberPage> {
    await existingTag(this.tags, tagId);
    return this.members.list({ tagId, environments }, query);
  }

  async countsOfTag(tagId: number, environments: string[]): Promise<MemberCounts> {
    await existingTag(this.tags, tagId);
    return this.members.counts({ tagId, environments });
  }

  async listOfSelector(tagId: number, selectorId: number, environments: string[], query: ListQuery): Promise<MemberPage> {
    await this.requireEnabledSelector(tagId, selectorId);
    return this.members.list({ tagId, selectorId, environments }, query);
  }

  async countsOfSelector(tagId: number, selectorId: number, environments: string[]): Promise<MemberCounts> {
    await this.requireEnabledSelector(tagId, selectorId);
    return this.members.counts({ tagId, selectorId, environments });
  }

  /** A member with its graph properties and selector records; 404 when the node is not a member of the tag. */
  async member(tagId: number, nodeId: string): Promise<MemberDetail> {
    await existingTag(this.tags, tagId);
    const found = await this.members.member(tagId, nodeId);
    if (!found) throw ApiError.notFound();
    const [node] = await this.graph.nodesByIds([nodeId]);
    return { ...found.member, properties: node?.properties ?? {}, selectors: found.selectors };
  }

  // The reference's order: the tag, the selector, its tag, then whether it is disabled.
  private async requireEnabledSelector(tagId: number, selectorId: number): Promise<void> {
    await existingTag(this.tags, tagId);
    const selector = await this.members.selectorState(selectorId);
    if (!selector) throw ApiError.notFound();
    if (selector.tagId !== tagId) throw ApiError.notFound(AssetGroupsErrors.selectorNotInTag);
    if (selector.disabled) throw ApiError.conflict(MemberErrors.selectorDisabled);
  }
}
