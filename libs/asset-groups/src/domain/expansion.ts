// How a selector's seeds grow into its members (agt-wire §1): zones expand to everything, labels to children, the
// Owned label not at all. Children are transitive group members; parents are the OUs, containers and GPOs above a
// seed or child (expandParents).
import type { GraphNode } from '@app/graph';
import { TagType } from './tag.js';
import { MemberSource } from './selector.js';

export const ExpansionMethod = {
  None: 0,
  All: 1,
  Children: 2,
  Parents: 3,
} as const;
export type ExpansionMethod = (typeof ExpansionMethod)[keyof typeof ExpansionMethod];

/** The reference's GetExpansionMethod: tier → all, label → children, owned → none. */
export function expansionOf(tagType: TagType): ExpansionMethod {
  if (tagType === TagType.Tier) return ExpansionMethod.All;
  if (tagType === TagType.Label) return ExpansionMethod.Children;
  return ExpansionMethod.None;
}

export function expandsChildren(method: ExpansionMethod): boolean {
  return method === ExpansionMethod.All || method === ExpansionMethod.Children;
}

export function expandsParents(method: ExpansionMethod): boolean {
  return method === ExpansionMethod.All || method === ExpansionMethod.Parents;
}

/** Group membership edges, walked inbound (member -MemberOf-> group): AD and Azure. */
export const CHILD_EDGE_KINDS: readonly string[] = ['MemberOf', 'AZMemberOf'];

/**
 * Bounds of one selector's expansion. Nesting deeper than MAX_EXPANSION_DEPTH levels does not occur in real
 * directories (cycles end earlier through the visited set); more than MAX_SELECTOR_MEMBERS members fails the
 * selector (its error is recorded) rather than tagging a truncated set.
 */
export const MAX_EXPANSION_DEPTH = 64;
export const MAX_SELECTOR_MEMBERS = 100_000;

export class ExpansionTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`selector expansion exceeds the limit of ${limit} members`);
  }
}

export interface SelectedNode {
  node: GraphNode;
  source: MemberSource;
}

/** A selected node by id, before its properties are loaded. */
export interface SelectedId {
  id: string;
  source: MemberSource;
}

/**
 * The seeds and, level by level, the nodes reaching them over the child edges: `step` answers one level for a
 * whole frontier (one call: ids in, the ids one hop away out). Each node appears once, a seed as a seed; cycles end
 * through the visited set. Ids only, so a level costs what the adjacency costs (the traversal index where current).
 */
export async function expandChildren(
  seedIds: readonly string[],
  step: (frontierIds: string[]) => Promise<string[]>,
  limits: { maxDepth: number; maxMembers: number } = { maxDepth: MAX_EXPANSION_DEPTH, maxMembers: MAX_SELECTOR_MEMBERS },
): Promise<SelectedId[]> {
  const selected = new Map<string, MemberSource>();
  for (const id of seedIds) selected.set(id, MemberSource.Seed);
  if (selected.size > limits.maxMembers) throw new ExpansionTooLarge(limits.maxMembers);
  let frontier = [...selected.keys()];
  for (let depth = 0; depth < limits.maxDepth && frontier.length > 0; depth++) {
    const fresh: string[] = [];
    for (const id of await step(frontier)) {
      if (selected.has(id)) continue;
      selected.set(id, MemberSource.Child);
      fresh.push(id);
    }
    if (selected.size > limits.maxMembers) throw new ExpansionTooLarge(limits.maxMembers);
    frontier = fresh;
  }
  return [...selected].map(([id, source]) => ({ id, source }));
}

/** How expandParents reads the graph: by id, one call per step. */
export interface ParentReader {
  /** The Contains hops into `ids` from nodes of `kind`, as (parent, child). */
  containedBy(ids: string[], kind: 'OU' | 'Container'): Promise<{ parent: string; child: string }[]>;
  /** The GPOs linked (GPLink) to any of `ids`. */
  linkedGpos(ids: string[]): Promise<string[]>;
  /** Those of `ids` whose ACL is known not to be protected (`isaclprotected` false). */
  aclUnprotected(ids: string[]): Promise<string[]>;
}

/**
 * The parents of the selected nodes (the reference's zone expansion after the children, agt.go): every OU above a
 * selected node through OUs alone, the GPOs linked to a selected node or to those OUs, and, above a selected node
 * whose ACL is not protected, every container above it through containers alone. Parents bring no children or
 * parents of their own; a selected node is never also a parent. Costs what lies above the selection.
 */
export async function expandParents(
  selected: readonly SelectedId[],
  reader: ParentReader,
  limits: { maxDepth: number; maxMembers: number } = { maxDepth: MAX_EXPANSION_DEPTH, maxMembers: MAX_SELECTOR_MEMBERS },
): Promise<SelectedId[]> {
  const ids = selected.map((s) => s.id);
  const chosen = new Set(ids);
  /** The nodes of `kind` above `from` through nodes of that kind alone. */
  const climb = async (from: string[], kind: 'OU' | 'Container'): Promise<string[]> => {
    const reached = new Set<string>();
    let frontier = from;
    for (let depth = 0; depth < limits.maxDepth && frontier.length > 0; depth++) {
      const fresh: string[] = [];
      for (const { parent } of await reader.containedBy(frontier, kind)) {
        if (reached.has(parent)) continue;
        reached.add(parent);
        fresh.push(parent);
      }
      frontier = fresh;
    }
    return [...reached];
  };
  const ous = await climb(ids, 'OU');
  const containerHops = await reader.containedBy(ids, 'Container');
  const open = new Set(await reader.aclUnprotected([...new Set(containerHops.map((hop) => hop.child))]));
  const lowest = [...new Set(containerHops.filter((hop) => open.has(hop.child)).map((hop) => hop.parent))];
  const containers = [...lowest, ...(await climb(lowest, 'Container'))];
  const gpos = await reader.linkedGpos([...ids, ...ous]);
  const parents = [...new Set([...ous, ...containers, ...gpos])].filter((id) => !chosen.has(id));
  if (chosen.size + parents.length > limits.maxMembers) throw new ExpansionTooLarge(limits.maxMembers);
  return parents.map((id) => ({ id, source: MemberSource.Parent }));
}
