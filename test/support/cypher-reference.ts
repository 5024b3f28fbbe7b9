/**
 * A deliberately naive Cypher evaluator for a small family of read queries, used as the oracle of the translator's
 * property test: it enumerates every binding by brute force over an in-memory graph, with Cypher's null semantics
 * (three-valued logic, comparisons across types) and relationship isomorphism within the MATCH.
 */

export interface RefNode { objectid: string; labels: string[]; props: { n?: number; s?: string } }
export interface RefEdge { id: number; from: number; to: number; type: string }
export interface RefGraph { nodes: RefNode[]; edges: RefEdge[] }

export type Direction = '->' | '<-' | '-';
export interface NodeTerm { variable: string; labels: string[]; n?: number }
export interface RelTerm { types: string[]; direction: Direction; range?: [number, number] }
export type Scalar = number | string;
export type Predicate =
  | { kind: 'compare'; variable: string; prop: 'n' | 's'; op: '=' | '<>' | '<' | '>' | '<=' | '>='; value: Scalar }
  | { kind: 'string'; variable: string; prop: 'n' | 's'; op: 'STARTS WITH' | 'ENDS WITH' | 'CONTAINS'; value: string }
  | { kind: 'isNull'; variable: string; prop: 'n' | 's'; negated: boolean }
  | { kind: 'label'; variable: string; label: string }
  | { kind: 'differ'; left: string; right: string }
  | { kind: 'sameProp'; left: string; right: string; prop: 'n' | 's' }
  | { kind: 'and' | 'or' | 'xor'; left: Predicate; right: Predicate }
  | { kind: 'not'; operand: Predicate };

/** MATCH (a)-[..]-(b)-[..]-(c) WHERE .. RETURN [DISTINCT] .. */
export interface RefQuery {
  nodes: NodeTerm[];
  rels: RelTerm[];
  where?: Predicate;
  distinct: boolean;
  returns: string[];
}

const literal = (value: Scalar) => (typeof value === 'number' ? String(value) : `'${value}'`);

function predicateText(p: Predicate): string {
  switch (p.kind) {
    case 'compare':
      return `${p.variable}.${p.prop} ${p.op} ${literal(p.value)}`;
    case 'string':
      return `${p.variable}.${p.prop} ${p.op} ${literal(p.value)}`;
    case 'isNull':
      return `${p.variable}.${p.prop} IS ${p.negated ? 'NOT ' : ''}NULL`;
    case 'label':
      return `${p.variable}:${p.label}`;
    case 'differ':
      return `${p.left} <> ${p.right}`;
    case 'sameProp':
      return `${p.left}.${p.prop} = ${p.right}.${p.prop}`;
    case 'not':
      return `NOT (${predicateText(p.operand)})`;
    default:
      return `(${predicateText(p.left)} ${p.kind.toUpperCase()} ${predicateText(p.right)})`;
  }
}

/** The query as Cypher text. */
export function queryText(q: RefQuery): string {
  const node = (term: NodeTerm) => `(${term.variable}${term.labels.map((l) => `:${l}`).join('')}${term.n === undefined ? '' : ` {n: ${term.n}}`})`;
  let pattern = node(q.nodes[0]);
  q.rels.forEach((rel, i) => {
    const types = rel.types.length > 0 ? `:${rel.types.join('|')}` : '';
    const range = rel.range ? `*${rel.range[0]}..${rel.range[1]}` : '';
    const body = `[${types}${range}]`;
    const link = rel.direction === '->' ? `-${body}->` : rel.direction === '<-' ? `<-${body}-` : `-${body}-`;
    pattern += link + node(q.nodes[i + 1]);
  });
  const where = q.where ? ` WHERE ${predicateText(q.where)}` : '';
  return `MATCH ${pattern}${where} RETURN ${q.distinct ? 'DISTINCT ' : ''}${q.returns.join(', ')}`;
}

type Truth = boolean | null;

function compare(a: Scalar | undefined, b: Scalar | undefined, op: string): Truth {
  if (a === undefined || b === undefined) return null;
  if (op === '=') return typeof a === typeof b && a === b;
  if (op === '<>') return !(typeof a === typeof b && a === b);
  if (typeof a !== typeof b) return null;
  switch (op) {
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    default:
      return a >= b;
  }
}

function evaluate(p: Predicate, graph: RefGraph, binding: Map<string, number>): Truth {
  const node = (variable: string) => graph.nodes[binding.get(variable)!];
  switch (p.kind) {
    case 'compare':
      return compare(node(p.variable).props[p.prop], p.value, p.op);
    case 'string': {
      const value = node(p.variable).props[p.prop];
      if (typeof value !== 'string') return null;
      if (p.op === 'STARTS WITH') return value.startsWith(p.value);
      if (p.op === 'ENDS WITH') return value.endsWith(p.value);
      return value.includes(p.value);
    }
    case 'isNull':
      return (node(p.variable).props[p.prop] === undefined) !== p.negated;
    case 'label':
      return node(p.variable).labels.includes(p.label);
    case 'differ':
      return binding.get(p.left) !== binding.get(p.right);
    case 'sameProp':
      return compare(node(p.left).props[p.prop], node(p.right).props[p.prop], '=');
    case 'not': {
      const value = evaluate(p.operand, graph, binding);
      return value === null ? null : !value;
    }
    case 'and': {
      const [l, r] = [evaluate(p.left, graph, binding), evaluate(p.right, graph, binding)];
      if (l === false || r === false) return false;
      return l === null || r === null ? null : true;
    }
    case 'or': {
      const [l, r] = [evaluate(p.left, graph, binding), evaluate(p.right, graph, binding)];
      if (l === true || r === true) return true;
      return l === null || r === null ? null : false;
    }
    case 'xor': {
      const [l, r] = [evaluate(p.left, graph, binding), evaluate(p.right, graph, binding)];
      return l === null || r === null ? null : l !== r;
    }
  }
}

/** The far ends reachable from `from` over one relationship term, with the edges each way used. */
function steps(graph: RefGraph, rel: RelTerm, from: number): { to: number; edges: number[] }[] {
  const hops = (at: number) => graph.edges.flatMap((edge) => {
    if (rel.types.length > 0 && !rel.types.includes(edge.type)) return [];
    if (rel.direction === '->') return edge.from === at ? [{ edge: edge.id, to: edge.to }] : [];
    if (rel.direction === '<-') return edge.to === at ? [{ edge: edge.id, to: edge.from }] : [];
    if (edge.from === at) return [{ edge: edge.id, to: edge.to }];
    return edge.to === at ? [{ edge: edge.id, to: edge.from }] : [];
  });
  const [min, max] = rel.range ?? [1, 1];
  const found: { to: number; edges: number[] }[] = [];
  const walk = (at: number, used: number[]) => {
    if (used.length >= min) found.push({ to: at, edges: used });
    if (used.length === max) return;
    for (const hop of hops(at)) if (!used.includes(hop.edge)) walk(hop.to, [...used, hop.edge]);
  };
  walk(from, []);
  return found;
}

/** The rows of the query on the graph, as objectid tuples, by brute force. */
export function referenceRows(graph: RefGraph, q: RefQuery): string[][] {
  const rows: string[][] = [];
  const fits = (term: NodeTerm, index: number) => {
    const node = graph.nodes[index];
    return term.labels.every((label) => node.labels.includes(label)) && (term.n === undefined || node.props.n === term.n);
  };
  const extend = (position: number, binding: Map<string, number>, used: number[]) => {
    if (position === q.rels.length) {
      if (q.where && evaluate(q.where, graph, binding) !== true) return;
      rows.push(q.returns.map((variable) => graph.nodes[binding.get(variable)!].objectid));
      return;
    }
    const from = binding.get(q.nodes[position].variable)!;
    const next = q.nodes[position + 1];
    for (const step of steps(graph, q.rels[position], from)) {
      if (step.edges.some((edge) => used.includes(edge)) || !fits(next, step.to)) continue;
      const bound = binding.get(next.variable);
      if (bound !== undefined && bound !== step.to) continue;
      extend(position + 1, new Map(binding).set(next.variable, step.to), [...used, ...step.edges]);
    }
  };
  graph.nodes.forEach((_, index) => {
    if (fits(q.nodes[0], index)) extend(0, new Map([[q.nodes[0].variable, index]]), []);
  });
  if (!q.distinct) return rows;
  return [...new Map(rows.map((row) => [JSON.stringify(row), row])).values()];
}
