import { describe, expect, it } from '@jest/globals';
import { PREBUILT_QUERIES, REJECTED_QUERIES } from '../testing/prebuilt-queries.js';
import { SUPPORTED_FUNCTIONS, type MatchClause } from './ast.js';
import { arityMessage, checkQuery, MAX_PROJECTION_ITEMS, prepareCypher } from './check.js';
import { CypherError } from './errors.js';
import { parseCypher } from './parser.js';

/** The 400 message prepareCypher gives for a query. */
function refusal(text: string): string {
  try {
    prepareCypher(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CypherError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

const accepts = (text: string) => expect(() => checkQuery(parseCypher(text))).not.toThrow();

describe('checkQuery: variables', () => {
  it.each([
    'MATCH (n) RETURN n',
    'MATCH p = (a)-[r]->(b) WHERE a <> b AND size(relationships(p)) > 0 RETURN p, r',
    'UNWIND [1, 2] AS x RETURN x',
    'MATCH (n) WITH n AS m RETURN m',
    'MATCH (n) WITH *, 1 AS one RETURN n, one',
    'MATCH (n) RETURN all(x IN labels(n) WHERE x <> "Base")',
    'MATCH (n)-[:R]->(m) WHERE NOT (n)<-[:S]-(m) RETURN n',
    'MATCH (a) MATCH (a)-[r]->(b) MATCH (c)-[r]->(d) RETURN d',
    'MATCH (u) WITH DISTINCT u, count(u) AS c RETURN u ORDER BY c DESC',
    'MATCH (n) WITH n.name AS name ORDER BY n.age RETURN name',
    'RETURN 1', 'WITH 1 AS x RETURN x', 'UNWIND [1] AS x WITH x RETURN x',
  ])('accepts %s', (text) => accepts(text));

  it.each([
    ['MATCH (n) RETURN m', 'line 1:17 variable `m` not defined'],
    ['MATCH (n) WHERE m.name = "x" RETURN n', 'line 1:16 variable `m` not defined'],
    ['MATCH (n)-[r]->(m) WITH n RETURN m', 'line 1:33 variable `m` not defined'],
    ['MATCH (n) WITH n.name AS name WHERE n.age > 1 RETURN name', 'line 1:36 variable `n` not defined'],
    ['MATCH (n) WHERE (n)-[:R]->(m) RETURN n', 'line 1:26 variable `m` not defined'],
    ['MATCH (n {name: x.name}) RETURN n', 'line 1:16 variable `x` not defined'],
    ['MATCH (n) RETURN all(x IN labels(n) WHERE y)', 'line 1:42 variable `y` not defined'],
    ['MATCH (n) RETURN all(x IN labels(n) WHERE true), x', 'line 1:49 variable `x` not defined'],
    ['UNWIND x AS y RETURN y', 'line 1:7 variable `x` not defined'],
  ])('refuses %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it.each([
    ['MATCH (n)-[n]->() RETURN n', 'line 1:9 variable `n` already declared'],
    ['MATCH p = (a)-->(b) MATCH p = (c)-->(d) RETURN p', 'line 1:26 variable `p` already declared'],
    ['MATCH (a)-[r]->(b)-[r]->(c) RETURN a', 'line 1:18 cannot use the same relationship variable `r` for several relationships'],
    ['UNWIND [1] AS x UNWIND [2] AS x RETURN x', 'line 1:16 variable `x` already declared'],
  ])('refuses the conflicting declaration in %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });
});

describe('checkQuery: variable kinds', () => {
  it.each([
    'MATCH (n) WITH head(collect(n)) AS m MATCH (m)-->(o) RETURN o',
    'MATCH (a)-[r*1..2]->(b) UNWIND r AS rel MATCH ()-[rel]->() RETURN rel',
    'MATCH (a)-[r]->(b) WITH r MATCH (c)-[r]->(d) RETURN c',
    'MATCH (n) WITH n AS m MATCH (m)-->(o) RETURN o',
  ])('accepts %s', (text) => accepts(text));

  it.each([
    ['UNWIND [1] AS x MATCH (x) RETURN x', 'line 1:22 variable `x` is not a node'],
    ['WITH 1 AS x MATCH (x) RETURN x', 'line 1:18 variable `x` is not a node'],
    ['MATCH (n) WITH n.name AS x MATCH (x)-->() RETURN x', 'line 1:33 variable `x` is not a node'],
    ['UNWIND [1, 2] AS r MATCH ()-[r]->() RETURN r', 'line 1:27 variable `r` is not a relationship'],
    ['MATCH (a)-[r]->(b) MATCH (a)-[r]->(b)-[r]->(c) RETURN c', 'line 1:37 cannot use the same relationship variable `r` for several relationships'],
  ])('refuses %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it.each([
    ['MATCH (a)-[r]->(b) MATCH (c)-[r*1..2]->(d) RETURN c', 'line 1:28'],
    ['MATCH (a)-[r*1..2]->(b) MATCH (c)-[r]->(d) RETURN c', 'line 1:33'],
    ['MATCH (a)-[r*1..2]->(b) MATCH (c)-[r*1..2]->(d) RETURN c', 'line 1:33'],
  ])('refuses reusing a relationship variable when either use is variable-length: %s', (text, at) => {
    expect(refusal(text)).toBe(`${at} relationship variable \`r\` cannot be reused: a variable-length relationship binds a list`);
  });
});

describe('checkQuery: ORDER BY', () => {
  it.each([
    'MATCH (n) RETURN DISTINCT n.name ORDER BY n.name',
    'MATCH (n) RETURN DISTINCT n.name AS name ORDER BY name DESC',
    'MATCH (n) RETURN DISTINCT n ORDER BY n.name',
    'MATCH (n) RETURN n.name AS name, count(n) AS c ORDER BY c DESC, name',
    'MATCH (n) RETURN n.name, count(n) ORDER BY count(n) DESC, n.name',
    'MATCH (u) WITH DISTINCT u, count(u) AS c RETURN u ORDER BY c DESC',
    'MATCH (n) WITH DISTINCT n.name AS name ORDER BY name RETURN name',
    'MATCH (n) RETURN n.name ORDER BY n.objectid',
  ])('accepts %s', (text) => accepts(text));

  it.each([
    ['MATCH (n) RETURN DISTINCT n.name ORDER BY n.objectid', 'line 1:42 variable `n` not defined'],
    ['MATCH (n) RETURN count(n) ORDER BY n.name', 'line 1:35 variable `n` not defined'],
    ['MATCH (n) WITH DISTINCT n.name AS name ORDER BY n.age RETURN name', 'line 1:48 variable `n` not defined'],
    ['MATCH (n) RETURN n.name AS name, collect(n) AS c ORDER BY size(c), n.age', 'line 1:67 variable `n` not defined'],
    ['MATCH (n) RETURN n ORDER BY count(n)', 'line 1:28 aggregate functions are not allowed in ORDER BY'],
    ['MATCH (n) RETURN n.name AS name, count(n) AS c ORDER BY count(n) + 1', 'line 1:56 aggregate functions are not allowed in ORDER BY'],
  ])('refuses %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });
});

describe('checkQuery: clause shape', () => {
  it.each([
    ['MATCH (n)', 'line 1:0 query cannot conclude with MATCH (must be RETURN)'],
    ['MATCH (n) WITH n', 'line 1:10 query cannot conclude with WITH (must be RETURN)'],
    ['UNWIND [1] AS x', 'line 1:0 query cannot conclude with UNWIND (must be RETURN)'],
    ['MATCH (n) RETURN n MATCH (m) RETURN m', 'line 1:10 RETURN can only be used at the end of the query'],
    ['MATCH (n) WITH n.name RETURN 1', 'line 1:15 expression in WITH must be aliased (use AS)'],
    ['MATCH (n) WITH count(*) RETURN 1', 'line 1:15 expression in WITH must be aliased (use AS)'],
    ['RETURN *', 'line 1:0 RETURN * is not allowed when there are no variables in scope'],
    ['MATCH (n) RETURN n, n', 'line 1:20 multiple result columns with the same name `n`'],
    ['MATCH (n) RETURN n.a AS x, n.b AS x', 'line 1:27 multiple result columns with the same name `x`'],
    ['MATCH (n) RETURN n LIMIT -1', 'line 1:25 LIMIT must be a non-negative integer literal'],
    ['MATCH (n) RETURN n SKIP 1.5', 'line 1:24 SKIP must be a non-negative integer literal'],
    ['MATCH (n) RETURN n LIMIT size([1])', 'line 1:25 LIMIT must be a non-negative integer literal'],
  ])('refuses %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it.each([
    ['MATCH (n) WHERE count(n) > 1 RETURN n', 'line 1:16 aggregate functions are not allowed in WHERE'],
    ['MATCH (n) WITH n WHERE count(*) > 1 RETURN n', 'line 1:23 aggregate functions are not allowed in WHERE'],
    ['UNWIND collect(1) AS x RETURN x', 'line 1:7 aggregate functions are not allowed in UNWIND'],
    ['MATCH (n {k: count(*)}) RETURN n', 'line 1:13 aggregate functions are not allowed in a pattern'],
    ['MATCH (n) RETURN count(collect(n))', 'line 1:23 aggregate functions cannot be nested'],
  ])('refuses the misplaced aggregate in %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });
});

describe('prepareCypher', () => {
  it('expands relationship-type shortcuts after the checks', () => {
    const match = prepareCypher('MATCH p = (a)-[:AD_ATTACK_PATHS*1..]->(b) RETURN p').clauses[0] as MatchClause;
    const types = match.pattern[0].element.relationships[0].types;
    expect(types).toContain('MemberOf');
    expect(types).not.toContain('AD_ATTACK_PATHS');
  });

  it('applies the complexity gate last', () => {
    expect(refusal('MATCH p=(a)-[*]-(b) RETURN p')).toBe(
      'cypher query is too complex and is likely to result in poor or unstable database performance',
    );
  });

  it('never throws anything but CypherError, even for a stack-exhausting query', () => {
    expect(refusal(`RETURN ${'-'.repeat(19_000)}1`)).toMatch(/nested too deeply/);
  });
});

describe('checkQuery: function arguments', () => {
  /** Each function with its accepted argument counts (the last being the most it takes; -1: no limit). */
  const ARITIES: [string, number, number][] = [
    ['id', 1, 1], ['labels', 1, 1], ['type', 1, 1], ['startNode', 1, 1], ['endNode', 1, 1], ['nodes', 1, 1],
    ['relationships', 1, 1], ['head', 1, 1], ['tail', 1, 1], ['last', 1, 1], ['size', 1, 1], ['length', 1, 1],
    ['split', 2, 2], ['toLower', 1, 1], ['toUpper', 1, 1], ['toString', 1, 1], ['toInteger', 1, 1], ['toFloat', 1, 1],
    ['toBoolean', 1, 1], ['coalesce', 1, -1], ['trim', 1, 1], ['abs', 1, 1], ['keys', 1, 1], ['properties', 1, 1],
    ['exists', 1, 1], ['count', 1, 1], ['collect', 1, 1], ['sum', 1, 1], ['avg', 1, 1], ['min', 1, 1], ['max', 1, 1],
    ['date', 0, 1], ['datetime', 0, 1], ['localdatetime', 0, 1], ['time', 0, 1], ['localtime', 0, 1], ['duration', 1, 1],
  ];
  const call = (name: string, count: number) => `MATCH (n) RETURN ${name}(${Array.from({ length: count }, () => 'n').join(', ')})`;

  it('knows the arity of every supported function', () => {
    expect(ARITIES.map(([name]) => name.toLowerCase()).sort()).toEqual([...SUPPORTED_FUNCTIONS].sort());
  });

  it.each(ARITIES)('refuses %s() with too few or too many arguments', (name, min, max) => {
    const message = `line 1:17 ${arityMessage(name, min, max === -1 ? Infinity : max)}`;
    if (min > 0) expect(refusal(call(name, min - 1))).toBe(message);
    if (max !== -1) expect(refusal(call(name, max + 1))).toBe(message);
    for (let count = min; count <= (max === -1 ? min + 2 : max); count++) {
      expect(() => checkQuery(parseCypher(call(name, count)))).not.toThrow();
    }
  });

  it.each([
    ['RETURN coalesce()', 'line 1:7 coalesce() takes at least 1 argument'],
    ['RETURN toLower()', 'line 1:7 toLower() takes 1 argument'],
    ["RETURN toLower('A', 'B')", 'line 1:7 toLower() takes 1 argument'],
    ["RETURN split('a')", 'line 1:7 split() takes 2 arguments'],
    ['RETURN datetime(1, 2)', 'line 1:7 datetime() takes 0 to 1 argument'],
    ['MATCH (n) RETURN count()', 'line 1:17 count() takes 1 argument'],
    ['MATCH (n) RETURN collect(DISTINCT n, n)', 'line 1:17 collect() takes 1 argument'],
    ['MATCH (n) WHERE size() > 1 RETURN n', 'line 1:16 size() takes 1 argument'],
  ])('refuses %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });
});

describe('checkQuery: projection size', () => {
  const items = (count: number) => Array.from({ length: count }, (_, i) => `${i} AS c${i}`).join(', ');

  it(`accepts ${MAX_PROJECTION_ITEMS} projection items and refuses more`, () => {
    accepts(`RETURN ${items(MAX_PROJECTION_ITEMS)}`);
    expect(refusal(`RETURN ${items(MAX_PROJECTION_ITEMS + 1)}`)).toBe(`line 1:0 RETURN cannot project more than ${MAX_PROJECTION_ITEMS} items`);
    expect(refusal(`WITH ${items(MAX_PROJECTION_ITEMS + 1)} RETURN c0`)).toBe(`line 1:0 WITH cannot project more than ${MAX_PROJECTION_ITEMS} items`);
  });
});

describe('the pre-built query corpus', () => {
  it('holds the 80 queries of the spec, numbered in order', () => {
    expect(PREBUILT_QUERIES.map((q) => q.number)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
  });

  it.each(PREBUILT_QUERIES)('accepts #$number $name', ({ query }) => {
    const prepared = prepareCypher(query);
    expect(prepared.clauses.at(-1)!.type).toBe('return');
  });

  it.each(REJECTED_QUERIES)('refuses $query with the appendix message', ({ query, message }) => {
    expect(refusal(query)).toBe(message);
  });
});
