// How a selector's seeds grow into its members (agt-wire §1): zones expand to everything, labels to children, the
// Owned label not at all. Children are transitive group members; parents (OUs, containers, GPOs above a member)
// are not implemented, so "all" is children only for now.
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

/**
 * The seeds and, level by level, the nodes reaching them over the child edges: `step` answers one level for a
 * whole frontier (one store call). Each node appears once, a seed as a seed; cycles end through the visited set.
 */
export async function expandChildren(
  seeds: readonly GraphNode[],
  step: (frontierIds: string[]) => Promise<GraphNode[]>,
  limits: { maxDepth: number; maxMembers: number } = { maxDepth: MAX_EXPANSION_DEPTH, maxMembers: MAX_SELECTOR_MEMBERS },
): Promise<SelectedNode[]> {
  const selected = new Map<string, SelectedNode>();
  for (const node of seeds) selected.set(node.id, { node, source: MemberSource.Seed });
  if (selected.size > limits.maxMembers) throw new ExpansionTooLarge(limits.maxMembers);
  let frontier = [...selected.keys()];
  for (let depth = 0; depth < limits.maxDepth && frontier.length > 0; depth++) {
    const fresh = (await step(frontier)).filter((node) => !selected.has(node.id));
    for (const node of fresh) selected.set(node.id, { node, source: MemberSource.Child });
    if (selected.size > limits.maxMembers) throw new ExpansionTooLarge(limits.maxMembers);
    frontier = fresh.map((node) => node.id);
  }
  return [...selected.values()];
}
