import type { MapExpr, NodePattern, PatternElement, PatternPart, RelationshipPattern } from './ast.js';
import { errorAt } from './errors.js';
import { parseMap } from './parser-expressions.js';
import type { TokenStream } from './parser-stream.js';

const SHORTEST: Record<string, PatternPart['shortest']> = {
  SHORTESTPATH: 'shortest',
  ALLSHORTESTPATHS: 'allShortest',
};

/** The comma-separated pattern of a MATCH clause. */
export function parsePattern(s: TokenStream): PatternPart[] {
  const parts = [parsePatternPart(s)];
  while (s.acceptSymbol(',')) parts.push(parsePatternPart(s));
  return parts;
}

/** `p = shortestPath((a)-[:R*1..]->(b))`, `(a)-[r]->(b)`, ... */
function parsePatternPart(s: TokenStream): PatternPart {
  const pos = s.peek().pos;
  let variable: string | undefined;
  if (s.isVariable() && s.isSymbol('=', 1)) {
    variable = s.next().text;
    s.next();
  }
  const word = s.peek();
  const shortest = word.kind === 'ident' && s.isSymbol('(', 1) ? SHORTEST[word.text.toUpperCase()] : undefined;
  if (!shortest) {
    if (!s.isSymbol('(')) throw s.expected('a pattern');
    return withVariable({ element: parsePatternElement(s), pos }, variable);
  }
  s.next();
  s.expectSymbol('(');
  const element = parsePatternElement(s);
  s.expectSymbol(')');
  if (element.relationships.length !== 1) {
    throw errorAt(word.pos, `${word.text} requires a pattern with exactly one relationship`);
  }
  // The pathfinder searches from the shortest length up; a longer minimum is not a shortest path.
  const min = element.relationships[0].range?.min;
  if (min !== undefined && min > 1) throw errorAt(word.pos, `${word.text} requires a minimum length of 0 or 1`);
  return withVariable({ shortest, element, pos }, variable);
}

function withVariable(part: PatternPart, variable: string | undefined): PatternPart {
  return variable === undefined ? part : { variable, ...part };
}

/** True when the tokens ahead start a relationship: `-[`, `--`, `<-[`, `<--`. */
export function atRelationship(s: TokenStream): boolean {
  const from = s.isSymbol('<') ? 1 : 0;
  return s.isSymbol('-', from) && (s.isSymbol('[', from + 1) || s.isSymbol('-', from + 1));
}

/** A chain of nodes and relationships, optionally wrapped in parentheses. */
export function parsePatternElement(s: TokenStream): PatternElement {
  if (s.isSymbol('(') && s.isSymbol('(', 1)) {
    const open = s.next();
    s.enter(open.pos);
    const element = parsePatternElement(s);
    s.leave();
    s.expectSymbol(')');
    return element;
  }
  const nodes = [parseNodePattern(s)];
  const relationships: RelationshipPattern[] = [];
  while (atRelationship(s)) {
    relationships.push(parseRelationship(s));
    nodes.push(parseNodePattern(s));
  }
  return { nodes, relationships };
}

/** `(n:A:B {k: v})` */
function parseNodePattern(s: TokenStream): NodePattern {
  const pos = s.expectSymbol('(').pos;
  const node: NodePattern = { labels: [], pos };
  if (s.isVariable()) node.variable = s.next().text;
  while (s.acceptSymbol(':')) node.labels.push(s.name('a label'));
  const properties = parseInlineProperties(s);
  if (properties) node.properties = properties;
  if (!s.isSymbol(')')) {
    const bare = node.variable === undefined && !node.labels.length;
    throw s.expected(bare ? "a variable, ':', '{' or ')'" : "':', '{' or ')'");
  }
  s.next();
  return node;
}

function parseInlineProperties(s: TokenStream): MapExpr | undefined {
  if (s.peek().kind === 'param') throw s.expected('a map');
  return s.isSymbol('{') ? parseMap(s) : undefined;
}

/** `-[r:A|B*1..3 {k: v}]->`, `<--`, `--`, ... */
function parseRelationship(s: TokenStream): RelationshipPattern {
  const pos = s.peek().pos;
  const left = s.acceptSymbol('<') !== undefined;
  s.expectSymbol('-');
  const relationship: RelationshipPattern = { types: [], direction: 'both', pos };
  if (s.acceptSymbol('[')) parseRelationshipDetail(s, relationship);
  s.expectSymbol('-');
  const right = s.acceptSymbol('>') !== undefined;
  if (left !== right) relationship.direction = left ? 'in' : 'out';
  return relationship;
}

function parseRelationshipDetail(s: TokenStream, relationship: RelationshipPattern): void {
  if (s.isVariable()) relationship.variable = s.next().text;
  if (s.acceptSymbol(':')) {
    relationship.types.push(s.name('a relationship type'));
    while (s.acceptSymbol('|')) {
      s.acceptSymbol(':');
      relationship.types.push(s.name('a relationship type'));
    }
  }
  if (s.acceptSymbol('*')) relationship.range = parseRange(s);
  const properties = parseInlineProperties(s);
  if (properties) relationship.properties = properties;
  if (!s.isSymbol(']')) throw s.expected("']'");
  s.next();
}

/** After `*`: nothing, `2`, `1..`, `..3`, `1..3`. */
function parseRange(s: TokenStream): { min?: number; max?: number } {
  const first = s.peek().kind === 'integer' ? s.next().value : undefined;
  if (!s.acceptSymbol('..')) return first === undefined ? {} : { min: first, max: first };
  const second = s.peek().kind === 'integer' ? s.next().value : undefined;
  const range: { min?: number; max?: number } = {};
  if (first !== undefined) range.min = first;
  if (second !== undefined) range.max = second;
  return range;
}

/** A pattern element found ahead: its relationships and how many tokens it spans. */
export interface PatternAhead {
  relationships: number;
  length: number;
}

/** A skimmed chain: its relationships and the place just past it. */
interface Skim {
  relationships: number;
  end: number;
}

/** Look-ahead results by token index (end is an index too; `null`: not a pattern), so no start is skimmed twice. */
const skims = new WeakMap<TokenStream, Map<number, Skim | null>>();

/**
 * Looks ahead, without moving, over the pattern element (possibly parenthesized) that starts `ahead` places on,
 * without parsing its maps: undefined when the tokens are not one. Brackets are jumped over with the stream's
 * precomputed matches and results are memoised, so telling patterns from expressions stays linear in the query.
 */
export function patternAhead(s: TokenStream, ahead = 0): PatternAhead | undefined {
  let memo = skims.get(s);
  if (!memo) skims.set(s, (memo = new Map()));
  const start = s.mark() + ahead;
  if (!memo.has(start)) skimParenthesized(s, ahead, memo);
  const found = memo.get(start);
  return found ? { relationships: found.relationships, length: found.end - start } : undefined;
}

/**
 * Skims a run of `(`: the innermost opens the chain of nodes and relationships, and each enclosing `(` wraps a
 * pattern only when its `)` comes right after (`((a)-->(b))`, but not `((a)-->(b) AND x)`). Memoises every start.
 */
function skimParenthesized(s: TokenStream, ahead: number, memo: Map<number, Skim | null>): void {
  const base = s.mark();
  let inner = ahead;
  while (s.isSymbol('(', inner) && s.isSymbol('(', inner + 1)) inner++;
  let found = skimChain(s, inner);
  for (let at = inner; at >= ahead; at--) {
    if (found && at < inner) found = s.closing(at) === found.end ? { ...found, end: found.end + 1 } : undefined;
    memo.set(base + at, found ? { relationships: found.relationships, end: base + found.end } : null);
  }
}

/** A chain `(a)-[r]->(b)...` starting `at` places ahead. */
function skimChain(s: TokenStream, at: number): Skim | undefined {
  let end = skimNode(s, at);
  let relationships = 0;
  while (end >= 0) {
    const dash = s.isSymbol('<', end) ? end + 1 : end;
    if (!s.isSymbol('-', dash) || !(s.isSymbol('[', dash + 1) || s.isSymbol('-', dash + 1))) {
      return { relationships, end };
    }
    let next = dash + 1;
    if (s.isSymbol('[', next)) next = after(s, next);
    if (next < 0 || !s.isSymbol('-', next)) return undefined;
    next++;
    if (s.isSymbol('>', next)) next++;
    end = skimNode(s, next);
    relationships++;
  }
  return undefined;
}

/** The place just past a node pattern starting `at` places ahead; -1 when there is none. */
function skimNode(s: TokenStream, at: number): number {
  if (!s.isSymbol('(', at)) return -1;
  const inside = s.isVariable(at + 1) ? at + 2 : at + 1;
  if (!s.isSymbol(')', inside) && !s.isSymbol(':', inside) && !s.isSymbol('{', inside)) return -1;
  return after(s, at);
}

/** The place just past the bracket matching the one `at` places ahead; -1 when it is never closed. */
function after(s: TokenStream, at: number): number {
  const close = s.closing(at);
  return close < 0 ? -1 : close + 1;
}
