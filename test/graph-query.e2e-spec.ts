import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { ApiError, Database, type TransactionOptions } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import type { QueryRows } from '@app/graph';
import {
  graphQueryContract, PgGraphStore, PgKindRegistry, PgPathfinder, PgQueryEngine, QUERY_GRAPH, QUERY_NOT_EVALUATED,
  rowsOf, runCypher, seedGraph, sortedRowsOf, TranslationErrors, type PathfindingStep,
} from '@app/graph/testing';
import { bearer } from './support/auth.js';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';

let t: TestApp;
let database: Database;
let kinds: PgKindRegistry;
let pathfinder: PgPathfinder;
let engine: PgQueryEngine;
let store: PgGraphStore;

beforeAll(async () => {
  t = await createTestApp();
  database = t.app.get(Database);
  kinds = t.app.get(PgKindRegistry, { strict: false });
  pathfinder = t.app.get(PgPathfinder, { strict: false });
  engine = new PgQueryEngine(database, kinds, pathfinder);
  store = new PgGraphStore(database, kinds);
});
afterAll(async () => t.close());

graphQueryContract('PgQueryEngine', async () => ({ engine, store }));

describe('PgQueryEngine beyond the contract', () => {
  const run = (text: string, rowLimit?: number): Promise<QueryRows> => runCypher(engine, text, rowLimit);
  const single = async (text: string) => rowsOf(await run(text))[0]?.[0];
  const column = async (text: string) => sortedRowsOf(await run(text)).map((row) => row[0]);
  const refusal = async (text: string) => apiErrorOf(run(text));

  beforeAll(async () => {
    await store.clear();
    await seedGraph(store, QUERY_GRAPH);
  });

  describe('scalar functions and operators', () => {
    it.each([
      ["toUpper('abc')", 'ABC'], ["toLower('ABC')", 'abc'], ["trim('  x ')", 'x'], ['toString(12)', '12'],
      ['toString(1.5)', '1.5'], ['toString(true)', 'true'], ["toInteger('42')", 42], ["toInteger(' 7.9 ')", 7],
      ["toInteger('x')", null], ['toInteger(3.7)', 3], ["toFloat('1.5')", 1.5], ["toBoolean('TRUE')", true],
      ['size([1, 2, 3])', 3], ["size('abcd')", 4], ["split('a,b', ',')", ['a', 'b']], ['head([1, 2])', 1], ['head([])', null],
      ['tail([1, 2, 3])', [2, 3]], ['last([1, 2, 3])', 3], ['abs(-3)', 3], ['coalesce(null, 2, 3)', 2],
      ['keys({b: 1, a: 2})', ['a', 'b']], ['1 + 2.5', 3.5], ["'a' + 1", 'a1'], ['[1] + 2', [1, 2]], ['7 % 3', 1],
      ['2 ^ 3', 8], ['-(3)', -3], ['7 / 2', 3], ['7.0 / 2', 3.5], ['true XOR false', true], ['null IS NULL', true],
      ['1 IN [1.0, 2]', true], ["'b' IN ['a']", false], ['null = 1', null], ['1 = 1.0', true], ["1 = '1'", false],
      ["'a' < 'b'", true], ["1 < 'a'", null], ['NOT null', null], ['true OR null', true], ['false AND null', false],
      ["datetime('2020-01-02T03:04:05Z').epochseconds", 1577934245], ["datetime('2020-01-02T03:04:05Z').epochmillis", 1577934245000],
      ["date('2020-05-06').year", 2020], ['datetime().epochseconds > 1700000000', true],
      ["'abc' STARTS WITH 'ab'", true], ["'abc' ENDS WITH 'bc'", true], ["'abc' CONTAINS 'd'", false], ["'abc' =~ 'B'", false],
      ["'abc' =~ '(?i)B'", true], ['1 STARTS WITH 1', null],
    ])('evaluates %s', async (expression, expected) => {
      expect(await single(`RETURN ${expression} AS value`)).toEqual(expected);
    });

    it.each([
      ['all(x IN [1, 2] WHERE x > 0)', true], ['all(x IN [1, null] WHERE x > 0)', null], ['all(x IN [] WHERE x > 0)', true],
      ['any(x IN [1, 2] WHERE x > 1)', true], ['any(x IN [null] WHERE x > 1)', null], ['none(x IN [1, 2] WHERE x > 5)', true],
      ['single(x IN [1, 2] WHERE x > 1)', true], ['single(x IN [2, 2] WHERE x > 1)', false],
    ])('evaluates the quantifier %s three-valued', async (expression, expected) => {
      expect(await single(`RETURN ${expression} AS value`)).toEqual(expected);
    });

    it('reads labels, keys, ids and properties of nodes', async () => {
      const [labels, keys, sameId, name] = rowsOf(await run("MATCH (n {objectid: 'U-BOB'}) RETURN labels(n), keys(n), id(n) = id(n), properties(n).name"))[0];
      expect([...(labels as string[])].sort()).toEqual(['Base', 'User']);
      expect(keys).toEqual(['enabled', 'name', 'objectid', 'pwdlastset', 'score']);
      expect([sameId, name]).toEqual([true, 'BOB@CORP.LOCAL']);
      expect(await column("MATCH (n) WHERE exists(n.hasspn) RETURN n")).toEqual(['U-ALICE']);
    });

    it('reads the parts of relationships and paths', async () => {
      expect(rowsOf(await run("MATCH (a {objectid: 'U-BOB'})-[r:GenericAll]->() RETURN type(r), startNode(r).name, endNode(r).objectid, r.isacl")))
        .toEqual([['GenericAll', 'BOB@CORP.LOCAL', 'U-ALICE', true]]);
      expect(rowsOf(await run("MATCH p = ({objectid: 'U-ALICE'})-[:MemberOf*2]->(g) RETURN length(p), nodes(p), size(relationships(p)), g.name")))
        .toEqual([[2, ['U-ALICE', 'G-HELP', 'S-1-5-21-1-512'], 2, 'DOMAIN ADMINS@CORP.LOCAL']]);
      expect(await column("MATCH p = (:Domain)-[:Contains]->(c) WHERE all(r IN relationships(p) WHERE type(r) = 'Contains') AND any(n IN nodes(p) WHERE n.name STARTS WITH 'WS') RETURN c"))
        .toEqual(['C-WS1']);
    });

    it('returns relationships and lists of them as graph elements', async () => {
      const [[edge, list]] = (await run("MATCH ({objectid: 'U-BOB'})-[r:GenericAll]->() MATCH p = ({objectid: 'U-ALICE'})-[:MemberOf*2]->() RETURN r, relationships(p)")).rows;
      expect(edge).toMatchObject({ type: 'edge', edge: { kind: 'GenericAll', properties: { isacl: true } } });
      expect(list.type === 'list' && list.items.map((item) => item.type === 'edge' && item.edge.kind)).toEqual(['MemberOf', 'MemberOf']);
    });

    it('counts the matches of a pattern with size()', async () => {
      expect(rowsOf(await run('MATCH (u:User) RETURN u.name, size((u)-[:MemberOf]->()) AS groups ORDER BY groups DESC, u.name'))).toEqual([
        ['ALICE@CORP.LOCAL', 2], ['BOB@CORP.LOCAL', 1], ['CAROL@EXT.LOCAL', 0],
      ]);
    });
  });

  describe('projection details', () => {
    it('aggregates with DISTINCT, averages and collects without nulls', async () => {
      expect(rowsOf(await run('MATCH (u:User) OPTIONAL MATCH (u)-[:MemberOf]->(g) RETURN count(g) AS memberships, count(DISTINCT g) AS groups, avg(u.score) AS score, collect(g.name) AS names')))
        .toEqual([[3, 2, (5 + 5 + 2.5 + 10) / 4, expect.arrayContaining(['HELPDESK@CORP.LOCAL', 'DOMAIN USERS@CORP.LOCAL'])]]);
    });

    it('sorts nulls last ascending and first descending', async () => {
      expect(rowsOf(await run('MATCH (u:User) RETURN u.hasspn AS spn ORDER BY spn'))).toEqual([[true], [null], [null]]);
      expect(rowsOf(await run('MATCH (u:User) RETURN u.hasspn AS spn ORDER BY spn DESC'))).toEqual([[null], [null], [true]]);
    });

    it('orders DISTINCT and aggregated answers by their projected names', async () => {
      expect(rowsOf(await run('MATCH (u:User)-[:MemberOf]->(g) RETURN DISTINCT g.name AS name ORDER BY name'))).toEqual([
        ['DOMAIN USERS@CORP.LOCAL'], ['HELPDESK@CORP.LOCAL'],
      ]);
      expect(rowsOf(await run('MATCH (u:User)-[:MemberOf]->(g) RETURN g, count(u) ORDER BY count(u) DESC, g.name LIMIT 1'))).toEqual([['S-1-5-21-1-513', 2]]);
      expect(rowsOf(await run('MATCH (u:User) WITH DISTINCT u, u.score AS s RETURN u ORDER BY s DESC LIMIT 1'))).toEqual([['U-CAROL']]);
    });

    it('keeps OPTIONAL MATCH rows when the optional part expands a variable-length relationship', async () => {
      expect(sortedRowsOf(await run('MATCH (u:User) OPTIONAL MATCH (u)-[:MemberOf*1..]->(:Group)-[:AdminTo]->(c:Computer) RETURN u, c'))).toEqual([
        ['U-ALICE', 'C-WS1'], ['U-BOB', null], ['U-CAROL', null],
      ]);
    });

    it('filters on aggregates with WITH ... WHERE', async () => {
      expect(await column('MATCH (u:User)-[:MemberOf]->(g) WITH g, collect(u) AS members WHERE size(members) > 1 RETURN g')).toEqual(['S-1-5-21-1-513']);
    });

    it('filters shortest paths after pathfinding (WITH p WHERE none(...))', async () => {
      const paths = "MATCH p = shortestPath((s:User)-[*1..]->(t:Group)) WHERE s <> t WITH p WHERE none(r IN relationships(p) WHERE type(r) = 'GenericAll') RETURN p";
      expect(await column(paths)).toEqual([
        'U-ALICE-MemberOf->G-HELP', 'U-ALICE-MemberOf->G-HELP-MemberOf->S-1-5-21-1-512', 'U-ALICE-MemberOf->S-1-5-21-1-513',
        'U-BOB-MemberOf->S-1-5-21-1-513', 'U-CAROL-AdminTo->C-SRV1-HasSession->U-BOB-MemberOf->S-1-5-21-1-513',
      ]);
    });

    it('unwinds null to no rows and a scalar to itself', async () => {
      expect(await run('UNWIND null AS x RETURN x')).toEqual({ columns: ['x'], rows: [] });
      expect(rowsOf(await run('UNWIND 5 AS x RETURN x'))).toEqual([[5]]);
    });

    it('names columns by alias, else by the item text', async () => {
      expect((await run('MATCH (u:User) RETURN u.name, count(*) AS n')).columns).toEqual(['u.name', 'n']);
      expect((await run('MATCH (u:User {objectid: \'U-BOB\'}) RETURN *')).columns).toEqual(['u']);
    });

    it('answers no rows, not an error, when every returned element is filtered away', async () => {
      expect((await run('MATCH (n:Domain) WHERE n.name = 1 RETURN n')).rows).toEqual([]);
    });
  });

  describe('refusals', () => {
    it('answers 400 when the database cannot evaluate the query (class 22), without the SQL', async () => {
      for (const text of ["MATCH (n:User) WHERE n.name =~ '(' RETURN n", 'MATCH (n:User) RETURN n.score / 0', 'MATCH (n:User) RETURN n.name - 1']) {
        const error = await refusal(text);
        expect(error).toBeInstanceOf(ApiError);
        expect(error.status).toBe(400);
        expect(error.messages[0]).toMatch(new RegExp(`^${QUERY_NOT_EVALUATED}: `));
        expect(error.messages[0]).not.toMatch(/SELECT|node|\$\d/);
      }
    });

    it('answers 400 to type errors before running anything', async () => {
      const cases: [string, string][] = [
        ['MATCH p = (a)-[:MemberOf]->(b) RETURN p.name', TranslationErrors.typeMismatch('cannot read property `name` of a path')],
        ['MATCH (n:User) RETURN n.name, n.score + count(*)', TranslationErrors.groupingKey('n')],
        ['MATCH (n:User) RETURN labels(n.name)', TranslationErrors.typeMismatch('labels expects a node but got a value')],
      ];
      for (const [text, reason] of cases) {
        const error = await refusal(text);
        expect([error.status, error.messages[0]]).toEqual([400, `${QUERY_NOT_EVALUATED}: ${reason}`]);
      }
    });

    it('never adds an unknown label or type to the kind table', async () => {
      await run('MATCH (n:NeverSeenLabel)-[:NeverSeenType]->(m) RETURN n');
      expect(await database.query('SELECT name FROM kind WHERE name = ANY($1::text[])', [['NeverSeenLabel', 'NeverSeenType']])).toEqual([]);
    });
  });

  describe('sizes, arity and precision through POST /api/v2/graphs/cypher', () => {
    let admin: string;
    const cypher = (query: string) => t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(admin)).send({ query });
    const literals = async (query: string) => {
      const res = await cypher(query);
      expect(res.status).toBe(200);
      return (res.body as { data: { literals: { key: string; value: string }[] } }).data.literals;
    };
    const BOB = "MATCH (n {objectid: 'U-BOB'})";

    beforeAll(async () => {
      admin = await login(t, 'admin', ADMIN_PASSWORD);
    });

    it('answers 200 to long sums and deep nesting (each operand is evaluated once)', async () => {
      const sum = Array.from({ length: 16 }, () => 'n.score').join(' + ');
      expect(await literals(`${BOB} RETURN ${sum} AS total`)).toEqual([{ key: 'total', value: '40.0' }]);
      const nested = `${'toString('.repeat(12)}n.name${')'.repeat(12)}`;
      expect(await literals(`${BOB} RETURN ${nested} AS name`)).toEqual([{ key: 'name', value: 'BOB@CORP.LOCAL' }]);
    });

    it('answers 400 naming the arity when a function gets too few or too many arguments', async () => {
      expect(errorMessage(await cypher('RETURN coalesce()'), 400)).toBe('line 1:7 coalesce() takes at least 1 argument');
      expect(errorMessage(await cypher("RETURN toLower('A', 'B')"), 400)).toBe('line 1:7 toLower() takes 1 argument');
      expect(errorMessage(await cypher('MATCH (n) RETURN count()'), 400)).toBe('line 1:17 count() takes 1 argument');
    });

    it('builds lists and maps of any length with computed items, and tests membership in them', async () => {
      const numbers = Array.from({ length: 120 }, (_, i) => i);
      const [list] = await literals(`${BOB} RETURN [n.name, ${numbers.join(', ')}] AS l`);
      expect(JSON.parse(list.value)).toEqual(['BOB@CORP.LOCAL', ...numbers]);
      const entries = numbers.map((i) => `k${i}: n.score + ${i}`);
      const [map] = await literals(`${BOB} RETURN {${entries.join(', ')}} AS m`);
      expect(JSON.parse(map.value)).toEqual(Object.fromEntries(numbers.map((i) => [`k${i}`, 2.5 + i])));
      const names = numbers.map((i) => `'x${i}'`).join(', ');
      expect(await column(`MATCH (n) WHERE n.name IN [n.objectid, ${names}, 'BOB@CORP.LOCAL'] RETURN n`)).toEqual(['U-BOB']);
    });

    it('answers 400 to more projection items than the limit', async () => {
      const items = Array.from({ length: 1001 }, (_, i) => `${i} AS c${i}`).join(', ');
      expect(errorMessage(await cypher(`RETURN ${items}`), 400)).toBe('line 1:0 RETURN cannot project more than 1000 items');
    });

    it('answers 400 query could not be evaluated when PostgreSQL reaches one of its limits (class 54)', async () => {
      const items = Array.from({ length: 900 }, (_, i) => `p AS p${i}`).join(', ');
      expect(errorMessage(await cypher(`MATCH p = (:User)-[:MemberOf]->() RETURN ${items}`), 400))
        .toBe(`${QUERY_NOT_EVALUATED}: target lists can have at most 1664 entries`);
    });

    it('writes numbers exactly: integers beyond 2^53 and floats with an integral value', async () => {
      expect(await literals('RETURN 9007199254740991 + 2 AS big, 1.0 AS one, [1.0, 2] AS list, 1.5 AS half')).toEqual([
        { key: 'big', value: '9007199254740993' }, { key: 'one', value: '1.0' }, { key: 'list', value: '[1.0,2]' }, { key: 'half', value: '1.5' },
      ]);
      expect(await single('RETURN 9007199254740991 + 2 AS big')).toBe('9007199254740993');
    });
  });

  describe('nulls and mixed types', () => {
    it('answers null for the labels and keys of null', async () => {
      expect(rowsOf(await run('RETURN labels(null) AS l, keys(null) AS k'))).toEqual([[null, null]]);
      expect(rowsOf(await run("MATCH (n {objectid: 'U-BOB'}) OPTIONAL MATCH (m:Nope) RETURN labels(m), keys(m), keys(n)")))
        .toEqual([[null, null, ['enabled', 'name', 'objectid', 'pwdlastset', 'score']]]);
    });

    it('answers 400 naming the types when IN mixes graph elements and values', async () => {
      const cases: [string, string][] = [
        ["MATCH (n {objectid: 'U-BOB'}), (m) WITH n, collect(m) AS ms RETURN n.name IN ms", 'IN over a list of nodes expects a node but got a value'],
        ["MATCH (n {objectid: 'U-BOB'}) RETURN n IN [1, 2]", 'IN expects a value but got a node'],
      ];
      for (const [text, reason] of cases) {
        const error = await refusal(text);
        expect([error.status, error.messages[0]]).toEqual([400, `${QUERY_NOT_EVALUATED}: ${TranslationErrors.typeMismatch(reason)}`]);
      }
    });
  });

  describe('UNWIND of graph elements', () => {
    it('keeps a row for each null in a list of nodes', async () => {
      const nodes = (await run('MATCH (n) RETURN count(n)')).rows[0][0] as { value: number };
      const rows = rowsOf(await run('MATCH (n) OPTIONAL MATCH (m:Nope) WITH n, m UNWIND [n, m] AS x RETURN x.name AS name'));
      expect(rows).toHaveLength(2 * nodes.value);
      expect(rows.filter(([name]) => name === null).length).toBeGreaterThanOrEqual(nodes.value);
    });
  });

  describe('execution', () => {
    /** The engine over a database and pathfinder that record how they are used. */
    function observed() {
      const transactions: { options: TransactionOptions; readOnly: string; manager: EntityManager }[] = [];
      const steps: { step: PathfindingStep; manager: EntityManager }[] = [];
      const spyDatabase = Object.create(database) as Database;
      spyDatabase.transaction = <T>(work: (manager: EntityManager) => Promise<T>, options: TransactionOptions = {}) =>
        database.transaction(async (manager) => {
          const [{ setting }] = await manager.query("SELECT current_setting('transaction_read_only') AS setting");
          transactions.push({ options, readOnly: setting, manager });
          return work(manager);
        }, options);
      const spyPathfinder = Object.create(pathfinder) as PgPathfinder;
      spyPathfinder.run = (step, manager) => {
        steps.push({ step, manager });
        return pathfinder.run(step, manager);
      };
      return { engine: new PgQueryEngine(spyDatabase, kinds, spyPathfinder), transactions, steps };
    }

    it('runs the pathfinding steps and the statement in one read-only transaction', async () => {
      const { engine: spied, transactions, steps } = observed();
      const result = await runCypher(spied, "MATCH p = shortestPath((s:User)-[:MemberOf*1..]->(t {objectid: 'S-1-5-21-1-512'})) RETURN p");
      expect(result.rows).toHaveLength(1);
      expect(transactions.map((tx) => [tx.options.readOnly, tx.readOnly])).toEqual([[true, 'on']]);
      expect(steps.map((entry) => entry.manager)).toEqual([transactions[0].manager]);
    });

    it("limits pathfinding by the query's LIMIT only when every found path becomes a row", async () => {
      const { engine: spied, steps } = observed();
      await runCypher(spied, 'MATCH p = shortestPath((s:User)-[:MemberOf*1..]->(t:Group)) WHERE s <> t RETURN p LIMIT 1', 50);
      await runCypher(spied, 'MATCH p = shortestPath((s:User)-[:MemberOf*1..]->(t:Group)) WHERE s.name < t.name RETURN p LIMIT 1', 50);
      await runCypher(spied, 'MATCH p = shortestPath((s:User)-[:MemberOf*1..]->(t:Group)) RETURN DISTINCT s LIMIT 1', 50);
      expect(steps.map((entry) => entry.step.limit)).toEqual([1, 51, 51]);
      expect(steps[0].step).toMatchObject({ mode: 'shortest', distinctEnds: true, direction: 'out', minDepth: 1, maxDepth: 15 });
    });

    it('fetches at most one row over the row limit, even from a cartesian product', async () => {
      const result = await run('MATCH (a), (b) RETURN a, b', 7);
      expect(result.rows).toHaveLength(8);
    });
  });
});
