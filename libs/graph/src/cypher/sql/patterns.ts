import type { NodePattern, PatternElement, PatternPart, RelationshipPattern } from '../ast.js';
import { joinSql, raw, sql, type Sql } from '@app/platform';
import { ConstraintBook } from './constraints.js';
import { DEFAULT_MAX_DEPTH } from './context.js';
import type { Env } from './env.js';
import { notEvaluable, TranslationErrors } from './errors.js';
import { translate } from './expressions.js';
import { walkSql } from './expansion.js';
import { labelsMatch, typesMatch } from './labels.js';
import { equality } from './operators.js';
import { constantMapTests, nodePredicate } from './seeds.js';
import type { SelectFrame } from './select.js';
import { shortestPathPart } from './shortest.js';
import { walkStep } from './walk-handover.js';
import { walkRowsSql, type WalkShape, type WalkStep } from './walk-step.js';
import { kindIdsOf, propertyRead, type EdgeValue, type NodeValue } from './typed.js';

/** A relationship a pattern matched, for relationship isomorphism within one MATCH. */
export type RelationshipUse =
  | { kind: 'edge'; id: Sql; types: string[] }
  | { kind: 'walk'; ids: Sql; types: string[]; step?: WalkStep };

/** One piece of a path: a node reached by one edge, or the nodes and edges of an expansion. */
interface PathSegment { nodes: Sql; edges: Sql }

/**
 * Emits the pattern parts of one MATCH (or of a pattern predicate) into `frame`: joins over `node` and `edge`,
 * recursive walks for variable-length relationships, pathfinding results for shortestPath, and the conditions
 * tying them together. New variables are bound in the frame's scope.
 */
export function emitPattern(frame: SelectFrame, parts: PatternPart[], env: Env): void {
  const uses: RelationshipUse[] = [];
  for (const part of parts) {
    if (part.shortest) shortestPathPart(frame, part);
    else new ChainEmitter(frame, part.element, env, uses).emit(part.variable);
  }
  for (const condition of isomorphism(uses)) frame.where(condition);
}

/** Files a pattern's node labels and maps in the frame's constraint book (before emission, for seeding). */
export function fileConstraints(book: ConstraintBook, parts: PatternPart[] | PatternElement[]): void {
  for (const part of parts) {
    const element = 'element' in part ? part.element : part;
    for (const node of element.nodes) book.addPattern(node);
  }
}

/** Emits a chain `(a)-[r]->(b)<-[*]-(c)` left to right. */
class ChainEmitter {
  private readonly anonymous: (NodeValue | undefined)[];
  private readonly segments: PathSegment[] = [];

  constructor(
    private readonly frame: SelectFrame,
    private readonly element: PatternElement,
    private readonly env: Env,
    private readonly uses: RelationshipUse[],
  ) {
    this.anonymous = element.nodes.map(() => undefined);
  }

  emit(pathVariable: string | undefined): void {
    const { nodes, relationships } = this.element;
    if (relationships.length === 0 && !this.node(0)) this.tableNode(0);
    relationships.forEach((relationship, index) => {
      const range = relationship.range;
      const min = range ? range.min ?? 1 : 1;
      const max = range ? range.max ?? DEFAULT_MAX_DEPTH : 1;
      if (min === 1 && max === 1) this.edge(relationship, index, range !== undefined);
      else this.walk(relationship, index, min, max, pathVariable !== undefined);
    });
    nodes.forEach((pattern, index) => this.constrain(pattern, this.node(index)!));
    if (pathVariable) this.bindPath(pathVariable);
  }

  /** The node at a position, if bound (by an earlier clause or earlier in this chain). */
  private node(index: number): NodeValue | undefined {
    const name = this.element.nodes[index].variable;
    if (!name) return this.anonymous[index];
    const bound = this.frame.scope.lookup(name);
    if (bound && bound.t !== 'node') throw notEvaluable(TranslationErrors.notANode(name));
    return bound;
  }

  private bind(index: number, value: NodeValue): void {
    const name = this.element.nodes[index].variable;
    if (!name) this.anonymous[index] = value;
    else {
      this.frame.scope.define(name, value);
      this.frame.local.add(name);
    }
  }

  /** A node reached through an id column: its row is joined only if something reads it. */
  private reached(index: number, id: Sql): void {
    this.bind(index, { t: 'node', id, row: this.frame.lazyRow('node', id, false) });
  }

  private tableNode(index: number): void {
    const alias = this.frame.ctx.alias('n');
    this.frame.add('cross', raw('node'), alias);
    this.bind(index, { t: 'node', id: raw(`${alias}.id`), row: () => alias });
  }

  /** A carried node: bound, but not by this frame's own patterns (its constraints are unknown here). */
  private carried(index: number): boolean {
    const name = this.element.nodes[index].variable;
    return name !== undefined && this.node(index) !== undefined && !this.frame.local.has(name);
  }

  private edge(relationship: RelationshipPattern, index: number, asList: boolean): void {
    const alias = this.frame.ctx.alias('e');
    const column = (name: string) => raw(`${alias}.${name}`);
    this.frame.add('cross', raw('edge'), alias);
    const edge: EdgeValue = { t: 'edge', id: column('id'), row: () => alias };
    const types = typesMatch(column('kind_id'), relationship.types, this.frame.ctx);
    if (types) this.frame.where(types);
    if (relationship.properties) {
      for (const entry of relationship.properties.entries) {
        this.frame.where(equality(propertyRead(edge, entry.key), translate(entry.value, { ...this.env, scope: this.frame.scope, exact: true })));
      }
    }
    if (relationship.direction === 'both') this.undirected(index, column('start_id'), column('end_id'));
    else {
      const [left, right] = relationship.direction === 'out' ? ['start_id', 'end_id'] : ['end_id', 'start_id'];
      this.attach(index, column(left));
      this.attach(index + 1, column(right));
    }
    this.bindRelationship(relationship, asList ? { t: 'edgeList', sql: sql`ARRAY[${edge.id}]` } : edge);
    this.uses.push({ kind: 'edge', id: edge.id, types: relationship.types });
    this.segments.push({ nodes: sql`ARRAY[${this.node(index + 1)!.id}]`, edges: sql`ARRAY[${edge.id}]` });
  }

  /** Ties a node position to an id column: a condition when bound, otherwise the binding itself. */
  private attach(index: number, id: Sql): void {
    const bound = this.node(index);
    if (bound) this.frame.where(sql`${id} = ${bound.id}`);
    else this.reached(index, id);
  }

  /** `(a)-[r]-(b)`: either orientation; an unbound end is the edge's other end. */
  private undirected(index: number, start: Sql, end: Sql): void {
    if (!this.node(index) && !this.node(index + 1)) this.tableNode(index);
    const left = this.node(index);
    const right = this.node(index + 1);
    if (left && right) {
      this.frame.where(sql`((${start} = ${left.id} AND ${end} = ${right.id}) OR (${start} = ${right.id} AND ${end} = ${left.id}))`);
      return;
    }
    const [known, unknown] = left ? [left, index + 1] : [right!, index];
    this.frame.where(sql`(${start} = ${known.id} OR ${end} = ${known.id})`);
    this.reached(unknown, sql`(CASE WHEN ${start} = ${known.id} THEN ${end} ELSE ${start} END)`);
  }

  private walk(relationship: RelationshipPattern, index: number, min: number, max: number, withNodes: boolean): void {
    const ctx = this.frame.ctx;
    const score = (position: number) => (this.carried(position)
      ? 90
      : ConstraintBook.selectivity(this.frame.book.of(this.element.nodes[position])));
    const fromLeft = score(index) >= score(index + 1);
    const [seedAt, farAt] = fromLeft ? [index, index + 1] : [index + 1, index];
    const name = ctx.alias('w');
    const seedNode = this.node(seedAt);
    const lateral = this.carried(seedAt);
    const seedAlias = `${name}s`;
    const seed = lateral
      ? { kind: 'bound' as const, id: seedNode!.id }
      : {
        kind: 'set' as const,
        alias: seedAlias,
        predicate: nodePredicate(this.frame.book.of(this.element.nodes[seedAt]), this.element.nodes[seedAt].variable, seedAlias, ctx),
      };
    const shape = { fromLeft, min, max, withNodes, withEdges: withNodes || relationship.variable !== undefined };
    const step = seed.kind === 'set' ? this.handedOver(relationship, seed, seedAt, farAt, shape) : undefined;
    const walk = step
      ? walkRowsSql(this.frame.ctx.walks.push(step) - 1)
      : walkSql({ name, seed, fromLeft, direction: relationship.direction, min, max, withNodes, edgeTest: this.edgeTest(relationship) });
    this.frame.add(lateral ? 'lateral' : 'cross', walk, name);
    if (!lateral) this.attach(seedAt, raw(`${name}.seed_id`));
    this.attach(farAt, raw(`${name}.far_id`));
    const ids = raw(`${name}.edge_ids`);
    this.bindRelationship(relationship, { t: 'edgeList', sql: ids });
    this.uses.push({ kind: 'walk', ids, types: relationship.types, step });
    this.segments.push({ nodes: sql`${raw(`${name}.node_ids`)}[2:]`, edges: ids });
  }

  /**
   * The walk as a step the engine enumerates over the traversal index, when the translation may hand walks over
   * and this one allows it: edges tested by type alone, and seeds that need no parameter of another step.
   */
  private handedOver(
    relationship: RelationshipPattern, seed: { alias: string; predicate?: Sql }, seedAt: number, farAt: number,
    shape: WalkShape,
  ): WalkStep | undefined {
    const ctx = this.frame.ctx;
    if (!ctx.options.walksInMemory || relationship.properties) return undefined;
    return walkStep(relationship, this.frame.book.of(this.element.nodes[seedAt]), seed, this.element.nodes[farAt], shape, ctx);
  }

  /** Types and (constant) properties every edge of an expansion must have, over an edge alias. */
  private edgeTest(relationship: RelationshipPattern): ((edge: string) => Sql) | undefined {
    const map = relationship.properties;
    if (map && map.entries.length > constantMapTests(map, { t: 'edge', id: raw('0') }).length) {
      throw notEvaluable(TranslationErrors.constantMapOnExpansion);
    }
    if (relationship.types.length === 0 && !map) return undefined;
    return (alias) => {
      const tests: Sql[] = [];
      const types = typesMatch(raw(`${alias}.kind_id`), relationship.types, this.frame.ctx);
      if (types) tests.push(types);
      if (map) tests.push(...constantMapTests(map, { t: 'edge', id: raw(`${alias}.id`), row: () => alias }));
      return joinSql(tests, ' AND ');
    };
  }

  private bindRelationship(relationship: RelationshipPattern, value: EdgeValue | { t: 'edgeList'; sql: Sql }): void {
    const name = relationship.variable;
    if (!name) return;
    const bound = this.frame.scope.lookup(name);
    if (bound) {
      if (bound.t !== 'edge' || value.t !== 'edge') throw notEvaluable(TranslationErrors.notSupported(`reusing relationship variable \`${name}\``));
      this.frame.where(sql`${value.id} = ${bound.id}`);
      return;
    }
    this.frame.scope.define(name, value);
    this.frame.local.add(name);
  }

  /** Labels and inline properties of a node pattern, as conditions on its binding. */
  private constrain(pattern: NodePattern, node: NodeValue): void {
    if (pattern.labels.length > 0) this.frame.where(labelsMatch(kindIdsOf(node), pattern.labels, false, this.frame.ctx));
    for (const entry of pattern.properties?.entries ?? []) {
      this.frame.where(equality(propertyRead(node, entry.key), translate(entry.value, { ...this.env, scope: this.frame.scope, exact: true })));
    }
  }

  private bindPath(name: string): void {
    const nodes = [sql`ARRAY[${this.node(0)!.id}]`, ...this.segments.map((segment) => segment.nodes)];
    const edges = this.segments.length === 0 ? [raw(`'{}'::int8[]`)] : this.segments.map((segment) => segment.edges);
    this.frame.scope.define(name, { t: 'path', nodes: sql`(${joinSql(nodes, ' || ')})`, edges: sql`(${joinSql(edges, ' || ')})` });
    this.frame.local.add(name);
  }
}

function overlap(a: string[], b: string[]): boolean {
  return a.length === 0 || b.length === 0 || a.some((type) => b.includes(type));
}

/** Relationship isomorphism: no relationship matched twice within one MATCH (only between types that overlap). */
function isomorphism(uses: RelationshipUse[]): Sql[] {
  const conditions: Sql[] = [];
  uses.forEach((a, i) => {
    for (const b of uses.slice(i + 1)) {
      if (!overlap(a.types, b.types)) continue;
      // The condition reads a handed-over walk's edge ids: its rows must carry them.
      for (const use of [a, b]) if (use.kind === 'walk' && use.step) use.step.withEdges = true;
      if (a.kind === 'edge' && b.kind === 'edge') conditions.push(sql`${a.id} <> ${b.id}`);
      else if (a.kind === 'walk' && b.kind === 'walk') conditions.push(sql`NOT (${a.ids} && ${b.ids})`);
      else {
        const [edge, walk] = a.kind === 'edge' ? [a, b as { ids: Sql }] : [b as { id: Sql }, a];
        conditions.push(sql`${edge.id} <> ALL(${walk.ids})`);
      }
    }
  });
  return conditions;
}
