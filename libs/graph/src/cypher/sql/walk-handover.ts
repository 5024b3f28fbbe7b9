import type { NodePattern, RelationshipPattern } from '../ast.js';
import { raw, sql, type Sql } from '@app/platform';
import type { NodeConstraints } from './constraints.js';
import { FoundPathsParameter, type TranslationContext } from './context.js';
import { labelsOnly } from './shortest.js';
import { WalkRowsParameter, type WalkShape, type WalkStep } from './walk-step.js';

/**
 * The WalkStep of a variable-length relationship whose seeds are a set: seeds by kinds when the seed node's
 * constraints are labels alone, else by the statement that selects them; undefined when that statement would need
 * another step's parameter (it runs before the steps' results exist).
 */
export function walkStep(
  relationship: RelationshipPattern, seedConstraints: NodeConstraints, seed: { alias: string; predicate?: Sql },
  farPattern: NodePattern, shape: WalkShape, ctx: TranslationContext,
): WalkStep | undefined {
  const kinds = labelsOnly(seedConstraints, ctx);
  let seeds: WalkStep['seed'];
  if (!seed.predicate) seeds = { type: 'all' };
  else if (kinds) seeds = { type: 'kinds', kinds };
  else {
    const statement = sql`SELECT ${raw(seed.alias)}.id FROM node ${raw(seed.alias)} WHERE ${seed.predicate}`;
    if (statement.toQuery().values.some((value) => value instanceof FoundPathsParameter || value instanceof WalkRowsParameter)) {
      return undefined;
    }
    seeds = { type: 'ids', statement };
  }
  const forward = (relationship.direction === 'out') === shape.fromLeft;
  const far = ctx.kindIds(farPattern.labels);
  return {
    ...shape,
    seed: seeds,
    step: relationship.direction === 'both' ? 'both' : forward ? 'out' : 'in',
    edgeKindIds: relationship.types.length > 0 ? ctx.kindIds(relationship.types).known : undefined,
    // A label the graph lacks matches no far node: the statement's own label test answers that.
    farKinds: far.known.length > 0 && !far.unknown ? far.known : undefined,
  };
}
