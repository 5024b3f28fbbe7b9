/** `{"data": payload}`: the plain success envelope. */
export function data<T>(payload: T): { data: T } {
  return { data: payload };
}

export interface Paginated<T> {
  count: number;
  skip: number;
  limit: number;
  data: T[];
}

/** `{count, skip, limit, data}`: the paginated envelope, `limit` being the limit actually applied. */
export function paginated<T>(items: T[], page: { count: number; skip: number; limit: number }): Paginated<T> {
  return { count: page.count, skip: page.skip, limit: page.limit, data: items };
}
