import { ValidateBy } from 'class-validator';
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

/** Whether a request carries a body (by its framing headers, before anything reads it). */
export function hasRequestBody(req: Request): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}
