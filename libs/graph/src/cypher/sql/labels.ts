import { raw, sql, type Sql } from '@app/platform';
import type { TranslationContext } from './context.js';

/**
 * A label test on a kind-id array: all labels (`n:A:B`, containment) or any of them (`n:A|B`, overlap), both
 * served by the GIN index. A label the graph has never seen matches nothing (never an error).
 */
export function labelsMatch(kindIds: Sql, labels: readonly string[], any: boolean, ctx: TranslationContext): Sql {
  if (labels.length === 0) return raw('true');
  if (any) {
    const { known } = ctx.kindIds(labels);
    return known.length === 0 ? raw('false') : sql`(${kindIds} && ${known}::int2[])`;
  }
  const all = allLabelsAsKindIds(labels, ctx);
  return all ? sql`(${kindIds} @> ${all}::int2[])` : raw('false');
}

/** The kind ids a node needs to carry all `labels` (`n:A:B`); undefined when one is unknown, so no node can. */
export function allLabelsAsKindIds(labels: readonly string[], ctx: TranslationContext): number[] | undefined {
  const { known, unknown } = ctx.kindIds(labels);
  return unknown ? undefined : known;
}

/** An edge-type test: `[:A|B]` (alternation); no types means any. */
export function typesMatch(kindId: Sql, types: readonly string[], ctx: TranslationContext): Sql | undefined {
  if (types.length === 0) return undefined;
  const { known } = ctx.kindIds(types);
  return known.length === 0 ? raw('false') : sql`(${kindId} = ANY(${known}::int2[]))`;
}
