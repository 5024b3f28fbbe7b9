import type {
  Clause, CypherQuery, MatchClause, Position, Projection, ProjectionItem, ReturnClause, SortItem, UnwindClause,
  WithClause,
} from './ast.js';
import {
  CypherError, errorAt, INVALID_INPUT, MAX_QUERY_CHARACTERS, NESTED_TOO_DEEPLY, notSupported,
  PROCEDURES_NOT_SUPPORTED, QUERY_TOO_LONG, UPDATING_CLAUSES_NOT_SUPPORTED,
} from './errors.js';
import { tokenize } from './lexer.js';
import { parseExpression } from './parser-expressions.js';
import { parsePattern } from './parser-patterns.js';
import { TokenStream } from './parser-stream.js';

/** Past this depth a query's AST is refused, so recursive consumers (checks, translator) cannot overflow. */
const MAX_AST_DEPTH = 1000;

const UPDATING = new Set(['CREATE', 'MERGE', 'SET', 'REMOVE', 'DELETE', 'DETACH', 'FOREACH']);
const UNSUPPORTED_CLAUSES: Record<string, string> = {
  UNION: 'UNION', PROFILE: 'PROFILE', EXPLAIN: 'EXPLAIN', USE: 'USE', START: 'START', LOAD: 'LOAD CSV',
};

/**
 * Parses the openCypher read subset into the AST. Throws CypherError (the 400 message) for anything else:
 * syntax errors with `line L:C`, updating clauses, CALL, parameters and the constructs the subset refuses.
 */
export function parseCypher(text: string): CypherQuery {
  if (text.length > MAX_QUERY_CHARACTERS) throw new CypherError(QUERY_TOO_LONG);
  if (text.trim() === '') throw new CypherError(INVALID_INPUT);
  try {
    return parseQuery(text);
  } catch (error) {
    // The nesting bounds should make this unreachable; a stack overflow must still be a 400, never a 500.
    if (error instanceof RangeError) throw new CypherError(NESTED_TOO_DEEPLY);
    throw error;
  }
}

function parseQuery(text: string): CypherQuery {
  const s = new TokenStream(text, tokenize(text));
  const clauses: Clause[] = [];
  do {
    clauses.push(parseClause(s));
    if (s.isSymbol(';') && s.peek(1).kind === 'eof') s.next();
  } while (!s.atEnd());
  const query = { clauses };
  assertDepth(query);
  return query;
}

function parseClause(s: TokenStream): Clause {
  const token = s.peek();
  const word = token.kind === 'ident' ? token.text.toUpperCase() : '';
  switch (word) {
    case 'MATCH':
      return parseMatch(s, false);
    case 'OPTIONAL':
      s.next();
      if (!s.isKeyword('MATCH')) throw s.expected('MATCH');
      return parseMatch(s, true, token.pos);
    case 'WITH':
      return parseWith(s);
    case 'UNWIND':
      return parseUnwind(s);
    case 'RETURN':
      return parseReturn(s);
    case 'CALL':
      throw new CypherError(PROCEDURES_NOT_SUPPORTED);
    case 'USING':
      throw refuseUsing(s);
  }
  if ((word === 'CREATE' || word === 'DROP') && (s.isKeyword('INDEX', 1) || s.isKeyword('CONSTRAINT', 1))) {
    throw notSupported(token.pos, `${word} ${s.peek(1).text.toUpperCase()}`);
  }
  if (UPDATING.has(word)) throw new CypherError(UPDATING_CLAUSES_NOT_SUPPORTED);
  if (word in UNSUPPORTED_CLAUSES) throw notSupported(token.pos, UNSUPPORTED_CLAUSES[word]);
  throw s.expected('a clause (MATCH, OPTIONAL MATCH, WITH, UNWIND or RETURN)');
}

function refuseUsing(s: TokenStream): CypherError {
  const pos = s.peek().pos;
  return notSupported(pos, s.isKeyword('PERIODIC', 1) ? 'USING PERIODIC COMMIT' : 'USING (planner hints)');
}

function parseMatch(s: TokenStream, optional: boolean, pos?: Position): MatchClause {
  const keyword = s.expectKeyword('MATCH');
  const clause: MatchClause = { type: 'match', optional, pattern: parsePattern(s), pos: pos ?? keyword.pos };
  if (s.isKeyword('USING')) throw refuseUsing(s);
  if (s.acceptKeyword('WHERE')) clause.where = parseExpression(s);
  return clause;
}

function parseUnwind(s: TokenStream): UnwindClause {
  const pos = s.expectKeyword('UNWIND').pos;
  const expr = parseExpression(s);
  s.expectKeyword('AS');
  return { type: 'unwind', expr, alias: s.variable(), pos };
}

function parseWith(s: TokenStream): WithClause {
  const pos = s.expectKeyword('WITH').pos;
  const clause: WithClause = { type: 'with', ...parseProjection(s), pos };
  if (s.acceptKeyword('WHERE')) clause.where = parseExpression(s);
  return clause;
}

function parseReturn(s: TokenStream): ReturnClause {
  const pos = s.expectKeyword('RETURN').pos;
  return { type: 'return', ...parseProjection(s), pos };
}

/** What WITH and RETURN share: DISTINCT, items (or `*`), ORDER BY, SKIP, LIMIT. */
function parseProjection(s: TokenStream): Projection {
  const distinct = s.acceptKeyword('DISTINCT') !== undefined;
  const star = s.acceptSymbol('*') !== undefined;
  const items: ProjectionItem[] = [];
  if (!star || s.acceptSymbol(',')) {
    do items.push(parseProjectionItem(s));
    while (s.acceptSymbol(','));
  }
  const projection: Projection = { distinct, star, items };
  if (s.acceptKeyword('ORDER')) {
    s.expectKeyword('BY');
    const orderBy: SortItem[] = [];
    do orderBy.push(parseSortItem(s));
    while (s.acceptSymbol(','));
    projection.orderBy = orderBy;
  }
  if (s.acceptKeyword('SKIP')) projection.skip = parseExpression(s);
  if (s.acceptKeyword('LIMIT')) projection.limit = parseExpression(s);
  return projection;
}

function parseProjectionItem(s: TokenStream): ProjectionItem {
  const first = s.peek();
  const expr = parseExpression(s);
  const text = s.text.slice(first.start, s.previous().end).trim();
  if (!s.acceptKeyword('AS')) return { expr, text };
  return { expr, alias: s.variable(), text };
}

function parseSortItem(s: TokenStream): SortItem {
  const expr = parseExpression(s);
  if (s.acceptKeyword('DESC') || s.acceptKeyword('DESCENDING')) return { expr, descending: true };
  if (!s.acceptKeyword('ASC')) s.acceptKeyword('ASCENDING');
  return { expr, descending: false };
}

/** Long operator chains nest the AST without nesting the text; bound the AST's depth too (iteratively). */
function assertDepth(query: CypherQuery): void {
  const start: Position = { line: 1, column: 0 };
  const stack: [unknown, number, Position][] = [[query, 0, start]];
  while (stack.length) {
    const [value, depth, near] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    const pos = (value as { pos?: Position }).pos ?? near;
    if (depth > MAX_AST_DEPTH) throw errorAt(pos, NESTED_TOO_DEEPLY);
    for (const child of Object.values(value)) stack.push([child, depth + 1, pos]);
  }
}
