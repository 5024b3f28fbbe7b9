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
/** Longer text is refused before it is read: parsing is synchronous, so its cost must stay small. */
export const MAX_QUERY_CHARACTERS = 100_000;
/** A cap on tokens as well, since short tokens (`1,1,1,...`) make the most AST per character. */
export const MAX_QUERY_TOKENS = 20_000;
export const QUERY_TOO_LONG = `query is too long (at most ${MAX_QUERY_CHARACTERS} characters)`;
export const TOO_MANY_TOKENS = `query is too long (at most ${MAX_QUERY_TOKENS} tokens)`;
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

/** A call to a function outside SUPPORTED_FUNCTIONS, named as written so the caller can spot the typo. */
export function unknownFunction(pos: Position, name: string): CypherError {
  return errorAt(pos, `unknown cypher function: ${name}`);
}

/** A variable used where no clause has bound it (or where a projection has dropped it from scope). */
export function undefinedVariable(pos: Position, name: string): CypherError {
  return errorAt(pos, `variable \`${name}\` not defined`);
}

/** A variable bound to one kind of value used as another, e.g. an UNWIND value matched as a node. */
export function notA(pos: Position, name: string, kind: 'node' | 'relationship'): CypherError {
  return errorAt(pos, `variable \`${name}\` is not a ${kind}`);
}
