import type {
  Clause, CypherQuery, Expr, MapExpr, NodePattern, PatternElement, PatternPart, Projection, ProjectionItem,
  RelationshipPattern,
} from './ast.js';

/**
 * Prints a parsed, checked query back to Cypher text for Neo4j 5 (graph-reference §2, step 6). Every name is
 * backtick-quoted and every literal re-escaped, so no label, key or string of the query can change the text's
 * structure; compound expressions are fully parenthesised, so precedence never depends on the printer.
 */
export interface PrintOptions {
  /**
   * Gives `=~` PostgreSQL's search semantics (match anywhere) instead of Neo4j's whole-string match, so one query
   * answers the same on both backends.
   */
  regexSearch?: boolean;
}

/** A name that cannot be quoted safely for every Neo4j 5 parser (see quoteIdentifier). */
export class CypherPrintError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CypherPrintError';
  }
}

export const UNPRINTABLE_NAME = (name: string) => `name cannot be sent to Neo4j: ${JSON.stringify(name)}`;
export const UNPRINTABLE_NUMBER = (value: number) => `number out of range: ${value}`;

/** Prints a query (AST from parseCypher, shortcuts expanded) as Cypher Neo4j 5 runs with the same meaning. */
export function printCypher(query: CypherQuery, options: PrintOptions = {}): string {
  const printer = new Printer(options);
  return query.clauses.map((clause) => printer.clause(clause)).join('\n');
}

/**
 * Quotes a variable, label, relationship type or property key with backticks (inner backticks doubled). Names
 * with a backslash before `u` are refused: Neo4j's JavaCC-based parser decodes `\uXXXX` anywhere in the text,
 * inside backticks too, so such a name could smuggle a closing backtick.
 */
export function quoteIdentifier(name: string): string {
  if (/\\u/i.test(name)) throw new CypherPrintError(UNPRINTABLE_NAME(name));
  return '`' + name.replaceAll('`', '``') + '`';
}

/** `:A:B` (all of) or `:A|B` (any of); empty for no labels. */
export function printLabels(labels: readonly string[], any = false): string {
  if (labels.length === 0) return '';
  return ':' + labels.map(quoteIdentifier).join(any ? '|' : ':');
}

const NAMED_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A single-quoted Cypher string; backslashes are doubled, so a `\u` of the value is never decoded. */
export function quoteString(value: string): string {
  // eslint-disable-next-line no-control-regex
  const escaped = value.replace(/[\\'\n\r\t\u0000-\u001f\u007f\u2028\u2029]/g, (ch) =>
    NAMED_ESCAPES[ch] ?? '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
  return `'${escaped}'`;
}

/** A Cypher number literal: floats keep a decimal point or exponent, integers never get one. */
export function printNumber(value: number, float = false): string {
  if (!Number.isFinite(value)) throw new CypherPrintError(UNPRINTABLE_NUMBER(value));
  let text: string;
  if (!float && Number.isInteger(value)) {
    text = BigInt(value).toString();
  } else {
    text = String(value).replace('e+', 'e');
    if (!/[.e]/.test(text)) text += '.0';
  }
  return value < 0 ? `(${text})` : text;
}

/** Inline flags such as `(?i)` at the start of a pattern (PostgreSQL only honours them there). */
const LEADING_FLAGS = /^(?:\(\?[a-zA-Z]+\))+/;

/**
 * Rewrites a regular expression so Neo4j's whole-string match finds it anywhere, as PostgreSQL's `~` does:
 * `(?i)abc` becomes `(?i)(?s).*(?:abc).*` (leading flags stay in front; `(?s)` because PostgreSQL's `.` matches
 * newlines).
 */
export function searchPattern(pattern: string): string {
  const flags = LEADING_FLAGS.exec(pattern)?.[0] ?? '';
  return `${flags}(?s).*(?:${pattern.slice(flags.length)}).*`;
}

type Context = 'boolean' | 'value';

class Printer {
  constructor(private readonly options: PrintOptions) {}

  clause(clause: Clause): string {
    switch (clause.type) {
      case 'match': {
        const text = `${clause.optional ? 'OPTIONAL ' : ''}MATCH ${clause.pattern.map((p) => this.part(p)).join(', ')}`;
        return clause.where ? `${text} WHERE ${this.expr(clause.where, 'boolean')}` : text;
      }
      case 'unwind':
        return `UNWIND ${this.expr(clause.expr)} AS ${quoteIdentifier(clause.alias)}`;
      case 'with': {
        const text = `WITH ${this.projection(clause, true)}`;
        return clause.where ? `${text} WHERE ${this.expr(clause.where, 'boolean')}` : text;
      }
      case 'return':
        return `RETURN ${this.projection(clause, false)}`;
    }
  }

  private projection(projection: Projection, isWith: boolean): string {
    const items = projection.items.map((item) => this.item(item, isWith));
    let text = (projection.distinct ? 'DISTINCT ' : '') + [...(projection.star ? ['*'] : []), ...items].join(', ');
    if (projection.orderBy?.length) {
      const keys = projection.orderBy.map((s) => this.expr(s.expr) + (s.descending ? ' DESC' : ''));
      text += ` ORDER BY ${keys.join(', ')}`;
    }
    if (projection.skip) text += ` SKIP ${this.expr(projection.skip)}`;
    if (projection.limit) text += ` LIMIT ${this.expr(projection.limit)}`;
    return text;
  }

  /** Always aliased: quoting changes an item's text, and the text is the column name (or, in WITH, the binding). */
  private item(item: ProjectionItem, isWith: boolean): string {
    return `${this.expr(item.expr)} AS ${quoteIdentifier(projectedName(item, isWith))}`;
  }

  private part(part: PatternPart): string {
    const element = this.element(part.element);
    const body = part.shortest ? `${part.shortest === 'shortest' ? 'shortestPath' : 'allShortestPaths'}(${element})` : element;
    return part.variable === undefined ? body : `${quoteIdentifier(part.variable)} = ${body}`;
  }

  private element(element: PatternElement): string {
    let text = this.node(element.nodes[0]);
    element.relationships.forEach((rel, i) => {
      text += this.relationship(rel) + this.node(element.nodes[i + 1]);
    });
    return text;
  }

  private node(node: NodePattern): string {
    const inner = (node.variable === undefined ? '' : quoteIdentifier(node.variable)) + printLabels(node.labels);
    return `(${[inner, node.properties ? this.map(node.properties) : ''].filter(Boolean).join(' ')})`;
  }

  private relationship(rel: RelationshipPattern): string {
    let inner = (rel.variable === undefined ? '' : quoteIdentifier(rel.variable)) + printLabels(rel.types, true);
    if (rel.range) {
      const { min, max } = rel.range;
      inner += min === undefined && max === undefined ? '*' : `*${min ?? ''}..${max ?? ''}`;
    }
    if (rel.properties) inner += ` ${this.map(rel.properties)}`;
    return `${rel.direction === 'in' ? '<-' : '-'}[${inner}]${rel.direction === 'out' ? '->' : '-'}`;
  }

  private map(map: MapExpr): string {
    return `{${map.entries.map((e) => `${quoteIdentifier(e.key)}: ${this.expr(e.value)}`).join(', ')}}`;
  }

  /** `context` tells whether a bare pattern predicate is allowed here (Neo4j 5 allows it only where a boolean is expected). */
  private expr(expr: Expr, context: Context = 'value'): string {
    switch (expr.type) {
      case 'literal':
        if (typeof expr.value === 'string') return quoteString(expr.value);
        if (typeof expr.value === 'number') return printNumber(expr.value, expr.float);
        return String(expr.value);
      case 'list':
        return `[${expr.items.map((item) => this.expr(item)).join(', ')}]`;
      case 'map':
        return this.map(expr);
      case 'variable':
        return quoteIdentifier(expr.name);
      case 'property':
        return `${this.expr(expr.object)}.${quoteIdentifier(expr.key)}`;
      case 'binary':
        return this.binary(expr.op, expr.left, expr.right);
      case 'unary':
        return `(${expr.op}${expr.op === 'NOT' ? ' ' : ''}${this.expr(expr.operand, expr.op === 'NOT' ? 'boolean' : 'value')})`;
      case 'isNull':
        return `(${this.expr(expr.operand)} IS ${expr.negated ? 'NOT ' : ''}NULL)`;
      case 'hasLabels':
        // Not parenthesised: `(n:A)` alone could read as a node pattern; a compound operand is parenthesised already.
        return this.expr(expr.operand) + printLabels(expr.labels, expr.any);
      case 'call':
        return this.call(expr.name, expr.distinct, expr.args, context);
      case 'countStar':
        return 'count(*)';
      case 'quantifier':
        return `${expr.quantifier}(${quoteIdentifier(expr.variable)} IN ${this.expr(expr.list)} WHERE ${this.expr(expr.where, 'boolean')})`;
      case 'pattern': {
        const pattern = this.element(expr.element);
        return context === 'boolean' ? pattern : `EXISTS { MATCH ${pattern} }`;
      }
    }
  }

  private binary(op: string, left: Expr, right: Expr): string {
    const logical = op === 'AND' || op === 'OR' || op === 'XOR';
    const side = (e: Expr) => this.expr(e, logical ? 'boolean' : 'value');
    if (op === '=~' && this.options.regexSearch) {
      const pattern = right.type === 'literal' && typeof right.value === 'string'
        ? quoteString(searchPattern(right.value))
        : `('(?s).*(?:' + ${this.expr(right)} + ').*')`;
      return `(${side(left)} =~ ${pattern})`;
    }
    return `(${side(left)} ${op} ${side(right)})`;
  }

  /** Neo4j 5 dropped `exists(n.prop)`; its meaning is `IS NOT NULL`, and `exists(pattern)` is the pattern predicate. */
  private call(name: string, distinct: boolean, args: Expr[], context: Context): string {
    if (name === 'exists' && args.length === 1) {
      return args[0].type === 'pattern' ? this.expr(args[0], context) : `(${this.expr(args[0])} IS NOT NULL)`;
    }
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new CypherPrintError(UNPRINTABLE_NAME(name));
    return `${name}(${distinct ? 'DISTINCT ' : ''}${args.map((a) => this.expr(a)).join(', ')})`;
  }
}

/** The column (RETURN) or binding (WITH) name of an item: its alias, a bare variable's own name, else its text. */
export function projectedName(item: ProjectionItem, isWith: boolean): string {
  if (item.alias !== undefined) return item.alias;
  if (isWith && item.expr.type === 'variable') return item.expr.name;
  return item.text;
}
