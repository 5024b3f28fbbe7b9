import { SUPPORTED_FUNCTIONS } from './ast.js';
import type { BinaryOp, Expr, ListExpr, MapExpr, Position, QuantifierExpr } from './ast.js';
import { CypherError, errorAt, notSupported, PARAMETERS_NOT_SUPPORTED, unknownFunction } from './errors.js';
import { parsePatternElement, patternAhead } from './parser-patterns.js';
import type { TokenStream } from './parser-stream.js';

const COMPARISONS = new Set<string>(['=', '<>', '<', '>', '<=', '>=']);
const QUANTIFIERS = new Set(['all', 'any', 'none', 'single']);
const LEGACY_LIST_FUNCTIONS = new Set(['filter', 'extract']);

/** A full expression (lowest precedence: OR). */
export function parseExpression(s: TokenStream): Expr {
  s.enter(s.peek().pos);
  const expr = binaryLevel(s, 'OR', () => binaryLevel(s, 'XOR', () => binaryLevel(s, 'AND', () => parseNot(s))));
  s.leave();
  return expr;
}

function binaryLevel(s: TokenStream, op: 'OR' | 'XOR' | 'AND', operand: () => Expr): Expr {
  let left = operand();
  while (s.acceptKeyword(op)) left = binary(op, left, operand());
  return left;
}

function binary(op: BinaryOp, left: Expr, right: Expr): Expr {
  return { type: 'binary', op, left, right, pos: left.pos };
}

function parseNot(s: TokenStream): Expr {
  const not = s.acceptKeyword('NOT');
  if (!not) return parseComparison(s);
  s.enter(not.pos);
  const operand = parseNot(s);
  s.leave();
  return { type: 'unary', op: 'NOT', operand, pos: not.pos };
}

function parseComparison(s: TokenStream): Expr {
  let left = parsePredicate(s);
  for (;;) {
    const token = s.peek();
    if (token.kind !== 'symbol' || !COMPARISONS.has(token.text)) return left;
    s.next();
    left = binary(token.text as BinaryOp, left, parsePredicate(s));
  }
}

/** STARTS WITH, ENDS WITH, CONTAINS, =~, IN, IS [NOT] NULL. */
function parsePredicate(s: TokenStream): Expr {
  let left = parseAdditive(s);
  for (;;) {
    if (s.isKeyword('STARTS') || s.isKeyword('ENDS')) {
      const op = s.next().text.toUpperCase() === 'STARTS' ? 'STARTS WITH' : 'ENDS WITH';
      s.expectKeyword('WITH');
      left = binary(op, left, parseAdditive(s));
    } else if (s.acceptKeyword('CONTAINS')) {
      left = binary('CONTAINS', left, parseAdditive(s));
    } else if (s.acceptSymbol('=~')) {
      left = binary('=~', left, parseAdditive(s));
    } else if (s.acceptKeyword('IN')) {
      left = binary('IN', left, parseAdditive(s));
    } else if (s.acceptKeyword('IS')) {
      const negated = s.acceptKeyword('NOT') !== undefined;
      s.expectKeyword('NULL');
      left = { type: 'isNull', operand: left, negated, pos: left.pos };
    } else {
      return left;
    }
  }
}

function leftAssociative(s: TokenStream, ops: string[], operand: () => Expr): Expr {
  let left = operand();
  for (;;) {
    const token = s.peek();
    if (token.kind !== 'symbol' || !ops.includes(token.text)) return left;
    s.next();
    left = binary(token.text as BinaryOp, left, operand());
  }
}

function parseAdditive(s: TokenStream): Expr {
  return leftAssociative(s, ['+', '-'], () => leftAssociative(s, ['*', '/', '%'], () =>
    leftAssociative(s, ['^'], () => parseUnary(s))));
}

function parseUnary(s: TokenStream): Expr {
  const sign = s.peek();
  if (!s.isSymbol('-') && !s.isSymbol('+')) return parsePostfix(s);
  s.next();
  s.enter(sign.pos);
  const operand = parseUnary(s);
  s.leave();
  // A negative number is one literal, so `[-1.0, 0.0]` stays a literal list for the translator.
  if (sign.text === '-' && operand.type === 'literal' && typeof operand.value === 'number') {
    return { ...operand, value: -operand.value, pos: sign.pos };
  }
  return { type: 'unary', op: sign.text as '-' | '+', operand, pos: sign.pos };
}

/** An atom followed by property look-ups and an optional label predicate. */
function parsePostfix(s: TokenStream): Expr {
  let expr = parseAtom(s);
  for (;;) {
    if (s.acceptSymbol('.')) {
      expr = { type: 'property', object: expr, key: s.name('a property name'), pos: expr.pos };
    } else if (s.isSymbol('[')) {
      throw notSupported(s.peek().pos, 'list indexing and slicing');
    } else if (s.isSymbol('{')) {
      throw notSupported(s.peek().pos, 'map projection');
    } else if (s.isSymbol(':')) {
      return parseLabelPredicate(s, expr);
    } else {
      return expr;
    }
  }
}

/** `n:A:B` (all of the labels) or `n:A|B` (any of them). */
function parseLabelPredicate(s: TokenStream, operand: Expr): Expr {
  const labels: string[] = [];
  let separator: string | undefined;
  s.expectSymbol(':');
  labels.push(s.name('a label'));
  while (s.isSymbol(':') || s.isSymbol('|')) {
    const token = s.next();
    if (separator !== undefined && separator !== token.text) {
      throw errorAt(token.pos, "a label predicate cannot mix ':' (all) and '|' (any)");
    }
    separator = token.text;
    if (token.text === '|') s.acceptSymbol(':');
    labels.push(s.name('a label'));
  }
  return { type: 'hasLabels', operand, labels, any: separator === '|', pos: operand.pos };
}

function parseAtom(s: TokenStream): Expr {
  const token = s.peek();
  switch (token.kind) {
    case 'integer':
      s.next();
      return { type: 'literal', value: token.value!, pos: token.pos };
    case 'float':
      s.next();
      return { type: 'literal', value: token.value!, float: true, pos: token.pos };
    case 'string':
      s.next();
      return { type: 'literal', value: token.text, pos: token.pos };
    case 'param':
      throw new CypherError(PARAMETERS_NOT_SUPPORTED);
    case 'quotedIdent':
      s.next();
      return { type: 'variable', name: token.text, pos: token.pos };
    case 'ident':
      return parseWord(s);
    case 'symbol':
      if (token.text === '(') return parseParenthesized(s);
      if (token.text === '[') return parseList(s);
      if (token.text === '{') return parseMap(s);
  }
  throw s.expected('an expression');
}

function parseWord(s: TokenStream): Expr {
  const token = s.peek();
  const word = token.text.toUpperCase();
  if (word === 'TRUE' || word === 'FALSE' || word === 'NULL') {
    s.next();
    return { type: 'literal', value: word === 'NULL' ? null : word === 'TRUE', pos: token.pos };
  }
  if (word === 'CASE') throw notSupported(token.pos, 'CASE');
  if (s.isSymbol('{', 1) && (word === 'EXISTS' || word === 'COUNT' || word === 'COLLECT')) {
    throw notSupported(token.pos, `${word} { ... } subquery`);
  }
  let ahead = 1;
  while (s.isSymbol('.', ahead) && s.isName(ahead + 1)) ahead += 2;
  if (s.isSymbol('(', ahead)) return parseCall(s, ahead);
  if (!s.isVariable()) throw s.expected('an expression');
  s.next();
  return { type: 'variable', name: token.text, pos: token.pos };
}

/** A function call whose (possibly namespaced) name spans `nameTokens` tokens. */
function parseCall(s: TokenStream, nameTokens: number): Expr {
  const pos = s.peek().pos;
  let written = '';
  for (let i = 0; i < nameTokens; i++) written += s.next().text;
  const name = written.toLowerCase();
  if (name === 'reduce' || LEGACY_LIST_FUNCTIONS.has(name)) throw notSupported(pos, `${written}()`);
  if (name === 'shortestpath' || name === 'allshortestpaths') throw notSupported(pos, `${written} outside MATCH`);
  if (QUANTIFIERS.has(name) && s.isVariable(1) && s.isKeyword('IN', 2)) return parseQuantifier(s, name, pos);
  if (!SUPPORTED_FUNCTIONS.has(name)) throw unknownFunction(pos, written);
  s.expectSymbol('(');
  if (name === 'count' && s.isSymbol('*')) {
    s.next();
    s.expectSymbol(')');
    return { type: 'countStar', pos };
  }
  const distinct = s.acceptKeyword('DISTINCT') !== undefined;
  const args: Expr[] = [];
  if (!s.isSymbol(')')) {
    args.push(parseExpression(s));
    while (s.acceptSymbol(',')) args.push(parseExpression(s));
  }
  if (!s.isSymbol(')')) throw s.expected("',' or ')'");
  s.next();
  return { type: 'call', name, distinct, args, pos };
}

/** `all(x IN list WHERE predicate)` and its siblings any, none, single. */
function parseQuantifier(s: TokenStream, name: string, pos: Position): QuantifierExpr {
  s.expectSymbol('(');
  const variable = s.next().text;
  s.expectKeyword('IN');
  const list = parseExpression(s);
  s.expectKeyword('WHERE');
  const where = parseExpression(s);
  s.expectSymbol(')');
  return { type: 'quantifier', quantifier: name as QuantifierExpr['quantifier'], variable, list, where, pos };
}

/** `( ... )`: a pattern predicate when a node pattern is followed by a relationship, else a parenthesized expr. */
function parseParenthesized(s: TokenStream): Expr {
  const open = s.peek();
  // `((a)-->(b))` is a parenthesized pattern, `((a)-->(b) AND x)` an expression around one.
  if ((patternAhead(s)?.relationships ?? 0) > 0) {
    return { type: 'pattern', element: parsePatternElement(s), pos: open.pos };
  }
  s.next();
  const expr = parseExpression(s);
  if (!s.isSymbol(')')) throw s.expected("')'");
  s.next();
  return expr;
}

/** `[1, 2]`; list and pattern comprehensions are refused here. */
function parseList(s: TokenStream): ListExpr {
  const open = s.expectSymbol('[');
  if (s.isVariable() && s.isKeyword('IN', 1)) throw notSupported(open.pos, 'list comprehension');
  if (isPatternComprehension(s)) throw notSupported(open.pos, 'pattern comprehension');
  const items: Expr[] = [];
  if (!s.isSymbol(']')) {
    items.push(parseExpression(s));
    while (s.acceptSymbol(',')) items.push(parseExpression(s));
  }
  if (!s.isSymbol(']')) throw s.expected("',' or ']'");
  s.next();
  return { type: 'list', items, pos: open.pos };
}

function isPatternComprehension(s: TokenStream): boolean {
  const from = s.isVariable() && s.isSymbol('=', 1) ? 2 : 0;
  const pattern = patternAhead(s, from);
  if (!pattern || pattern.relationships === 0) return false;
  return s.isSymbol('|', from + pattern.length) || s.isKeyword('WHERE', from + pattern.length);
}

/** `{k: v, ...}`; the legacy `{param}` form is refused. */
export function parseMap(s: TokenStream): MapExpr {
  const open = s.expectSymbol('{');
  if ((s.isName() || s.peek().kind === 'integer') && s.isSymbol('}', 1)) {
    throw notSupported(open.pos, `legacy parameter {${s.peek().text}}`);
  }
  const entries: MapExpr['entries'] = [];
  if (!s.isSymbol('}')) {
    do {
      const key = s.name('a map key');
      s.expectSymbol(':');
      entries.push({ key, value: parseExpression(s) });
    } while (s.acceptSymbol(','));
  }
  if (!s.isSymbol('}')) throw s.expected("',' or '}'");
  s.next();
  return { type: 'map', entries, pos: open.pos };
}
