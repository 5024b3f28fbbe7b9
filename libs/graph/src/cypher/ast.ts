/**
 * The Cypher read subset as an AST (graph-reference §2). The parser (parser.ts) produces it; the checks
 * (complexity.ts), the shortcut expansion (shortcuts.ts), the SQL translator (translate/) and the Cypher printer
 * for Neo4j (printer.ts) consume it. Updating clauses, CALL, parameters and the other rejected constructs never
 * reach an AST: the parser refuses them.
 */

/** 1-based line, 0-based column (as the reference's `line L:C` messages count). */
export interface Position {
  line: number;
  column: number;
}

/** A single query: clauses in order (MATCH/OPTIONAL MATCH/UNWIND/WITH ..., ending with RETURN). */
export interface CypherQuery {
  clauses: Clause[];
}

export type Clause = MatchClause | UnwindClause | WithClause | ReturnClause;

export interface MatchClause {
  type: 'match';
  optional: boolean;
  pattern: PatternPart[];
  where?: Expr;
  pos: Position;
}

export interface UnwindClause {
  type: 'unwind';
  expr: Expr;
  alias: string;
  pos: Position;
}

export interface Projection {
  distinct: boolean;
  /** `*` projects every variable in scope. */
  star: boolean;
  items: ProjectionItem[];
  orderBy?: SortItem[];
  skip?: Expr;
  limit?: Expr;
}

export interface ProjectionItem {
  expr: Expr;
  /** `AS alias`; without one the column is named by `text`. */
  alias?: string;
  /** The item's source text, trimmed (the column name when there is no alias, e.g. `n.name`). */
  text: string;
}

export interface WithClause extends Projection {
  type: 'with';
  where?: Expr;
  pos: Position;
}

export interface ReturnClause extends Projection {
  type: 'return';
  pos: Position;
}

export interface SortItem {
  expr: Expr;
  descending: boolean;
}

/** `p = shortestPath((a)-[:R*1..]->(b))`, `(a)-[r]->(b)`, ... */
export interface PatternPart {
  /** The path variable (`p = ...`). */
  variable?: string;
  /** Set when the part is wrapped in shortestPath(...) or allShortestPaths(...). */
  shortest?: 'shortest' | 'allShortest';
  element: PatternElement;
  pos: Position;
}

/** A chain: nodes.length === relationships.length + 1; relationships[i] joins nodes[i] and nodes[i + 1]. */
export interface PatternElement {
  nodes: NodePattern[];
  relationships: RelationshipPattern[];
}

export interface NodePattern {
  variable?: string;
  /** Conjunction: `(n:A:B)` has ['A', 'B']. */
  labels: string[];
  properties?: MapExpr;
  pos: Position;
}

export type RelDirection = 'out' | 'in' | 'both';

export interface RelationshipPattern {
  variable?: string;
  /** Alternation: `[:A|B]` has ['A', 'B']; empty means any type. Shortcuts are expanded in place. */
  types: string[];
  /** 'out' is `-[]->` (left to right), 'in' is `<-[]-`, 'both' is `-[]-`. */
  direction: RelDirection;
  /** Present for variable length: `*` = {}, `*2` = {min: 2, max: 2}, `*1..` = {min: 1}, `*..3` = {max: 3}. */
  range?: { min?: number; max?: number };
  properties?: MapExpr;
  pos: Position;
}

export type Expr =
  | LiteralExpr
  | ListExpr
  | MapExpr
  | VariableExpr
  | PropertyExpr
  | BinaryExpr
  | UnaryExpr
  | IsNullExpr
  | HasLabelsExpr
  | CallExpr
  | CountStarExpr
  | QuantifierExpr
  | PatternExpr;

export interface LiteralExpr {
  type: 'literal';
  /** Strings unescaped; integers and floats as numbers (`float` tells `1.0` from `1`). */
  value: string | number | boolean | null;
  float?: boolean;
  pos: Position;
}

export interface ListExpr {
  type: 'list';
  items: Expr[];
  pos: Position;
}

export interface MapExpr {
  type: 'map';
  entries: { key: string; value: Expr }[];
  pos: Position;
}

export interface VariableExpr {
  type: 'variable';
  name: string;
  pos: Position;
}

/** `n.name`, also `datetime().epochseconds`. */
export interface PropertyExpr {
  type: 'property';
  object: Expr;
  key: string;
  pos: Position;
}

export type BinaryOp =
  | 'AND' | 'OR' | 'XOR'
  | '=' | '<>' | '<' | '>' | '<=' | '>='
  | '+' | '-' | '*' | '/' | '%' | '^'
  | 'IN' | 'STARTS WITH' | 'ENDS WITH' | 'CONTAINS' | '=~';

export interface BinaryExpr {
  type: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
  pos: Position;
}

export interface UnaryExpr {
  type: 'unary';
  op: 'NOT' | '-' | '+';
  operand: Expr;
  pos: Position;
}

export interface IsNullExpr {
  type: 'isNull';
  operand: Expr;
  /** `IS NOT NULL` */
  negated: boolean;
  pos: Position;
}

/** A label predicate in an expression: `n:User`, `n:User:Base` (all), `n:User|Computer` (any). */
export interface HasLabelsExpr {
  type: 'hasLabels';
  operand: Expr;
  labels: string[];
  /** true for `n:A|B` (any of the labels), false for `n:A:B` (all). */
  any: boolean;
  pos: Position;
}

/** A function call; `name` is lower-cased (Cypher function names are case-insensitive). */
export interface CallExpr {
  type: 'call';
  name: string;
  distinct: boolean;
  args: Expr[];
  pos: Position;
}

/** `count(*)` */
export interface CountStarExpr {
  type: 'countStar';
  pos: Position;
}

/** `all(x IN list WHERE pred)`, `any`, `none`, `single`. */
export interface QuantifierExpr {
  type: 'quantifier';
  quantifier: 'all' | 'any' | 'none' | 'single';
  variable: string;
  list: Expr;
  where: Expr;
  pos: Position;
}

/** A pattern used as a predicate in WHERE: `(n)-[:X]->(m)`, true when at least one match exists. */
export interface PatternExpr {
  type: 'pattern';
  element: PatternElement;
  pos: Position;
}

/** Functions the read subset supports (lower-cased); any other name is refused at parse time. */
export const SUPPORTED_FUNCTIONS = new Set([
  'id', 'labels', 'type', 'startnode', 'endnode', 'nodes', 'relationships', 'head', 'tail', 'last', 'size', 'length',
  'split', 'tolower', 'toupper', 'tostring', 'tointeger', 'tofloat', 'toboolean', 'coalesce', 'trim', 'abs',
  'keys', 'properties', 'exists',
  'count', 'collect', 'sum', 'avg', 'min', 'max',
  'date', 'datetime', 'localdatetime', 'time', 'localtime', 'duration',
]);

export const AGGREGATE_FUNCTIONS = new Set(['count', 'collect', 'sum', 'avg', 'min', 'max']);
