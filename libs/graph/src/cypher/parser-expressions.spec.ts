import { describe, expect, it } from '@jest/globals';
import type { Expr, MatchClause, ReturnClause } from './ast.js';
import { parseCypher } from './parser.js';

const shape = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v) => (key === 'pos' ? undefined : v)));
/** The expression of `RETURN <text>`, without positions. */
const expr = (text: string) => shape((parseCypher(`RETURN ${text}`).clauses[0] as ReturnClause).items[0].expr);
const where = (text: string) => shape((parseCypher(`MATCH (n), (m) WHERE ${text} RETURN n`).clauses[0] as MatchClause).where);
const v = (name: string) => ({ type: 'variable', name });
const lit = (value: unknown, float?: boolean) => (float ? { type: 'literal', value, float } : { type: 'literal', value });
const bin = (op: string, left: unknown, right: unknown) => ({ type: 'binary', op, left, right });
const prop = (object: unknown, key: string) => ({ type: 'property', object, key });
const not = (operand: unknown) => ({ type: 'unary', op: 'NOT', operand });

describe('parseCypher: literals', () => {
  it.each([
    ['true', lit(true)], ['False', lit(false)], ['NULL', lit(null)], ['TRUE', lit(true)], ["'a'", lit('a')],
    ['"b"', lit('b')], ['42', lit(42)], ['0x10', lit(16)], ['0o10', lit(8)], ['1.0', lit(1, true)], ['.5', lit(0.5, true)],
    ['1e3', lit(1000, true)], ['-1.0', lit(-1, true)], ['-7', lit(-7)], ["'𝑥'", lit('𝑥')],
  ])('reads %s', (text, expected) => {
    expect(expr(text)).toEqual(expected);
  });

  it('reads list and map literals', () => {
    expect(expr("[1, 'a', [], {}, {k: [true], `x y`: null}]")).toEqual({
      type: 'list',
      items: [
        lit(1), lit('a'), { type: 'list', items: [] }, { type: 'map', entries: [] },
        { type: 'map', entries: [{ key: 'k', value: { type: 'list', items: [lit(true)] } }, { key: 'x y', value: lit(null) }] },
      ],
    });
  });

  it('keeps a negative float list literal as literals', () => {
    expect(expr('[-1.0, 0.0]')).toEqual({ type: 'list', items: [lit(-1, true), lit(0, true)] });
  });
});

describe('parseCypher: operator precedence', () => {
  it('binds OR looser than XOR, XOR looser than AND, AND looser than NOT', () => {
    expect(expr('a OR b XOR c AND NOT d')).toEqual(bin('OR', v('a'), bin('XOR', v('b'), bin('AND', v('c'), not(v('d'))))));
  });

  it('binds NOT looser than comparisons and predicates', () => {
    expect(where("NOT n.objectid ENDS WITH '-502'")).toEqual(not(bin('ENDS WITH', prop(v('n'), 'objectid'), lit('-502'))));
    expect(where('NOT n IN m')).toEqual(not(bin('IN', v('n'), v('m'))));
  });

  it('binds comparisons looser than arithmetic', () => {
    expect(expr('a < b - c * 2')).toEqual(bin('<', v('a'), bin('-', v('b'), bin('*', v('c'), lit(2)))));
  });

  it('reads arithmetic left-associatively with ^ above * / % and unary minus above ^', () => {
    expect(expr('a - b - c')).toEqual(bin('-', bin('-', v('a'), v('b')), v('c')));
    expect(expr('a % b ^ -c')).toEqual(bin('%', v('a'), bin('^', v('b'), { type: 'unary', op: '-', operand: v('c') })));
  });

  it.each(['=', '<>', '<', '>', '<=', '>=', '=~', 'STARTS WITH', 'ENDS WITH', 'CONTAINS', 'IN'])('reads the operator %s', (op) => {
    expect(expr(`a ${op} b`)).toEqual(bin(op, v('a'), v('b')));
  });

  it('reads lower-case multi-word operators', () => {
    expect(expr("a starts with 'x'")).toEqual(bin('STARTS WITH', v('a'), lit('x')));
  });

  it('reads IS NULL and IS NOT NULL', () => {
    expect(expr('a.b IS NULL')).toEqual({ type: 'isNull', operand: prop(v('a'), 'b'), negated: false });
    expect(expr('a is not null')).toEqual({ type: 'isNull', operand: v('a'), negated: true });
  });

  it('reads the datetime idiom of the corpus', () => {
    expect(where('n.pwdlastset < (datetime().epochseconds - (days * 86400))')).toEqual(
      bin('<', prop(v('n'), 'pwdlastset'), bin('-',
        prop({ type: 'call', name: 'datetime', distinct: false, args: [] }, 'epochseconds'),
        bin('*', v('days'), lit(86400)))),
    );
  });
});

describe('parseCypher: label predicates', () => {
  it.each([
    ['n:User', ['User'], false], ['n:A:B', ['A', 'B'], false], ['n:A|B', ['A', 'B'], true], ['n:A|:B', ['A', 'B'], true],
  ])('reads %s', (text, labels, any) => {
    expect(where(text as string)).toEqual({ type: 'hasLabels', operand: v('n'), labels, any });
  });

  it('reads the tier-zero idiom (label predicate OR coalesce)', () => {
    expect(where("((n:Tag_Tier_Zero) OR COALESCE(n.system_tags, '') CONTAINS 'admin_tier_0')")).toEqual(
      bin('OR', { type: 'hasLabels', operand: v('n'), labels: ['Tag_Tier_Zero'], any: false },
        bin('CONTAINS', { type: 'call', name: 'coalesce', distinct: false, args: [prop(v('n'), 'system_tags'), lit('')] },
          lit('admin_tier_0'))),
    );
  });
});

describe('parseCypher: calls and quantifiers', () => {
  it('lower-cases function names and reads DISTINCT', () => {
    expect(expr('COLLECT(DISTINCT n.name)')).toEqual({ type: 'call', name: 'collect', distinct: true, args: [prop(v('n'), 'name')] });
  });

  it('reads count(*) in any case', () => {
    expect(expr('COUNT( * )')).toEqual({ type: 'countStar' });
  });

  it('reads property chains on calls and on properties', () => {
    expect(expr('startNode(r).a.b')).toEqual(
      prop(prop({ type: 'call', name: 'startnode', distinct: false, args: [v('r')] }, 'a'), 'b'),
    );
  });

  it.each(['all', 'any', 'none', 'single', 'ANY'])('reads the quantifier %s', (quantifier) => {
    expect(expr(`${quantifier}(x IN list WHERE x > 1)`)).toEqual({
      type: 'quantifier', quantifier: quantifier.toLowerCase(), variable: 'x', list: v('list'), where: bin('>', v('x'), lit(1)),
    });
  });
});

describe('parseCypher: pattern predicates', () => {
  const element = (nodes: unknown[], relationships: unknown[]) => ({ nodes, relationships });

  it('reads a pattern used as a predicate', () => {
    expect(where('(n)-[:SpoofSIDHistory|AbuseTGTDelegation]-(m)')).toEqual({
      type: 'pattern',
      element: element(
        [{ variable: 'n', labels: [] }, { variable: 'm', labels: [] }],
        [{ types: ['SpoofSIDHistory', 'AbuseTGTDelegation'], direction: 'both' }],
      ),
    });
  });

  it('reads a negated pattern predicate', () => {
    expect(where('NOT (n)<-[:HasSession]-(:Computer)')).toEqual(not({
      type: 'pattern',
      element: element([{ variable: 'n', labels: [] }, { labels: ['Computer'] }], [{ types: ['HasSession'], direction: 'in' }]),
    }));
  });

  it('tells a parenthesized expression from a pattern', () => {
    expect(where('(n)')).toEqual(v('n'));
    expect(where('(n:User)')).toEqual({ type: 'hasLabels', operand: v('n'), labels: ['User'], any: false });
    expect(where('(n.a IS NULL)')).toEqual({ type: 'isNull', operand: prop(v('n'), 'a'), negated: false });
    expect(where('(n) < -1')).toEqual(bin('<', v('n'), lit(-1)));
  });

  it('reads a pattern predicate wrapped in parentheses', () => {
    expect(where('((n)-->(m))')).toEqual(where('(n)-->(m)'));
    expect(where('(((n)-->(m)-->(n)))')).toEqual(where('(n)-->(m)-->(n)'));
  });

  it('reads parentheses around a pattern and more as an expression, not a pattern', () => {
    expect(where('((n)-->(m) AND true)')).toEqual(bin('AND', where('(n)-->(m)'), lit(true)));
    expect(where('(((n)-->(m)) OR ((m)-->(n)))')).toEqual(bin('OR', where('(n)-->(m)'), where('(m)-->(n)')));
  });

  it('reads pattern predicates nested in the property maps of pattern predicates', () => {
    const inner = where('(n)-->(m)');
    expect(where('(n {k: (n)-->(m)})-->(m)')).toEqual({
      type: 'pattern',
      element: {
        nodes: [{ variable: 'n', labels: [], properties: { type: 'map', entries: [{ key: 'k', value: inner }] } }, { variable: 'm', labels: [] }],
        relationships: [{ types: [], direction: 'out' }],
      },
    });
  });

  it('places expressions at their first token', () => {
    const w = (parseCypher('MATCH (n)\nWHERE NOT n.a = 1 RETURN n').clauses[0] as MatchClause).where as Expr & { operand: Expr };
    expect([w.pos, w.operand.pos]).toEqual([{ line: 2, column: 6 }, { line: 2, column: 10 }]);
  });
});
