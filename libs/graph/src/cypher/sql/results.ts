import type { Row } from '@app/platform';
import type { GraphEdge, GraphNode, ResultValue } from '../../domain/graph.js';
import type { OutputColumn } from './projection.js';

/** The node and edge ids a statement's rows refer to (bare elements, paths, lists), to fetch in one go each. */
export function referencedIds(rows: Row[], outputs: OutputColumn[]): { nodeIds: string[]; edgeIds: string[] } {
  const nodeIds = new Set<string>();
  const edgeIds = new Set<string>();
  const add = (into: Set<string>, value: unknown) => {
    if (Array.isArray(value)) for (const id of value) into.add(String(id));
    else if (value !== null && value !== undefined) into.add(String(value));
  };
  for (const row of rows) {
    for (const output of outputs) {
      const [first, second] = output.columns.map((column) => row[column]);
      if (output.kind === 'node' || output.kind === 'nodeList') add(nodeIds, first);
      if (output.kind === 'edge' || output.kind === 'edgeList') add(edgeIds, first);
      if (output.kind === 'path') {
        add(nodeIds, first);
        add(edgeIds, second);
      }
    }
  }
  return { nodeIds: [...nodeIds], edgeIds: [...edgeIds] };
}

const NULL: ResultValue = { type: 'literal', value: null };

/**
 * Result values of the statement's rows, graph elements taken from the fetched maps. An element missing from
 * them (deleted between the two statements) reads as null.
 */
export function resultRows(rows: Row[], outputs: OutputColumn[], nodes: Map<string, GraphNode>, edges: Map<string, GraphEdge>): ResultValue[][] {
  const node = (id: unknown): ResultValue => {
    const found = id === null || id === undefined ? undefined : nodes.get(String(id));
    return found ? { type: 'node', node: found } : NULL;
  };
  const edge = (id: unknown): ResultValue => {
    const found = id === null || id === undefined ? undefined : edges.get(String(id));
    return found ? { type: 'edge', edge: found } : NULL;
  };
  return rows.map((row) => outputs.map((output): ResultValue => {
    const [first, second] = output.columns.map((column) => row[column]);
    switch (output.kind) {
      case 'node':
        return node(first);
      case 'edge':
        return edge(first);
      case 'nodeList':
        return Array.isArray(first) ? { type: 'list', items: first.map(node) } : NULL;
      case 'edgeList':
        return Array.isArray(first) ? { type: 'list', items: first.map(edge) } : NULL;
      case 'path': {
        if (!Array.isArray(first) || !Array.isArray(second)) return NULL;
        const pathNodes = first.map((id) => nodes.get(String(id)));
        const pathEdges = second.map((id) => edges.get(String(id)));
        if (pathNodes.some((n) => !n) || pathEdges.some((e) => !e)) return NULL;
        return { type: 'path', path: { nodes: pathNodes as GraphNode[], edges: pathEdges as GraphEdge[] } };
      }
      case 'value':
        return { type: 'literal', value: literalOf(first) };
    }
  }));
}

/** JSON tokens of jsonb text: strings (kept whole, so digits inside them are no numbers), whitespace, numbers. */
const JSON_TOKENS = /"(?:[^"\\]|\\.)*"|\s+|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * A value column (jsonb as text) as a literal. JSON.parse is exact for most values; when a number would change
 * (an integer beyond 2^53, a float with an integral value such as `1.0`), the literal is instead the value's
 * compact JSON text with each number as PostgreSQL wrote it, which the presenter writes verbatim (literals
 * travel as text). Trailing fraction zeros of integral floats are cut to one (`2.000` -> `2.0`): same number.
 */
export function literalOf(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? null;
  const numbers = text.match(JSON_TOKENS)?.filter((token) => /^-?\d/.test(token)) ?? [];
  if (!numbers.some(changesInJs)) return JSON.parse(text);
  return text.replace(JSON_TOKENS, (token) => {
    if (token.startsWith('"')) return token;
    if (/^\s/.test(token)) return '';
    return /^-?\d+\.\d+$/.test(token) ? token.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '.0') : token;
  });
}

/** Whether JSON.parse would turn a number token into something printing differently in value or type. */
function changesInJs(token: string): boolean {
  const number = Number(token);
  return /^-?\d+$/.test(token) ? !Number.isSafeInteger(number) : Number.isInteger(number);
}
