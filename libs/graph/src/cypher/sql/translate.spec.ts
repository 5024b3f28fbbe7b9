import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { apiErrorOf } from '@app/platform/testing';
import { prepareCypher } from '../check.js';
import { parseCypher } from '../parser.js';
import { QUERY_NOT_EVALUATED, TranslationErrors } from './errors.js';
import { kindNamesOf, translateQuery } from './translate.js';

const KINDS = new Map([['User', 1], ['Group', 2], ['MemberOf', 3], ['AdminTo', 4], ['Base', 5]]);

function translate(text: string, rowLimit = 100) {
  return translateQuery(prepareCypher(text), KINDS, { rowLimit });
}

function statement(text: string, rowLimit = 100) {
  const translation = translate(text, rowLimit);
  return translation.statement(translation.steps.map(() => []));
}

const refusal = (text: string) => apiErrorOf((async () => translate(text))());

describe('translateQuery', () => {
  it('binds every constant and property key as a parameter, never as SQL text', () => {
    const words = fc.stringMatching(/^[a-z][a-z0-9]{5,12}$/).filter((word) => !/^(null|true|false)$/.test(word));
    fc.assert(fc.property(words, words, words, (key, text, other) => {
      const query = `MATCH (n:User) WHERE n.${key} = '${text}' OR n.${key} CONTAINS '${other}' OR n.${key} =~ '(?i)${other}' RETURN n.${key}, '${text}' AS x`;
      const { text: sql, values } = statement(query);
      for (const word of [key, text, other]) expect(sql).not.toContain(word);
      expect(values).toEqual(expect.arrayContaining([key, text, `%${other}%`, other]));
    }), { numRuns: 200 });
  });

  it('escapes LIKE wildcards of constants', () => {
    expect(statement("MATCH (n) WHERE n.name STARTS WITH '50%_a\\\\b' RETURN n").values).toContain('50\\%\\_a\\\\b%');
  });

  it('turns a label or type the graph has never seen into false, without failing', () => {
    expect(statement('MATCH (n:Nope) RETURN n').text).toMatch(/WHERE \(false\)/);
    expect(statement('MATCH (n)-[:Nope]->(m) RETURN n').text).toMatch(/\(false\)/);
    expect(statement('MATCH (n)-[:Nope|MemberOf]->(m) RETURN n').values).toContainEqual([3]);
  });

  it('names every label and type of a query for kind resolution', () => {
    const query = prepareCypher('MATCH (a:User)-[:MemberOf|AdminTo]->(b) WHERE b:Group OR (a)-[:HasSession]-(:Computer) RETURN a');
    expect(kindNamesOf(query).sort()).toEqual(['AdminTo', 'Computer', 'Group', 'HasSession', 'MemberOf', 'User']);
  });

  it('fetches one row more than the row limit, or the query LIMIT when smaller', () => {
    expect(statement('MATCH (n) RETURN n', 100).values.at(-1)).toBe(101);
    expect(statement('MATCH (n) RETURN n LIMIT 5', 100).values.at(-1)).toBe(5);
    expect(statement('MATCH (n) RETURN n LIMIT 500', 100).values.at(-1)).toBe(101);
  });

  it('plans a shortestPath part as a pathfinding step with its ends pushed down', () => {
    const translation = translate("MATCH p = shortestPath((s:User)-[:MemberOf|AdminTo*1..]->(t:Group)) WHERE s.name = 'A' AND s <> t RETURN p LIMIT 10");
    expect(translation.steps).toHaveLength(1);
    const [step] = translation.steps;
    expect({ ...step, start: undefined, end: undefined }).toEqual({
      mode: 'shortest', start: undefined, end: undefined, distinctEnds: true, edgeKindIds: [3, 4], direction: 'out', minDepth: 1, maxDepth: 15, limit: 10,
      // Only the end is nothing but labels: an in-memory search may test it by kinds; the start has a property test.
      startKinds: undefined, endKinds: [2],
    });
    expect(step.start!.toQuery()).toEqual({
      text: "(n.kind_ids @> $1::int2[]) AND ((n.properties ->> $2::text) = $3::text AND jsonb_typeof(n.properties -> $4::text) = 'string')",
      values: [[1], 'name', 'A', 'name'],
    });
    expect(step.end!.toQuery()).toEqual({ text: '(n.kind_ids @> $1::int2[])', values: [[2]] });
  });

  it('passes the paths a step found to the statement as one jsonb parameter', () => {
    const translation = translate('MATCH p = allShortestPaths((s:User)<-[:MemberOf*1..4]-(t)) RETURN p');
    expect(translation.steps[0]).toMatchObject({ mode: 'allShortest', direction: 'in', minDepth: 1, maxDepth: 4, distinctEnds: false });
    const { text, values } = translation.statement([[{ startId: 1, endId: 3, nodeIds: [1, 2, 3], edgeIds: [7, 8] }]]);
    expect(text).toContain('jsonb_to_recordset($');
    expect(values).toContainEqual('[{"start_id":1,"end_id":3,"node_ids":[1,2,3],"edge_ids":[7,8]}]');
  });

  it('refuses negative or fractional SKIP and LIMIT', async () => {
    const query = prepareCypher('MATCH (n) RETURN n SKIP 1 LIMIT 1');
    const projection = query.clauses[1] as { skip?: unknown; limit?: unknown };
    projection.limit = { type: 'literal', value: -1, pos: { line: 1, column: 0 } };
    const limit = await apiErrorOf((async () => translateQuery(query, KINDS, { rowLimit: 10 }))());
    expect([limit.status, limit.messages[0]]).toEqual([400, `${QUERY_NOT_EVALUATED}: ${TranslationErrors.badLimit}`]);
    projection.limit = undefined;
    projection.skip = { type: 'literal', value: 1.5, float: true, pos: { line: 1, column: 0 } };
    const skip = await apiErrorOf((async () => translateQuery(query, KINDS, { rowLimit: 10 }))());
    expect(skip.messages[0]).toBe(`${QUERY_NOT_EVALUATED}: ${TranslationErrors.badSkip}`);
  });

  it('refuses aggregates outside projections and nested aggregates, even unchecked', async () => {
    const unchecked = (text: string) => apiErrorOf((async () => translateQuery(parseCypher(text), KINDS, { rowLimit: 10 }))());
    expect((await unchecked('MATCH (n) RETURN count(count(n))')).messages[0]).toBe(`${QUERY_NOT_EVALUATED}: ${TranslationErrors.nestedAggregate}`);
    expect((await unchecked('MATCH (n) WHERE count(n) > 1 RETURN n')).messages[0]).toBe(`${QUERY_NOT_EVALUATED}: ${TranslationErrors.aggregateMisplaced}`);
  });

  it('refuses a shortestPath whose end comes from an earlier query part', async () => {
    const error = await refusal('MATCH (s:User) WITH s MATCH p = shortestPath((s)-[:MemberOf*1..]->(t:Group)) RETURN p');
    expect(error.messages[0]).toBe(`${QUERY_NOT_EVALUATED}: ${TranslationErrors.shortestPathBound}`);
  });
});

describe('walk steps (variable-length relationships handed to the traversal index)', () => {
  const walked = (text: string) => translateQuery(prepareCypher(text), KINDS, { rowLimit: 100, walksInMemory: true });

  it('hands over a walk from a set of seeds: by kinds, by a seed statement, or every node, with its shape', () => {
    const byKinds = walked('MATCH p = (u:User)-[:MemberOf*1..3]->(g:Group) RETURN p');
    expect(byKinds.walks).toEqual([{
      seed: { type: 'kinds', kinds: [1] }, step: 'out', fromLeft: true, edgeKindIds: [3], min: 1, max: 3, withNodes: true, withEdges: true, farKinds: [2],
    }]);
    const bySeeds = walked("MATCH (u)-[:MemberOf|AdminTo*0..]->(g:Group {objectid: 'S-1'}) RETURN u");
    expect(bySeeds.walks).toMatchObject([{ step: 'in', fromLeft: false, edgeKindIds: [3, 4], min: 0, max: 15, withNodes: false }]);
    const seed = bySeeds.walks[0].seed;
    expect(seed.type === 'ids' && seed.statement.toQuery().values).toContain('S-1');
    expect(walked('MATCH (a)-[*2]-(b) RETURN b').walks).toMatchObject([{ seed: { type: 'all' }, step: 'both', farKinds: undefined }]);
    // Edge ids only where something reads them: a relationship variable, a named path, relationship isomorphism.
    expect(bySeeds.walks[0].withEdges).toBe(false);
    expect(walked('MATCH (a:User)-[r:MemberOf*1..2]->(b) RETURN b').walks[0].withEdges).toBe(true);
    expect(walked('MATCH (a:User)-[:MemberOf*1..2]->(b)-[:MemberOf]->(c) RETURN c').walks[0].withEdges).toBe(true);
    expect(walked('MATCH (a:User)-[:MemberOf*1..2]->(b)-[:AdminTo]->(c) RETURN c').walks[0].withEdges).toBe(false);
    const rows = { seeds: [7], fars: [8], counts: null, offsets: [1], lengths: [1], edges: [9], nodes: [7, 8] };
    const { text, values } = byKinds.statement([], [rows]);
    expect(text).toContain('WITH ORDINALITY');
    expect(values).toEqual(expect.arrayContaining([[7], [8], [9], [7, 8], null]));
    expect(() => byKinds.statement([])).toThrow('walk step 0 has no rows');
  });

  it('keeps a CTE for seeds bound per row, edge property tests, or without walksInMemory', () => {
    expect(walked("MATCH (a:User) WITH a MATCH (a)-[:MemberOf*]->(g) RETURN g").walks).toEqual([]);
    expect(walked("MATCH (a:User)-[:MemberOf* {isacl: true}]->(g) RETURN g").walks).toEqual([]);
    expect(translate('MATCH (u:User)-[:MemberOf*1..3]->(g:Group) RETURN g').walks).toEqual([]);
  });
});

describe('walk steps whose trail count cannot change the answer', () => {
  const walks = (text: string) => translateQuery(prepareCypher(text), KINDS, { rowLimit: 100, walksInMemory: true }).walks;

  it('are those of MATCH patterns in a query part ending in DISTINCT without aggregates', () => {
    expect(walks('MATCH (a:User)-[:MemberOf*1..]->(g:Group) RETURN DISTINCT a')[0].distinctRows).toBe(true);
    expect(walks('MATCH (a:User)-[:MemberOf*1..]->(g:Group) WITH DISTINCT g MATCH (g)-[:AdminTo]->(c) RETURN c')[0].distinctRows).toBe(true);
    expect(walks('MATCH (a:User)-[:MemberOf*1..]->(g:Group) RETURN a')[0].distinctRows).toBeUndefined();
    expect(walks('MATCH (a:User)-[:MemberOf*1..]->(g:Group) RETURN DISTINCT a, count(g)')[0].distinctRows).toBeUndefined();
    expect(walks('MATCH (a:User)-[:MemberOf*1..]->(g:Group) WITH a, g RETURN DISTINCT a')[0].distinctRows).toBeUndefined();
  });
});
