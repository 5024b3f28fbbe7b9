import { describe, expect, it } from '@jest/globals';
import type { MatchClause, ReturnClause, WithClause } from './ast.js';
import { parseCypher } from './parser.js';

/** The AST without positions, so tests state shapes compactly (positions are asserted on their own). */
const shape = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v) => (key === 'pos' ? undefined : v)));
const clause = <T>(text: string, index = 0) => parseCypher(text).clauses[index] as T;
const pattern = (text: string) => shape(clause<MatchClause>(`MATCH ${text} RETURN 1`).pattern);
const v = (name: string) => ({ type: 'variable', name });
const lit = (value: unknown) => ({ type: 'literal', value });

describe('parseCypher: clauses', () => {
  it('reads MATCH with WHERE and RETURN', () => {
    expect(shape(parseCypher('MATCH (n:User) WHERE n.enabled = true RETURN n'))).toEqual({
      clauses: [
        {
          type: 'match', optional: false,
          pattern: [{ element: { nodes: [{ variable: 'n', labels: ['User'] }], relationships: [] } }],
          where: { type: 'binary', op: '=', left: { type: 'property', object: v('n'), key: 'enabled' }, right: lit(true) },
        },
        { type: 'return', distinct: false, star: false, items: [{ expr: v('n'), text: 'n' }] },
      ],
    });
  });

  it('reads keywords in any case', () => {
    expect(shape(parseCypher('match (n) optional MATCH (m) Return n, m'))).toEqual(
      shape(parseCypher('MATCH (n) OPTIONAL MATCH (m) RETURN n, m')),
    );
  });

  it('marks OPTIONAL MATCH and places it at OPTIONAL', () => {
    const optional = clause<MatchClause>('MATCH (n)\n  OPTIONAL MATCH (n)-->(m) RETURN m', 1);
    expect([optional.optional, optional.pos]).toEqual([true, { line: 2, column: 2 }]);
  });

  it('reads comma-separated pattern parts and named paths', () => {
    expect(pattern('p = (a)-->(b), (c)')).toEqual([
      {
        variable: 'p',
        element: {
          nodes: [{ variable: 'a', labels: [] }, { variable: 'b', labels: [] }],
          relationships: [{ types: [], direction: 'out' }],
        },
      },
      { element: { nodes: [{ variable: 'c', labels: [] }], relationships: [] } },
    ]);
  });

  it('reads shortestPath and allShortestPaths in any case', () => {
    const [first, second] = clause<MatchClause>(
      'MATCH p = SHORTESTPATH((a)-[:R*1..]->(b)), q = allShortestPaths((a)<-[*]-(c)) RETURN p, q',
    ).pattern;
    expect([first.variable, first.shortest, second.variable, second.shortest]).toEqual(['p', 'shortest', 'q', 'allShortest']);
    expect(shape(first.element.relationships)).toEqual([{ types: ['R'], direction: 'out', range: { min: 1 } }]);
  });

  it('reads WITH with DISTINCT, aliases, ORDER BY, SKIP, LIMIT and WHERE', () => {
    const w = clause<WithClause>('MATCH (n) WITH DISTINCT n, count(*) AS c ORDER BY c DESC SKIP 1 LIMIT 5 WHERE c > 2 RETURN n', 1);
    expect(shape({ ...w, type: undefined })).toEqual({
      distinct: true, star: false,
      items: [{ expr: v('n'), text: 'n' }, { expr: { type: 'countStar' }, alias: 'c', text: 'count(*)' }],
      orderBy: [{ expr: v('c'), descending: true }],
      skip: lit(1), limit: lit(5),
      where: { type: 'binary', op: '>', left: v('c'), right: lit(2) },
    });
  });

  it('reads WITH * and RETURN * with extra items', () => {
    const w = clause<WithClause>('MATCH (n) WITH *, 1 AS one RETURN *', 1);
    const r = clause<ReturnClause>('MATCH (n) WITH *, 1 AS one RETURN *', 2);
    expect([w.star, w.items.length, r.star, r.items]).toEqual([true, 1, true, []]);
  });

  it('reads UNWIND expr AS alias', () => {
    expect(shape(clause('UNWIND [1, 2] AS x RETURN x'))).toEqual({
      type: 'unwind', expr: { type: 'list', items: [lit(1), lit(2)] }, alias: 'x',
    });
  });

  it('reads every ORDER BY direction keyword', () => {
    const r = clause<ReturnClause>('MATCH (n) RETURN n ORDER BY n.a, n.b ASC, n.c ASCENDING, n.d DESC, n.e DESCENDING', 1);
    expect(r.orderBy!.map((s) => s.descending)).toEqual([false, false, false, true, true]);
  });

  it('keeps each projection item source text, trimmed, without its alias', () => {
    const r = clause<ReturnClause>('MATCH (n) RETURN  n.name , toUpper( n.x ) AS up, datetime().epochseconds // c\n', 1);
    expect(r.items.map((i) => [i.text, i.alias])).toEqual([
      ['n.name', undefined], ['toUpper( n.x )', 'up'], ['datetime().epochseconds', undefined],
    ]);
  });

  it('accepts a trailing semicolon', () => {
    expect(parseCypher('RETURN 1;').clauses).toHaveLength(1);
  });

  it('accepts comments between clauses and before LIMIT', () => {
    const r = clause<ReturnClause>('MATCH (n)\n// pick\nRETURN n\n// why\nLIMIT 100', 1);
    expect(shape(r.limit)).toEqual(lit(100));
  });

  it('places clauses at their keyword', () => {
    expect(parseCypher('MATCH (n)\nWITH n\n  RETURN n').clauses.map((c) => c.pos)).toEqual([
      { line: 1, column: 0 }, { line: 2, column: 0 }, { line: 3, column: 2 },
    ]);
  });
});

describe('parseCypher: patterns', () => {
  it('reads node labels and inline properties', () => {
    expect(pattern('(n:A:B {name: "x", `odd key`: 1})')).toEqual([{
      element: {
        nodes: [{
          variable: 'n', labels: ['A', 'B'],
          properties: { type: 'map', entries: [{ key: 'name', value: lit('x') }, { key: 'odd key', value: lit(1) }] },
        }],
        relationships: [],
      },
    }]);
  });

  it('reads anonymous nodes and labels named like keywords', () => {
    expect(pattern('(:Contains)-[:Contains]->()')).toEqual([{
      element: { nodes: [{ labels: ['Contains'] }, { labels: [] }], relationships: [{ types: ['Contains'], direction: 'out' }] },
    }]);
  });

  it.each([
    ['(a)-[r]->(b)', 'out'], ['(a)<-[r]-(b)', 'in'], ['(a)-[r]-(b)', 'both'], ['(a)-->(b)', 'out'],
    ['(a)<--(b)', 'in'], ['(a)--(b)', 'both'], ['(a)<-->(b)', 'both'], ['(a) - [r] -> (b)', 'out'],
  ])('reads the direction of %s', (text, direction) => {
    const part = clause<MatchClause>(`MATCH ${text} RETURN a`).pattern[0];
    expect(part.element.relationships[0].direction).toBe(direction);
  });

  it('reads relationship variables, type alternation (with or without repeated colons) and properties', () => {
    expect(shape(clause<MatchClause>('MATCH (a)-[r:A|B|:C {k: 1}]->(b) RETURN r').pattern[0].element.relationships)).toEqual([
      {
        variable: 'r', types: ['A', 'B', 'C'], direction: 'out',
        properties: { type: 'map', entries: [{ key: 'k', value: lit(1) }] },
      },
    ]);
  });

  it.each([
    ['*', {}], ['*2', { min: 2, max: 2 }], ['*1..', { min: 1 }], ['*..3', { max: 3 }], ['*0..', { min: 0 }],
    ['*1..3', { min: 1, max: 3 }], ['*..', {}], ['* 1 .. 3', { min: 1, max: 3 }],
  ])('reads the range %s', (range, expected) => {
    const rel = clause<MatchClause>(`MATCH (a)-[:R${range}]->(b) RETURN a`).pattern[0].element.relationships[0];
    expect(rel.range).toEqual(expected);
  });

  it('reads a pattern wrapped in parentheses', () => {
    expect(pattern('((a)-->(b))')).toEqual(pattern('(a)-->(b)'));
  });

  it('places nodes, relationships and parts', () => {
    const part = clause<MatchClause>('MATCH p = (a)-[r]->(b) RETURN p').pattern[0];
    expect([part.pos, part.element.nodes[1].pos, part.element.relationships[0].pos]).toEqual([
      { line: 1, column: 6 }, { line: 1, column: 19 }, { line: 1, column: 13 },
    ]);
  });
});
