import type { ListQuery } from '@app/platform';
import type { Tag } from '../domain/tag.js';
import type { CertificationState } from '../domain/certification.js';
import type { MemberSource, Selector, SelectorDraft, SelectorPatch } from '../domain/selector.js';

/**
 * Asset group tags. The tags module's use cases write through it; selectors, membership, certification and the
 * legacy asset groups read tags through it.
 */
export abstract class TagStore {
  /** Every tag, ordered by id. */
  abstract list(): Promise<Tag[]>;
  abstract get(id: number): Promise<Tag | null>;
}

/**
 * The materialised membership (`asset_group_tag_selector_nodes`): which graph nodes each selector selected.
 * Written by evaluation; read by tag renames/deletes (to move the tag kind), member lists and certification.
 */
export abstract class MembershipStore {
  /** Graph node ids (decimal strings) of the tag's members: every node any selector of the tag selected. */
  abstract memberNodeIds(tagId: number): Promise<string[]>;
  /**
   * Makes these the selector's member rows, set-based: rows of nodes not listed are deleted, listed nodes are
   * inserted or their node details updated (an existing row keeps its certification; `certified` applies to new
   * rows only), and the selector's last evaluation is recorded as a success, with the digest of the selection
   * (opaque here; none when the caller has no digest). One transaction.
   */
  abstract replaceSelectorMembers(selectorId: number, members: SelectorMemberRecord[], digest?: string): Promise<void>;
  /**
   * The steady state: when the selector's rows were last written with `digest` (see replaceSelectorMembers) and
   * all `count` of them are still there, records the evaluation as a success and answers true; else changes
   * nothing and answers false (the caller writes the rows).
   */
  abstract keepSelectorMembers(selectorId: number, digest: string, count: number): Promise<boolean>;
  /**
   * Whether the tag's kind was last applied with this digest (of the kind, its system tag and the member ids), so
   * applying it again would change nothing: tag kinds and their tokens are written by tag evaluation and tag
   * renames and deletes only, all under `exclusively`.
   */
  abstract kindApplied(tagId: number, digest: string): Promise<boolean>;
  /** Records the digest of the kind membership just applied to the tag; null: unknown (a rename moves the kind). */
  abstract recordKindApplied(tagId: number, digest: string | null): Promise<void>;
  /** Deletes every member row of these selectors (disabled selectors select nothing). */
  abstract clearSelectorMembers(selectorIds: number[]): Promise<void>;
  /**
   * Runs `work` while no other holder runs (on any instance): evaluations, and tag renames and deletes (which move
   * the kind evaluation writes). Waits for a running one within the current deadline (504 when it passes).
   */
  abstract exclusively<T>(work: () => Promise<T>): Promise<T>;
}

/** One member row as evaluation writes it: the node and the details member lists filter and sort on. */
export interface SelectorMemberRecord {
  nodeId: string;
  source: MemberSource;
  objectId: string;
  name: string;
  primaryKind: string;
  /** The node's domain SID or tenant id ('' when it has neither). */
  environmentId: string;
  environmentKind: '' | 'Domain' | 'AZTenant';
  /** The state of a new row (automatic or pending). */
  certified: CertificationState;
}

/** A selector with its member count (lists with `counts=true`). */
export interface SelectorWithCounts extends Selector {
  memberCount?: number;
}

/**
 * Selectors of asset group tags with their seeds. Writes map a duplicate name within the tag to 409; `actor` is the
 * user id recorded as created_by / updated_by / disabled_by.
 */
export abstract class SelectorStore {
  /**
   * One page of the tag's selectors and the total count; with `counts`, each carries its member count (0 when
   * disabled), restricted to nodes of the given environments when any are given.
   */
  abstract list(
    tagId: number, query: ListQuery, counts: { environments: string[] } | null,
  ): Promise<{ items: SelectorWithCounts[]; count: number }>;
  abstract get(id: number): Promise<Selector | null>;
  /** Every selector of the tag (disabled ones too), by id: what evaluation works through. */
  abstract ofTag(tagId: number): Promise<Selector[]>;
  abstract create(tagId: number, draft: SelectorDraft, actor: string): Promise<Selector>;
  abstract update(id: number, patch: SelectorPatch, actor: string): Promise<Selector>;
  abstract delete(id: number): Promise<void>;
  /** Records a failed evaluation; the member rows and last_evaluated_at stay as they were. */
  abstract recordFailure(id: number, message: string): Promise<void>;
}
