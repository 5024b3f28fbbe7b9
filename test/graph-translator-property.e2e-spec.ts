import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Database } from '@app/platform';
import { TraversalIndexKeeper } from '@app/graph';
import type { GraphSpec } from '@app/graph/testing';
import {
  checkQuery, IndexedWalks, parseCypher, PgGraphStore, PgKindRegistry, PgPathfinder, PgQueryEngine, seedGraph,
} from '@app/graph/testing';
import {
  queryText, referenceRows, type NodeTerm, type Predicate, type RefGraph, type RefQuery, type RelTerm,
} from './support/cypher-reference.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The translator against a brute-force oracle (test/support/cypher-reference.ts): random small graphs, random
 * MATCH / WHERE / RETURN queries over them, and the same multiset of objectid tuples from both.
 */

const LABELS = ['A', 'B', 'C'];
/** Z is a label and a type no graph ever has. */
const QUERY_LABELS = [...LABELS, 'Z'];
const TYPES = ['R', 'S'];
const STRINGS = ['x', 'y', 'xy', 'yz', 'xyz'];
const VARIABLES = ['a', 'b', 'c'];
const RUNS = 100;
const QUERIES_PER_GRAPH = 5;

const graphs: fc.Arbitrary<RefGraph> = fc.record({
  nodes: fc.array(fc.record({
    labels: fc.subarray(LABELS),
    n: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    s: fc.option(fc.constantFrom(...STRINGS), { nil: undefined }),
  }), { minLength: 1, maxLength: 12 }),
  edges: fc.array(fc.record({ from: fc.nat(11), to: fc.nat(11), type: fc.constantFrom(...TYPES) }), { maxLength: 24 }),
}).map(({ nodes, edges }) => {
  const unique = new Map(edges.map((e) => {
    const [from, to] = [e.from % nodes.length, e.to % nodes.length];
    return [`${from}-${e.type}-${to}`, { from, to, type: e.type }];
  }));
  return {
    nodes: nodes.map((node, i) => ({
      objectid: `N${i}`,
      labels: node.labels,
      props: { ...(node.n === undefined ? {} : { n: node.n }), ...(node.s === undefined ? {} : { s: node.s }) },
    })),
    edges: [...unique.values()].map((edge, id) => ({ id, ...edge })),
  };
});

const scalars = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom(...STRINGS));
const props = fc.constantFrom<'n' | 's'>('n', 's');

function atoms(variables: string[]): fc.Arbitrary<Predicate> {
  const variable = fc.constantFrom(...variables);
  const choices: fc.Arbitrary<Predicate>[] = [
    fc.record({ kind: fc.constant('compare' as const), variable, prop: props, op: fc.constantFrom('=', '<>', '<', '>', '<=', '>=' as const), value: scalars }),
    fc.record({ kind: fc.constant('string' as const), variable, prop: props, op: fc.constantFrom('STARTS WITH', 'ENDS WITH', 'CONTAINS' as const), value: fc.constantFrom('x', 'y', 'z') }),
    fc.record({ kind: fc.constant('isNull' as const), variable, prop: props, negated: fc.boolean() }),
    fc.record({ kind: fc.constant('label' as const), variable, label: fc.constantFrom(...QUERY_LABELS) }),
  ];
  if (variables.length > 1) {
    const pair = fc.shuffledSubarray(variables, { minLength: 2, maxLength: 2 });
    choices.push(pair.map(([left, right]): Predicate => ({ kind: 'differ', left, right })));
    choices.push(fc.tuple(pair, props).map(([[left, right], prop]): Predicate => ({ kind: 'sameProp', left, right, prop })));
  }
  return fc.oneof(...choices);
}

function predicates(variables: string[], depth: number): fc.Arbitrary<Predicate> {
  if (depth === 0) return atoms(variables);
  const inner = predicates(variables, depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: atoms(variables) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('and', 'or', 'xor' as const), left: inner, right: inner }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('not' as const), operand: inner }) },
  );
}

const nodeTerm = (variable: string): fc.Arbitrary<NodeTerm> => fc.record({
  variable: fc.constant(variable),
  labels: fc.subarray(QUERY_LABELS, { maxLength: 2 }),
  n: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined, freq: 5 }),
});

const relTerm: fc.Arbitrary<RelTerm> = fc.record({
  types: fc.oneof({ weight: 4, arbitrary: fc.subarray(TYPES) }, { weight: 1, arbitrary: fc.constant<string[]>(['Z']) }),
  direction: fc.constantFrom('->', '<-', '-' as const),
  range: fc.option(fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 0, max: 1 })).map(([min, extra]): [number, number] => [min, min + extra]), { nil: undefined, freq: 3 }),
});

const queries: fc.Arbitrary<RefQuery> = fc.integer({ min: 0, max: 2 }).chain((hops) => {
  const variables = VARIABLES.slice(0, hops + 1);
  return fc.record({
    nodes: fc.tuple(...variables.map(nodeTerm)),
    rels: fc.array(relTerm, { minLength: hops, maxLength: hops }),
    where: fc.option(predicates(variables, 2), { nil: undefined, freq: 5 }),
    distinct: fc.boolean(),
    returns: fc.shuffledSubarray(variables, { minLength: 1 }),
  });
});

function spec(graph: RefGraph): GraphSpec {
  return {
    nodes: graph.nodes.map((node) => ({ objectid: node.objectid, kinds: ['Base', ...node.labels], properties: node.props })),
    edges: graph.edges.map((edge) => ({ from: graph.nodes[edge.from].objectid, to: graph.nodes[edge.to].objectid, kind: edge.type })),
  };
}

const sorted = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();

// Both ways: variable-length relationships as recursive CTEs (SQL only), and enumerated over the in-memory traversal
// index (kept up to date from the change log: the graph is emptied with DELETE, which it catches up on).
describe.each(['SQL only', 'in-memory index'])('Cypher to SQL translation (property, %s)', (mode) => {
  const inMemory = mode === 'in-memory index';
  let t: TestApp;
  let engine: PgQueryEngine;
  let store: PgGraphStore;
  let database: Database;
  let walks: IndexedWalks;

  beforeAll(async () => {
    t = await createTestApp({ env: { GRAPH_TRAVERSAL_INDEX: inMemory ? 'on' : 'off' } });
    database = t.app.get(Database);
    const kinds = t.app.get(PgKindRegistry, { strict: false });
    walks = t.app.get(IndexedWalks, { strict: false });
    engine = new PgQueryEngine(database, kinds, t.app.get(PgPathfinder, { strict: false }), walks);
    store = new PgGraphStore(database, kinds);
    const keeper = t.app.get(TraversalIndexKeeper);
    keeper.startBackground();
    await keeper.settled();
  });
  afterAll(async () => t.close());

  it('answers generated MATCH / WHERE / RETURN queries with the rows a brute-force evaluator finds', async () => {
    await fc.assert(fc.asyncProperty(graphs, fc.array(queries, { minLength: QUERIES_PER_GRAPH, maxLength: QUERIES_PER_GRAPH }), async (graph, generated) => {
      await database.query('DELETE FROM node');
      await seedGraph(store, spec(graph));
      for (const query of generated) {
        const text = queryText(query);
        const parsed = parseCypher(text);
        // The complexity gate is the endpoint's concern; generated undirected expansions may exceed it.
        checkQuery(parsed);
        const result = await engine.execute(parsed, { rowLimit: 100_000 });
        const actual = result.rows.map((row) => row.map((value) => (value.type === 'node' ? value.node.properties.objectid : value)));
        expect({ text, rows: sorted(actual) }).toEqual({ text, rows: sorted(referenceRows(graph, query)) });
      }
    }), { numRuns: RUNS });
  }, 300_000);

  it('enumerated the variable-length relationships in memory exactly where the index is on', () => {
    if (inMemory) expect(walks.counts).toEqual({ memory: expect.any(Number), sql: 0 });
    else expect(walks.counts.memory).toBe(0);
    if (inMemory) expect(walks.counts.memory).toBeGreaterThan(RUNS / 2);
  });
});
