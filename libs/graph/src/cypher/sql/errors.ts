import { ApiError } from '@app/platform';

/** Prefix of every refusal found while translating or running a query (compat.md part 1, Cypher). */
export const QUERY_NOT_EVALUATED = 'query could not be evaluated';

/** Reasons a checked query still cannot be evaluated; each becomes `query could not be evaluated: <reason>`. */
export const TranslationErrors = {
  notANode: (name: string) => `\`${name}\` is not a node`,
  notARelationship: (name: string) => `\`${name}\` is not a relationship`,
  undefinedVariable: (name: string) => `variable \`${name}\` not defined`,
  typeMismatch: (what: string) => `type mismatch: ${what}`,
  aggregateMisplaced: 'aggregate functions are only allowed in WITH and RETURN items',
  nestedAggregate: 'aggregate functions cannot be nested',
  groupingKey: (name: string) => `\`${name}\` must be projected to be used next to an aggregate`,
  notSupported: (what: string) => `${what} is not supported`,
  badSkip: 'SKIP must be a non-negative integer literal',
  badLimit: 'LIMIT must be a non-negative integer literal',
  shortestPathShape: 'shortestPath needs a single relationship between two nodes',
  shortestPathBound: 'shortestPath endpoints must be matched in the same query part',
  constantMapOnExpansion: 'properties of a variable-length relationship must be constants',
} as const;

/** The 400 answer for a query the database cannot evaluate (type errors, bad casts, invalid regexes). */
export function notEvaluable(reason: string): ApiError {
  return ApiError.badRequest(`${QUERY_NOT_EVALUATED}: ${reason}`);
}
