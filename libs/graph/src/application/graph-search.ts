import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import type { GraphNode } from '../domain/graph.js';
import { textProperty } from '../domain/display.js';
import { GraphErrors } from './graph-errors.js';
import { GraphLimits } from './graph-limits.js';
import { NodeSearch } from './ports.js';

/** `exact`: name or objectid equal to the text; `fuzzy` (the default, and any other value) matches more. */
export type GraphSearchType = 'exact' | 'fuzzy';

/** Whether the node's name or objectid is the text, case-insensitively (search texts of the UI are any case). */
export function isExactMatch(node: GraphNode, text: string): boolean {
  const wanted = text.toUpperCase();
  return ['name', 'objectid'].some((key) => textProperty(node.properties, key)?.toUpperCase() === wanted);
}

/**
 * The older search (GET /api/v2/graph-search): every AD and Azure node matching the text, unpaged. Fuzzy matches
 * are NodeSearch's contains matches (the reference matches prefixes only: contains finds those and more). The
 * reference has no bound; past GRAPH_RESULT_LIMIT nodes the answer is a 400 rather than a subset.
 */
@Injectable()
export class GraphSearch {
  constructor(private readonly nodes: NodeSearch, private readonly limits: GraphLimits) {}

  async find(text: string, type: GraphSearchType): Promise<GraphNode[]> {
    const limit = this.limits.resultLimit;
    // Exact matches rank first, so the first limit + 1 hits hold every exact match there is room for.
    const found = await this.nodes.search({ text, kinds: [], skip: 0, limit: limit + 1 });
    const matches = type === 'exact' ? found.filter((node) => isExactMatch(node, text)) : found;
    if (matches.length > limit) throw ApiError.badRequest(GraphErrors.searchTooBroad(limit));
    return matches;
  }
}
