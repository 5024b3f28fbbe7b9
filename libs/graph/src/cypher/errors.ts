import type { Position } from './ast.js';

/**
 * A query the Cypher front end refuses. The message is exactly what `POST /api/v2/graphs/cypher` returns with
 * HTTP 400, so every refusal (syntax, unsupported construct, scoping, complexity) is one of these.
 */
export class CypherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CypherError';
  }
}

export const INVALID_INPUT = 'invalid input';
export const UPDATING_CLAUSES_NOT_SUPPORTED = 'updating clauses are not supported';
export const PARAMETERS_NOT_SUPPORTED = 'user-specified parameters are not supported';
export const PROCEDURES_NOT_SUPPORTED = 'procedure invocation is not supported';
export const NESTED_TOO_DEEPLY = 'query is nested too deeply';
export const QUERY_TOO_COMPLEX =
  'cypher query is too complex and is likely to result in poor or unstable database performance';

/** Formats a position the way the reference's messages count it: `line L:C` (1-based line, 0-based column). */
export function at(pos: Position): string {
  return `line ${pos.line}:${pos.column}`;
}

/** An error located in the query text, e.g. `line 1:6 expected a pattern but found 'MERGE'`. */
export function errorAt(pos: Position, message: string): CypherError {
  return new CypherError(`${at(pos)} ${message}`);
}

/** A construct the read subset refuses, named in words: `line 1:43 UNION is not supported`. */
export function notSupported(pos: Position, construct: string): CypherError {
  return errorAt(pos, `${construct} is not supported`);
}

export function unknownFunction(pos: Position, name: string): CypherError {
  return errorAt(pos, `unknown cypher function: ${name}`);
}

export function undefinedVariable(pos: Position, name: string): CypherError {
  return errorAt(pos, `variable \`${name}\` not defined`);
}
