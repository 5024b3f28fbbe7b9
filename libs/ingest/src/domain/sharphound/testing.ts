import type { BatchEdge } from '@app/graph';
import type { Converted } from '../converted.js';

/** Test helper: an edge as `start -Kind-> end` for compact assertions. */
export function arrow(edge: BatchEdge): string {
  return `${edge.start.objectid} -${edge.kind}-> ${edge.end.objectid}`;
}

export function arrows(converted: Converted, kind?: string): string[] {
  return converted.edges.filter((edge) => kind === undefined || edge.kind === kind).map(arrow).sort();
}

export function edgeOf(converted: Converted, kind: string): BatchEdge {
  const edge = converted.edges.find((candidate) => candidate.kind === kind);
  if (!edge) throw new Error(`no ${kind} edge`);
  return edge;
}
