import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { PREBUILT_QUERIES } from '../testing/prebuilt-queries.js';
import type { CypherQuery, Expr, ProjectionItem } from './ast.js';
import { parseCypher } from './parser.js';
import { expandShortcuts } from './shortcuts.js';
import {
  CypherPrintError, printCypher, printNumber, projectedName, quoteIdentifier, quoteString, searchPattern,
  UNPRINTABLE_NAME,
} from './printer.js';

const pos = { line: 1, column: 0 };

/** The AST without what printing legitimately changes: positions, item texts, and implicit aliases made explicit. */
function normalize(query: CypherQuery): unknown {
  const clauses = query.clauses.map((clause) => {
    if (clause.type !== 'with' && clause.type !== 'return') return clause;
    const items = clause.items.map((item: ProjectionItem) =>
      ({ expr: item.expr, alias: projectedName(item, clause.type === 'with') }));
    return { ...clause, items };
  });
  return JSON.parse(JSON.stringify({ clauses }, (key, value) => (key === 'pos' ? undefined : value)));
}

/** The AST with every literal `=~` pattern rewritten as regexSearch prints it. */
function withSearchRegexes(query: CypherQuery): CypherQuery {
  return JSON.parse(JSON.stringify(query), (_key, value) => {
    if (value?.type === 'binary' && value.op === '=~' && value.right.type === 'literal') {
      return { ...value, right: { ...value.right, value: searchPattern(value.right.value) } };
    }
    return value;
  });
}

function reprint(text: string, regexSearch = false): string {
  return printCypher(parseCypher(text), { regexSearch });
}

function literal(value: string | number | boolean | null, float?: boolean): Expr {
  return { type: 'literal', value, float, pos };
}

/** `MATCH (n:<label> {<key>: <value>}) RETURN n.<key> AS <alias>` built directly as an AST. */
function hostileQuery(label: string, key: string, value: string, alias: string): CypherQuery {
  const n = { type: 'variable' as const, name: 'n', pos };
  return {
    clauses: [
      {
        type: 'match', optional: false, pos,
        pattern: [{
          pos,
          element: {
            nodes: [{ variable: 'n', labels: [label], properties: { type: 'map', entries: [{ key, value: literal(value) }], pos }, pos }],
            relationships: [],
          },
        }],
      },
      {
        type: 'return', distinct: false, star: false, pos,
        items: [{ expr: { type: 'property', object: n, key, pos }, alias, text: alias }],
      },
    ],
  };
}

describe('printCypher', () => {
  it('round-trips every pre-built query: parsing the printed text gives the same AST', () => {
    expect(PREBUILT_QUERIES).toHaveLength(80);
    for (const { query } of PREBUILT_QUERIES) {
      const ast = parseCypher(query);
      expect(normalize(parseCypher(printCypher(ast)))).toEqual(normalize(ast));
    }
  });

  it('round-trips every pre-built query with its shortcuts expanded, as the Neo4j engine receives them', () => {
    for (const { query } of PREBUILT_QUERIES) {
      const expanded = expandShortcuts(parseCypher(query));
      expect(normalize(parseCypher(printCypher(expanded, { regexSearch: true })))).toEqual(normalize(withSearchRegexes(expanded)));
    }
  });

  it('prints clauses, patterns and projections with every name quoted', () => {
    expect(reprint('MATCH p = (a:User:Base {name: "X"})-[r:MemberOf|AdminTo*1..3]->(b) RETURN p')).toBe(
      "MATCH `p` = (`a`:`User`:`Base` {`name`: 'X'})-[`r`:`MemberOf`|`AdminTo`*1..3]->(`b`)\nRETURN `p` AS `p`",
    );
    expect(reprint('OPTIONAL MATCH (a)<-[*]-(b), (c)-[:X*..2]-(d)-[*2]->(e) RETURN *')).toBe(
      'OPTIONAL MATCH (`a`)<-[*]-(`b`), (`c`)-[:`X`*..2]-(`d`)-[*2..2]->(`e`)\nRETURN *',
    );
    expect(reprint('MATCH p = allShortestPaths((a)-[:X*1..]->(b)) WITH DISTINCT p, a AS x ORDER BY x.name DESC, p SKIP 1 LIMIT 2 WHERE x.n > 1 RETURN count(*)'))
      .toBe(
        'MATCH `p` = allShortestPaths((`a`)-[:`X`*1..]->(`b`))\n' +
          'WITH DISTINCT `p` AS `p`, `a` AS `x` ORDER BY `x`.`name` DESC, `p` SKIP 1 LIMIT 2 WHERE (`x`.`n` > 1)\n' +
          'RETURN count(*) AS `count(*)`',
      );
    expect(reprint('UNWIND [1, 2] AS x RETURN x')).toBe('UNWIND [1, 2] AS `x`\nRETURN `x` AS `x`');
  });

  it('keeps the source text of an unaliased RETURN item as its column name', () => {
    expect(reprint('MATCH (n) RETURN n.name, toUpper(n.name) AS up')).toBe(
      'MATCH (`n`)\nRETURN `n`.`name` AS `n.name`, toupper(`n`.`name`) AS `up`',
    );
  });

  it('prints expressions fully parenthesised', () => {
    expect(reprint('MATCH (n) WHERE NOT n.a IS NULL AND (n.b + 2 * 3 = 7 OR n:A|B) XOR n:C:D RETURN -n.x, [1, {k: "v"}]'))
      .toBe(
        'MATCH (`n`) WHERE (((NOT (`n`.`a` IS NULL)) AND (((`n`.`b` + (2 * 3)) = 7) OR `n`:`A`|`B`)) XOR `n`:`C`:`D`)\n' +
          "RETURN (-`n`.`x`) AS `-n.x`, [1, {`k`: 'v'}] AS `[1, {k: \"v\"}]`",
      );
    expect(reprint('MATCH (n) WHERE all(x IN n.l WHERE x STARTS WITH "a") AND n.x IS NOT NULL RETURN collect(DISTINCT n)'))
      .toBe(
        "MATCH (`n`) WHERE (all(`x` IN `n`.`l` WHERE (`x` STARTS WITH 'a')) AND (`n`.`x` IS NOT NULL))\n" +
          'RETURN collect(DISTINCT `n`) AS `collect(DISTINCT n)`',
      );
    expect(reprint('RETURN datetime().epochseconds AS t')).toBe('RETURN datetime().`epochseconds` AS `t`');
  });

  it('prints a pattern predicate bare where a boolean is expected and as EXISTS elsewhere', () => {
    expect(reprint('MATCH (n) WHERE NOT (n)<-[:HasSession]-(:Computer) RETURN n')).toBe(
      'MATCH (`n`) WHERE (NOT (`n`)<-[:`HasSession`]-(:`Computer`))\nRETURN `n` AS `n`',
    );
    const ast = parseCypher('MATCH (n) WHERE (n)-->() RETURN n');
    const where = (ast.clauses[0] as { where: Expr }).where;
    (ast.clauses[1] as { items: ProjectionItem[] }).items[0] = { expr: where, alias: 'has', text: 'has' };
    expect(printCypher(ast)).toBe('MATCH (`n`) WHERE (`n`)-[]->()\nRETURN EXISTS { MATCH (`n`)-[]->() } AS `has`');
  });

  it('prints exists(n.prop) as IS NOT NULL, which Neo4j 5 still accepts', () => {
    const ast = parseCypher('MATCH (n) WHERE n.x IS NULL RETURN n');
    const operand = ((ast.clauses[0] as { where: { operand: Expr } }).where).operand;
    (ast.clauses[0] as { where: Expr }).where = { type: 'call', name: 'exists', distinct: false, args: [operand], pos };
    expect(printCypher(ast)).toBe('MATCH (`n`) WHERE (`n`.`x` IS NOT NULL)\nRETURN `n` AS `n`');
  });

  it('leaves =~ as Neo4j whole-string matching unless regexSearch is set', () => {
    expect(reprint("MATCH (n) WHERE n.objectid =~ '-(519|512)$' RETURN n")).toContain("(`n`.`objectid` =~ '-(519|512)$')");
  });

  describe('with regexSearch', () => {
    it('wraps a literal pattern so it matches anywhere, dot matching newlines', () => {
      expect(reprint("MATCH (n) WHERE n.objectid =~ '-(519|512)$' RETURN n", true))
        .toContain("(`n`.`objectid` =~ '(?s).*(?:-(519|512)$).*')");
    });

    it('moves leading inline flags to the front of the wrapped pattern', () => {
      expect(reprint("MATCH (n) WHERE n.name =~ '(?i)Global Admin|User Admin' RETURN n", true))
        .toContain("(`n`.`name` =~ '(?i)(?s).*(?:Global Admin|User Admin).*')");
      expect(searchPattern('(?i)(?x)a b')).toBe('(?i)(?x)(?s).*(?:a b).*');
      expect(searchPattern('a(?i)b')).toBe('(?s).*(?:a(?i)b).*');
    });

    it('wraps a computed pattern at run time', () => {
      expect(reprint('MATCH (n) WHERE n.name =~ n.pattern RETURN n', true))
        .toContain("(`n`.`name` =~ ('(?s).*(?:' + `n`.`pattern` + ').*'))");
    });

    it('escapes the rewritten literal like any other string', () => {
      expect(reprint("MATCH (n) WHERE n.name =~ 'it\\'s\\\\d' RETURN n", true))
        .toContain("=~ '(?s).*(?:it\\'s\\\\d).*'");
    });
  });

  describe('literals', () => {
    it('keeps floats as floats and integers as integers', () => {
      expect(printNumber(1, true)).toBe('1.0');
      expect(printNumber(1.5, true)).toBe('1.5');
      expect(printNumber(1e21, true)).toBe('1e21');
      expect(printNumber(1.5e-7, true)).toBe('1.5e-7');
      expect(printNumber(42)).toBe('42');
      expect(printNumber(-3)).toBe('(-3)');
      expect(printNumber(2 ** 62)).toBe('4611686018427387904');
      expect(() => printNumber(Infinity)).toThrow(CypherPrintError);
    });

    it('escapes quotes, backslashes and control characters in strings', () => {
      expect(quoteString("it's")).toBe("'it\\'s'");
      expect(quoteString('a\\u0027b')).toBe("'a\\\\u0027b'");
      expect(quoteString('line\nbreak\ttab\r\u0000\u2028')).toBe("'line\\nbreak\\ttab\\r\\u0000\\u2028'");
      expect(printCypher({ clauses: [{ type: 'return', distinct: false, star: false, pos, items: [
        { expr: literal(null), text: 'null' }, { expr: literal(true), text: 't' }, { expr: literal(2.0, true), text: 'f' },
      ] }] })).toBe('RETURN null AS `null`, true AS `t`, 2.0 AS `f`');
    });
  });

  describe('injection', () => {
    it('doubles backticks in names', () => {
      expect(quoteIdentifier('a`b')).toBe('`a``b`');
    });

    it('refuses names with \\u, which Neo4j decodes even inside backticks', () => {
      expect(() => quoteIdentifier('x\\u0060) DETACH DELETE n //')).toThrow(UNPRINTABLE_NAME('x\\u0060) DETACH DELETE n //'));
    });

    it('keeps hostile labels, keys, strings and aliases inside their quotes', () => {
      const query = hostileQuery("A`) DETACH DELETE n //\n", "k`}) SET n.x = 1 //", "'}) DETACH DELETE n //\\", 'c` ; MATCH (m');
      const printed = printCypher(query);
      expect(normalize(parseCypher(printed))).toEqual(normalize(query));
    });

    it('keeps arbitrary names and strings inside their quotes (property)', () => {
      // No parsed query holds NUL: the lexer refuses it in names and strings.
      const name = fc.string({ unit: 'binary', minLength: 1 }).filter((s) => !/\\u|\0/i.test(s));
      const text = fc.string({ unit: 'binary' }).filter((s) => !s.includes('\0'));
      fc.assert(fc.property(name, name, text, name, (label, key, value, alias) => {
        const query = hostileQuery(label, key, value, alias);
        expect(normalize(parseCypher(printCypher(query)))).toEqual(normalize(query));
      }), { numRuns: 300 });
    });
  });
});
