import { ValidateBy, type ValidationOptions } from 'class-validator';
import type { Request } from 'express';

/** PostgreSQL text cannot hold NUL: refuse it at the edge (400) rather than fail in the database (500). */
export const NoNul = () =>
  ValidateBy({
    name: 'noNul',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !value.includes('\u0000'),
      defaultMessage: () => '$property must not contain NUL characters',
    },
  });

/** Name of the ArrayCap rule (the validation pipe cuts arrays past it before validating). */
export const ARRAY_CAP = 'arrayCap';

/**
 * Like @ArrayMaxSize, but silent on a value that is not an array (its type check speaks for it), for a property
 * whose own size rule lives in a use case: the cap only keeps validation from walking a huge array, since the
 * validation pipe cuts it to `limit + 1` items first.
 */
export const ArrayCap = (limit: number, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: ARRAY_CAP,
      constraints: [limit],
      validator: {
        validate: (value: unknown) => !Array.isArray(value) || value.length <= limit,
        defaultMessage: () => `$property must contain no more than ${limit} elements`,
      },
    },
    options,
  );

/** Whether a request carries a body (by its framing headers, before anything reads it). */
export function hasRequestBody(req: Request): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}
