import { ApiError, ErrorMessages, type RawQuery } from '@app/platform';
import { GraphErrors } from '../application/graph-errors.js';
import { isKnownKind } from '../domain/kinds.js';

/** Longest objectid accepted in a path or query: far above any SID, GUID or domain-prefixed id collectors write. */
export const MAX_OBJECT_ID_LENGTH = 512;
const INT64_MAX = 2n ** 63n - 1n;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Every value of a query parameter (the simple parser gives a string or an array of them); [] when absent. */
export function queryValues(query: RawQuery, name: string): string[] {
  const raw = Object.hasOwn(query, name) ? query[name] : undefined;
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).filter((value): value is string => typeof value === 'string');
}

/** The one value of a required parameter, with the reference's edge-composition texts when missing or repeated. */
export function requireSingle(query: RawQuery, name: string): string {
  const values = queryValues(query, name);
  if (values.length === 0) throw ApiError.badRequest(GraphErrors.expectedParameter(name));
  if (values.length > 1) throw ApiError.badRequest(GraphErrors.expectedOnlyOne(name));
  return values[0];
}

/** A database node id: decimal digits within int64, as a canonical decimal string; undefined otherwise. */
export function parseNodeId(raw: string): string | undefined {
  if (!/^\d{1,19}$/.test(raw) || BigInt(raw) > INT64_MAX) return undefined;
  return BigInt(raw).toString();
}

/**
 * An objectid from the caller: 400 when it cannot name any node (too long, control characters such as NUL,
 * which PostgreSQL text cannot even hold).
 */
export function readObjectId(raw: string): string {
  if (raw === '' || raw.length > MAX_OBJECT_ID_LENGTH || CONTROL.test(raw)) {
    throw ApiError.badRequest(GraphErrors.objectIdMalformed);
  }
  return raw;
}

// Go's strconv.ParseBool, which the reference parses flags with.
const BOOLEANS: Readonly<Record<string, boolean>> = {
  '1': true, t: true, T: true, TRUE: true, true: true, True: true,
  '0': false, f: false, F: false, FALSE: false, false: false, False: false,
};

/** A boolean flag: absent or empty means `fallback`; unparsable answers 400 with the reference's filter text. */
export function readFlag(values: readonly string[], fallback: boolean): boolean {
  const raw = values[0];
  if (raw === undefined || raw === '') return fallback;
  if (!Object.hasOwn(BOOLEANS, raw)) throw ApiError.badRequest(ErrorMessages.filtersInvalid);
  return BOOLEANS[raw];
}

/**
 * edge_type, source_node, target_node of the routes about one edge (edge composition, relay targets, ACL
 * inheritance), checked in the reference's order (compat part 2 §9).
 */
export function readCompositionParams(query: RawQuery): { kind: string; startId: string; endId: string } {
  const kind = requireSingle(query, 'edge_type');
  const source = requireSingle(query, 'source_node');
  const target = requireSingle(query, 'target_node');
  if (!isKnownKind(kind)) throw ApiError.badRequest(GraphErrors.invalidEdge(kind));
  const startId = parseNodeId(source);
  if (startId === undefined) throw ApiError.badRequest(GraphErrors.invalidStartId(source));
  const endId = parseNodeId(target);
  if (endId === undefined) throw ApiError.badRequest(GraphErrors.invalidEndId(target));
  return { kind, startId, endId };
}
