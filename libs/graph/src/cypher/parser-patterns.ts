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

/**
 * Looks ahead over a pattern element without parsing its maps (so that telling a pattern from an expression stays
 * linear): the number of relationships, or -1 when the tokens are not a pattern. Moves the cursor; callers reset it.
 */
export function skimPatternElement(s: TokenStream): number {
  if (!skimNode(s)) return -1;
  let relationships = 0;
  while (atRelationship(s)) {
    s.acceptSymbol('<');
    s.next();
    if (s.isSymbol('[') && !skipBalanced(s)) return -1;
    if (!s.acceptSymbol('-')) return -1;
    s.acceptSymbol('>');
    if (!skimNode(s)) return -1;
    relationships++;
  }
  return relationships;
}

function skimNode(s: TokenStream): boolean {
  if (!s.isSymbol('(')) return false;
  const at = s.isVariable(1) ? 2 : 1;
  if (!s.isSymbol(')', at) && !s.isSymbol(':', at) && !s.isSymbol('{', at)) return false;
  return skipBalanced(s);
}

/** Skips from an opening bracket to its match; false at end of input. */
function skipBalanced(s: TokenStream): boolean {
  let depth = 0;
  do {
    const token = s.next();
    if (token.kind === 'eof') return false;
    if (token.kind === 'symbol' && '([{'.includes(token.text)) depth++;
    if (token.kind === 'symbol' && ')]}'.includes(token.text)) depth--;
  } while (depth > 0);
  return true;
}
