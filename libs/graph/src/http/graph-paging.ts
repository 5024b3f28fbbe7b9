import { readPaging, type RawQuery } from '@app/platform';

/** Graph lists: default page 10, larger limits clamped to 1000 (compat part 1, "Lists"). */
export const GRAPH_DEFAULT_LIMIT = 10;
export const GRAPH_MAX_LIMIT = 1000;

/**
 * skip and limit of a graph list. Graph endpoints repeat only the inner reason of a bad value (`invalid skip: -1`,
 * `strconv.Atoi: parsing "x": invalid syntax`), wrapped by `wrap` into the endpoint's own message. Empty or 0
 * limit means the default; a skip past the end is an empty page, never an error.
 */
export function readGraphPaging(query: RawQuery, wrap: (inner: string) => string): { skip: number; limit: number } {
  return readPaging(query, { defaultLimit: GRAPH_DEFAULT_LIMIT, maxLimit: GRAPH_MAX_LIMIT }, ({ reason }) => wrap(reason));
}
