import { describe, expect, it } from '@jest/globals';
import { PREBUILT_QUERIES } from '../testing/prebuilt-queries.js';
import { checkComplexity, queryFitness, SELECTOR_FITNESS_LOWER_BOUND } from './complexity.js';
import { CypherError, QUERY_TOO_COMPLEX } from './errors.js';
import { parseCypher } from './parser.js';
import { expandShortcuts } from './shortcuts.js';

const fitness = (text: string) => queryFitness(expandShortcuts(parseCypher(text)));
const kinds = (count: number) => Array.from({ length: count }, (_, i) => `K${i}`);

describe('queryFitness: the worked examples of graph-reference §2', () => {
  it('scores an unbounded undirected path -7 (undirected -3, relationship -1, unbounded -3)', () => {
    expect(fitness('MATCH p=(a)-[*]-(b) RETURN p')).toBe(-7);
  });

  it('scores the tier-zero shortest path +6', () => {
    expect(fitness('MATCH p=shortestPath((s)-[:AD_ATTACK_PATHS*1..]->(t:Tag_Tier_Zero)) WHERE s<>t RETURN p LIMIT 1000')).toBe(6);
  });

  it('scores the same before and after shortcut expansion', () => {
    const text = 'MATCH p=(s)-[:AZ_ATTACK_PATHS*1..]->(t) RETURN p';
    expect(queryFitness(parseCypher(text))).toBe(fitness(text));
  });
});

describe('queryFitness: one table row at a time', () => {
  it.each([
    ['shortestPath +5', 'MATCH p=shortestPath((a)-[:R]->(b)) RETURN p', 6],
    ['allShortestPaths +4', 'MATCH p=allShortestPaths((a)-[:R]->(b)) RETURN p', 5],
    ['a pattern of 5 elements -5', 'MATCH (a)-[:R]->(b)-[:R]->(c) RETURN a', -3],
    ['LIMIT 300 +1', 'MATCH (a) RETURN a LIMIT 300', 1],
    ['LIMIT 301 nothing', 'MATCH (a) RETURN a LIMIT 301', 0],
    ['LIMIT in WITH +1', 'MATCH (a) WITH a LIMIT 5 RETURN a', -2],
    ['DISTINCT +1', 'MATCH (a) RETURN DISTINCT a', 1],
    ['OPTIONAL MATCH -1', 'OPTIONAL MATCH (a) RETURN a', -1],
    ['WITH -3', 'MATCH (a) WITH a RETURN a', -3],
    ['inline objectid/name +4, other keys +3', "MATCH (a {objectid: 'x', name: 'y', other: 1}) RETURN a", 11],
    ['inline relationship property +3', 'MATCH (a)-[{since: 1}]->(b) RETURN a', 2],
    ['one label +2', 'MATCH (a:A) RETURN a', 2],
    ['two labels +1', 'MATCH (a:A:B) RETURN a', 1],
    ['15 types +1', `MATCH (a)-[:${kinds(15).join('|')}]->(b) RETURN a`, 0],
    ['16 types nothing', `MATCH (a)-[:${kinds(16).join('|')}]->(b) RETURN a`, -1],
    ['an expanded shortcut nothing', 'MATCH (a)-[:AD_ATTACK_PATHS]->(b) RETURN a', -1],
    ['relationship -1', 'MATCH (a)-->(b) RETURN a', -1],
    ['undirected relationship -3 more', 'MATCH (a)--(b) RETURN a', -4],
    ['range *2..5 +2 -5', 'MATCH (a)-[*2..5]->(b) RETURN a', -4],
    ['range *..4 -4', 'MATCH (a)-[*..4]->(b) RETURN a', -5],
    ['range * -3', 'MATCH (a)-[*]->(b) RETURN a', -4],
    ['range *.. -3', 'MATCH (a)-[*..]->(b) RETURN a', -4],
    ['range *0.. nothing', 'MATCH (a)-[*0..]->(b) RETURN a', -1],
    ['range *3 +3 -3', 'MATCH (a)-[*3]->(b) RETURN a', -1],
    ['NOT -1', 'MATCH (a) WHERE NOT a.x RETURN a', -1],
    ['AND +1 per chain', 'MATCH (a) WHERE a.x AND a.y AND a.z RETURN a', 1],
    ['OR -1 per chain', 'MATCH (a) WHERE a.x OR a.y OR a.z RETURN a', -1],
    ['nested AND and OR chains', 'MATCH (a) WHERE a.x AND (a.y OR a.z) AND (a.v OR a.w) RETURN a', -1],
    ['all -2', 'MATCH (a) WHERE all(x IN a.l WHERE x) RETURN a', -2],
    ['none -2', 'MATCH (a) WHERE none(x IN a.l WHERE x) RETURN a', -2],
    ['any -3', 'MATCH (a) WHERE any(x IN a.l WHERE x) RETURN a', -3],
    ['single -3', 'MATCH (a) WHERE single(x IN a.l WHERE x) RETURN a', -3],
    ['= +3', 'MATCH (a) WHERE a.x = 1 RETURN a', 3],
    ['IS NULL +3', 'MATCH (a) WHERE a.x IS NULL RETURN a', 3],
    ['STARTS WITH +2', "MATCH (a) WHERE a.x STARTS WITH 'p' RETURN a", 2],
    ['ENDS WITH +2', "MATCH (a) WHERE a.x ENDS WITH 'p' RETURN a", 2],
    ['CONTAINS +2', "MATCH (a) WHERE a.x CONTAINS 'p' RETURN a", 2],
    ['=~ +2', "MATCH (a) WHERE a.x =~ 'p' RETURN a", 2],
    ['< +1', 'MATCH (a) WHERE a.x < 1 RETURN a', 1],
    ['>= +1', 'MATCH (a) WHERE a.x >= 1 RETURN a', 1],
    ['IN +1', 'MATCH (a) WHERE a.x IN [1] RETURN a', 1],
    ['<> -1', 'MATCH (a) WHERE a.x <> 1 RETURN a', -1],
    ['IS NOT NULL -1', 'MATCH (a) WHERE a.x IS NOT NULL RETURN a', -1],
    ['node name look-up +4 more', "MATCH (a) WHERE a.name = 'x' RETURN a", 7],
    ['node objectid look-up on the right +4 more', "MATCH (a) WHERE 'x' ENDS WITH a.objectid RETURN a", 6],
    ['look-ups on both sides +8 more', 'MATCH (a), (b) WHERE a.objectid = b.name RETURN a', 11],
    ['a relationship name look-up is not selective', "MATCH ()-[r]->() WHERE r.name = 'x' RETURN r", 2],
    ['a look-up past WITH is no longer known as a node', "MATCH (a) WITH a MATCH (b) WHERE a.name = 'x' RETURN b", 0],
    ['WITH ... WHERE still knows the node', "MATCH (a) WITH a WHERE a.name = 'x' RETURN a", 4],
    ['a quantifier variable is not a node', "MATCH (a) WHERE all(x IN a.l WHERE x.name = 'y') RETURN a", 1],
    ['a label predicate +2', 'MATCH (a) WHERE a:A RETURN a', 2],
    ['a label predicate on several kinds +1', 'MATCH (a) WHERE a:A|B RETURN a', 1],
    ['pattern predicates score their nodes and relationships', 'MATCH (a) WHERE (a)-[:R]->(:B) RETURN a', 3],
    ['3 MATCH clauses -3', 'MATCH (a) MATCH (b) MATCH (c) RETURN a', -3],
    ['2 MATCH clauses nothing more', 'MATCH (a) MATCH (b) RETURN a', 0],
    ['3 WITH parts -3 more', 'MATCH (a) WITH a WITH a WITH a RETURN a', -12],
  ])('%s', (_row, text, expected) => {
    expect(fitness(text)).toBe(expected);
  });
});

describe('checkComplexity', () => {
  it('refuses a fitness of -7 with the reference message', () => {
    expect(() => checkComplexity(parseCypher('MATCH p=(a)-[*]-(b) RETURN p'))).toThrow(new CypherError(QUERY_TOO_COMPLEX));
  });

  it('accepts a fitness of -6', () => {
    expect(fitness('MATCH p=(a)-[*]-(b) RETURN p LIMIT 10')).toBe(-6);
    expect(() => checkComplexity(parseCypher('MATCH p=(a)-[*]-(b) RETURN p LIMIT 10'))).not.toThrow();
  });

  it.each(PREBUILT_QUERIES)('passes pre-built query #$number', ({ query }) => {
    expect(fitness(query)).toBeGreaterThan(-7);
  });
});

describe('checkComplexity with the selector threshold', () => {
  const check = (text: string) => () => checkComplexity(expandShortcuts(parseCypher(text)), SELECTOR_FITNESS_LOWER_BOUND);

  it('refuses a fitness of -3 that the endpoint threshold accepts', () => {
    const text = 'MATCH (a)-[:R]->(b)-[:R]->(c) RETURN a';
    expect([fitness(text), SELECTOR_FITNESS_LOWER_BOUND]).toEqual([-3, -3]);
    expect(check(text)).toThrow(new CypherError(QUERY_TOO_COMPLEX));
    expect(() => checkComplexity(parseCypher(text))).not.toThrow();
  });

  it('accepts a fitness of -2', () => {
    const text = 'MATCH (a) WITH a LIMIT 5 RETURN a';
    expect(fitness(text)).toBe(-2);
    expect(check(text)).not.toThrow();
  });
});
