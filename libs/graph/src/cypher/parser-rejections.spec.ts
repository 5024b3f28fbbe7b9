import { describe, expect, it } from '@jest/globals';
import {
  CypherError, INVALID_INPUT, MAX_QUERY_CHARACTERS, PARAMETERS_NOT_SUPPORTED, PROCEDURES_NOT_SUPPORTED,
  QUERY_TOO_LONG, TOO_MANY_TOKENS, UPDATING_CLAUSES_NOT_SUPPORTED,
} from './errors.js';
import { parseCypher } from './parser.js';

/** The 400 message parseCypher gives for a query. */
function refusal(text: string): string {
  try {
    parseCypher(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CypherError);
    return (error as Error).message;
  }
  throw new Error(`parsed: ${text}`);
}

describe('parseCypher: refusals without a position', () => {
  it.each(['', ' ', '\n\t\r\n '])('answers invalid input for the blank query %j', (text) => {
    expect(refusal(text)).toBe(INVALID_INPUT);
  });

  it.each([
    'CREATE (n:User) RETURN n', 'MERGE (n:User {name: "a"}) RETURN n', 'MATCH (n) SET n.x = 1 RETURN n',
    'MATCH (n) REMOVE n:User RETURN n', 'MATCH (n) DELETE n', 'match (s:User) detach delete s',
    'MATCH (n) FOREACH (x IN [1] | SET n.x = x)', 'match (n) create (m)',
  ])('refuses the updating clause in %s', (text) => {
    expect(refusal(text)).toBe(UPDATING_CLAUSES_NOT_SUPPORTED);
  });

  it.each([
    'match (n) where n.name = $name return n', 'MATCH (n {name: $name}) RETURN n', 'MATCH (n $props) RETURN n',
    'MATCH (n) RETURN n LIMIT $limit', 'RETURN [$0]',
  ])('refuses the parameter in %s', (text) => {
    expect(refusal(text)).toBe(PARAMETERS_NOT_SUPPORTED);
  });

  it.each(['CALL db.labels()', 'CALL db.labels', 'MATCH (n) CALL { RETURN 1 } RETURN n', 'call apoc.help("x") YIELD name RETURN name'])(
    'refuses the procedure call in %s', (text) => {
      expect(refusal(text)).toBe(PROCEDURES_NOT_SUPPORTED);
    },
  );
});

describe('parseCypher: unsupported constructs, named with their position', () => {
  it.each([
    ['MATCH (V1:LabelA) RETURN V1.Name AS v1Name UNION ALL MATCH (V2:LabelB) RETURN V2.Name AS v2Name', 'line 1:43 UNION is not supported'],
    ['profile match(n) return n', 'line 1:0 PROFILE is not supported'],
    ['EXPLAIN MATCH (n) RETURN n', 'line 1:0 EXPLAIN is not supported'],
    ['MATCH (n) RETURN CASE WHEN n.a THEN 1 END', 'line 1:17 CASE is not supported'],
    ['MATCH (n) WHERE EXISTS { MATCH (n)-->() } RETURN n', 'line 1:16 EXISTS { ... } subquery is not supported'],
    ['MATCH (n) RETURN COUNT { (n)-->() }', 'line 1:17 COUNT { ... } subquery is not supported'],
    ['RETURN reduce(a = 0, x IN [1, 2] | a + x)', 'line 1:7 reduce() is not supported'],
    ['RETURN filter(x IN [1, 2] WHERE x > 1)', 'line 1:7 filter() is not supported'],
    ['RETURN extract(x IN [1, 2] | x)', 'line 1:7 extract() is not supported'],
    ['RETURN [x IN [1, 2] | x * 2]', 'line 1:7 list comprehension is not supported'],
    ['RETURN [x IN [1, 2] WHERE x > 1]', 'line 1:7 list comprehension is not supported'],
    ['MATCH (n) RETURN [(n)-->(m) | m.name]', 'line 1:17 pattern comprehension is not supported'],
    ['MATCH (n) RETURN [p = (n)-->(m) WHERE m.a | p]', 'line 1:17 pattern comprehension is not supported'],
    ['MATCH (n) RETURN [((n)-->(m)) | m.name]', 'line 1:17 pattern comprehension is not supported'],
    ['RETURN [1, 2][0]', 'line 1:13 list indexing and slicing is not supported'],
    ['MATCH (n) RETURN labels(n)[0..1]', 'line 1:26 list indexing and slicing is not supported'],
    ['MATCH (n) RETURN n {.name, .objectid}', 'line 1:19 map projection is not supported'],
    ['LOAD CSV FROM "file:///x.csv" AS row RETURN row', 'line 1:0 LOAD CSV is not supported'],
    ['USING PERIODIC COMMIT LOAD CSV FROM "x" AS row RETURN row', 'line 1:0 USING PERIODIC COMMIT is not supported'],
    ['MATCH (n:User) USING INDEX n:User(name) WHERE n.name = "a" RETURN n', 'line 1:15 USING (planner hints) is not supported'],
    ['USE neo4j MATCH (n) RETURN n', 'line 1:0 USE is not supported'],
    ['START n = node(1) RETURN n', 'line 1:0 START is not supported'],
    ['CREATE INDEX ON :User(name)', 'line 1:0 CREATE INDEX is not supported'],
    ['create constraint on (n:User) assert n.name is unique', 'line 1:0 CREATE CONSTRAINT is not supported'],
    ['DROP INDEX ON :User(name)', 'line 1:0 DROP INDEX is not supported'],
    ['MATCH (n) WHERE n.name = {name} RETURN n', 'line 1:25 legacy parameter {name} is not supported'],
    ['MATCH (n {0}) RETURN n', 'line 1:9 legacy parameter {0} is not supported'],
    ['RETURN shortestPath((a)-->(b))', 'line 1:7 shortestPath outside MATCH is not supported'],
  ])('refuses %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('names an unknown function with its position', () => {
    expect(refusal('MATCH (n)\nRETURN foo(labels(n)), apoc.text.join([], "")')).toBe('line 2:7 unknown cypher function: foo');
    expect(refusal('RETURN apoc.text.join([], "")')).toBe('line 1:7 unknown cypher function: apoc.text.join');
  });
});

describe('parseCypher: syntax errors name what was expected and what was found', () => {
  it.each([
    ['MATCH MERGE', "line 1:6 expected a pattern but found 'MERGE'"],
    ['MATCH (n RETURN n', "line 1:9 expected ':', '{' or ')' but found 'RETURN'"],
    ['MATCH (n)-[:R*1..]->(m RETURN n', "line 1:23 expected ':', '{' or ')' but found 'RETURN'"],
    ['MATCH (n)-[:R x]->(m) RETURN n', "line 1:14 expected ']' but found 'x'"],
    ['MATCH (n)-[x y]->(m) RETURN n', "line 1:13 expected ']' but found 'y'"],
    ['MATCH (', "line 1:7 expected a variable, ':', '{' or ')' but found end of input"],
    ['MATCH (n) RETURN n LIMIT', 'line 1:24 expected an expression but found end of input'],
    ['MATCH (n) WHERE RETURN n', "line 1:16 expected an expression but found 'RETURN'"],
    ['MATCH (n) RETURN n AS', 'line 1:21 expected a variable name but found end of input'],
    ['MATCH (n) RETURN n ORDER n', "line 1:25 expected BY but found 'n'"],
    ['OPTIONAL (n) RETURN n', "line 1:9 expected MATCH but found '('"],
    ['RETURN (1 + 2', 'line 1:13 expected \')\' but found end of input'],
    ['RETURN [1, 2', "line 1:12 expected ',' or ']' but found end of input"],
    ['RETURN {a 1}', "line 1:10 expected ':' but found '1'"],
    ['RETURN toUpper("a" "b")', "line 1:19 expected ',' or ')' but found '\"b\"'"],
    ['RETURN a IS 1', "line 1:12 expected NULL but found '1'"],
    [`RETURN 1 '${'x'.repeat(100)}'`, `line 1:9 expected a clause (MATCH, OPTIONAL MATCH, WITH, UNWIND or RETURN) but found ''${'x'.repeat(39)}...'`],
    ['RETURN all(x IN [1])', "line 1:19 expected WHERE but found ')'"],
    ['MATCH (n) WHERE n:A:B|C RETURN n', "line 1:21 a label predicate cannot mix ':' (all) and '|' (any)"],
    ['RETURN 1; RETURN 2', "line 1:8 expected a clause (MATCH, OPTIONAL MATCH, WITH, UNWIND or RETURN) but found ';'"],
    ['// nothing but a comment', 'line 1:24 expected a clause (MATCH, OPTIONAL MATCH, WITH, UNWIND or RETURN) but found end of input'],
    ['MATCH (n)\nWHERE n.name = "a\nRETURN n', 'line 2:15 unterminated string literal'],
    ['MATCH (n) /* open\nRETURN n', 'line 1:10 unterminated comment'],
    ['MATCH p = shortestPath((a)-->(b)-->(c)) RETURN p', 'line 1:10 shortestPath requires a pattern with exactly one relationship'],
    ['MATCH p = allShortestPaths((a)) RETURN p', 'line 1:10 allShortestPaths requires a pattern with exactly one relationship'],
    ['MATCH p = shortestPath((a)-[*2..]->(b)) RETURN p', 'line 1:10 shortestPath requires a minimum length of 0 or 1'],
    ['MATCH p = allShortestPaths((a)-[:R*3]->(b)) RETURN p', 'line 1:10 allShortestPaths requires a minimum length of 0 or 1'],
  ])('refuses %j', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('refuses nesting deeper than 200 levels without overflowing the stack', () => {
    expect(refusal(`RETURN ${'('.repeat(19_000)}1`)).toMatch(/^line 1:\d+ query is nested too deeply \(more than 200 levels\)$/);
    expect(refusal(`RETURN ${'NOT '.repeat(19_000)}true`)).toMatch(/query is nested too deeply/);
    expect(refusal(`MATCH ${'('.repeat(19_000)}`)).toMatch(/query is nested too deeply/);
    expect(refusal(`RETURN ${'['.repeat(300)}1${']'.repeat(300)}`)).toMatch(/query is nested too deeply/);
  });

  it('refuses operator chains whose syntax tree would be too deep', () => {
    expect(refusal(`MATCH (a) RETURN a${' + 1'.repeat(2000)}`)).toMatch(/^line 1:\d+ query is nested too deeply$/);
  });

  it('refuses text longer than the limit before reading it', () => {
    expect(refusal(`RETURN '${'x'.repeat(MAX_QUERY_CHARACTERS)}'`)).toBe(QUERY_TOO_LONG);
    expect(refusal(`RETURN ${'('.repeat(MAX_QUERY_CHARACTERS)}`)).toBe('query is too long (at most 100000 characters)');
  });

  it('accepts text up to the limit', () => {
    expect(parseCypher(`RETURN '${'x'.repeat(MAX_QUERY_CHARACTERS - 9)}'`).clauses).toHaveLength(1);
  });

  it('refuses more tokens than the limit', () => {
    expect(refusal(`RETURN ${Array(10_001).fill('1').join('+')}`)).toBe(TOO_MANY_TOKENS);
  });

  it('accepts nesting up to the bound', () => {
    expect(parseCypher(`RETURN ${'('.repeat(150)}1${')'.repeat(150)}`).clauses).toHaveLength(1);
  });
});
