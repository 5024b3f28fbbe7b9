import { Injectable } from '@nestjs/common';
import { ApiError, type ListQuery } from '@app/platform';
import { GraphStore } from '@app/graph';
import type { Selector } from '../domain/selector.js';
import type { MemberCounts } from './member-queries.js';

/** A legacy selector: one seed of a selector of the asset group's tag. */
export interface LegacySelector {
  /** The seed's id. */
  id: number;
  /** The selector's name. */
  name: string;
  /** The seed's value (an objectid or a Cypher query). */
  selector: string;
  /** The selector is one of the seeded defaults. */
  systemSelector: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The legacy selectors of a tag selector: one per seed. */
export function legacySelectorsOf(selector: Selector): LegacySelector[] {
  return selector.seeds.map((seed) => ({
    id: seed.id, name: selector.name, selector: seed.value, systemSelector: selector.isDefault,
    createdAt: selector.createdAt, updatedAt: selector.updatedAt,
  }));
}

/**
 * A legacy asset group: a view of one tag under its own name and tag string (the seeded Tier Zero and Owned, and
 * the label made for each group created since).
 */
export interface AssetGroup {
  id: number;
  tagId: number;
  name: string;
  tag: string;
  systemGroup: boolean;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  /** Distinct members of the tag (as the tag's kind carries them). */
  memberCount: number;
  selectors: LegacySelector[];
}

/** A member of an asset group (one node of its tag's membership). */
export interface AssetGroupMember {
  assetGroupId: number;
  nodeId: string;
  objectId: string;
  primaryKind: string;
  environmentId: string;
  environmentKind: string;
  name: string;
  /** Selected by a selector that is not one of the seeded defaults. */
  customMember: boolean;
}

/** An asset group member with the node's kinds from the graph. */
export interface AssetGroupMemberWithKinds extends AssetGroupMember {
  kinds: string[];
}

/** The legacy asset groups in storage. */
export abstract class AssetGroupStore {
  /** Asset groups matching the query (ASSET_GROUP_LIST), with selectors and member counts: one statement. */
  abstract list(query: ListQuery): Promise<AssetGroup[]>;
  abstract get(id: number): Promise<AssetGroup | null>;
  /** Renames the asset group (its name only); null when it does not exist; 409 when the name is taken. */
  abstract rename(id: number, name: string): Promise<AssetGroup | null>;
  /** One page of the group's members (ASSET_GROUP_MEMBER_LIST) and their total: one statement each. */
  abstract members(id: number, query: ListQuery): Promise<{ items: AssetGroupMember[]; count: number }>;
  /** The group's members matching the query's filters, counted per primary kind: one statement. */
  abstract memberCounts(id: number, query: ListQuery): Promise<MemberCounts>;
  /** Which of the name and the tag string another group already has (the name first); null when neither. */
  abstract conflictOf(name: string, tag: string): Promise<'name' | 'tag' | null>;
  /** Adds the group as a view of the tag; 409 when its name or tag string is taken. */
  abstract create(tagId: number, name: string, tag: string): Promise<AssetGroup>;
  /** Removes the group (the view only: the tag behind it stays). */
  abstract delete(id: number): Promise<void>;
}

/** Reads of the legacy asset groups and their members. */
@Injectable()
export class AssetGroupQueries {
  constructor(private readonly groups: AssetGroupStore, private readonly graph: GraphStore) {}

  list(query: ListQuery): Promise<AssetGroup[]> {
    return this.groups.list(query);
  }

  async get(id: number): Promise<AssetGroup> {
    const group = await this.groups.get(id);
    if (!group) throw ApiError.notFound();
    return group;
  }

  async memberCounts(id: number, query: ListQuery): Promise<MemberCounts> {
    await this.get(id);
    return this.groups.memberCounts(id, query);
  }

  /** How many of the group's legacy selectors are not system selectors. */
  async customSelectorCount(id: number): Promise<number> {
    return (await this.get(id)).selectors.filter((selector) => !selector.systemSelector).length;
  }

  /** A page of members; their kinds come from the graph in one call for the page. */
  async members(id: number, query: ListQuery): Promise<{ items: AssetGroupMemberWithKinds[]; count: number }> {
    await this.get(id);
    const page = await this.groups.members(id, query);
    const nodes = await this.graph.nodesByIds(page.items.map((member) => member.nodeId));
    const kinds = new Map(nodes.map((node) => [node.id, node.kinds]));
    return { count: page.count, items: page.items.map((member) => ({ ...member, kinds: kinds.get(member.nodeId) ?? [] })) };
  }
}
