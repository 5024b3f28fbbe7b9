import neo4j from 'neo4j-driver';
import { ApiError, ErrorMessages, remainingMs } from '@app/platform';
import { CypherPrintError } from '../../cypher/printer.js';
import { PathfindingErrors } from '../../application/pathfinding-rules.js';

/** Wire messages of the Neo4j adapter (compat.md part 1, "Endpoints" and "Deadlines"). */
export const Neo4jMessages = {
  notEvaluable: (reason: string) => `query could not be evaluated: ${reason}`,
  unreachable: (url: string, reason: string) => `Neo4j at ${url} is unreachable: ${reason}`,
} as const;

/** The server ran out of the transaction timeout we set from the request deadline. */
const TIMEOUT_CODES = new Set([
  'Neo.ClientError.Transaction.TransactionTimedOut',
  'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
]);

/** Ways a transaction ends when it is stopped; they mean "timed out" once our deadline has passed. */
const TERMINATED_CODES = new Set([
  'Neo.ClientError.Transaction.Terminated',
  'Neo.TransientError.Transaction.Terminated',
  'Neo.TransientError.Transaction.LockClientStopped',
]);

const UNAVAILABLE_CODES = new Set<string>([neo4j.error.SERVICE_UNAVAILABLE, neo4j.error.SESSION_EXPIRED]);

/** Neo4j refuses a shortestPath row whose two ends are one node (unless dbms.cypher.forbid_shortestpath_common_nodes=false). */
const SHORTEST_PATH_SAME_NODE = 'The shortest path algorithm does not work when the start and end nodes are the same';

const MAX_REASON_LENGTH = 200;

/** The first line of a Neo4j message, bounded: Neo4j appends the query text and a caret line after it. */
export function shortReason(message: string): string {
  const line = message.split('\n', 1)[0].trim();
  return line.length > MAX_REASON_LENGTH ? `${line.slice(0, MAX_REASON_LENGTH - 3)}...` : line;
}

/**
 * Maps what neo4j-driver throws to the wire: timeouts to 504, an unreachable server to 503, errors of the
 * query itself (Neo.ClientError.Statement.*, names the printer refuses, a shortestPath from a node to itself) to 400. Anything else is a fault of
 * ours and is rethrown as is (500).
 */
export function toApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof CypherPrintError) return ApiError.badRequest(Neo4jMessages.notEvaluable(error.message));
  if (!(error instanceof neo4j.Neo4jError)) return error;
  const code = error.code;
  if (TIMEOUT_CODES.has(code) || error.message.startsWith('Connection acquisition timed out')) return ApiError.timedOut();
  if (TERMINATED_CODES.has(code) && remainingMs() <= 0) return ApiError.timedOut();
  if (UNAVAILABLE_CODES.has(code)) return new ApiError(503, [ErrorMessages.databaseUnavailable]);
  if (error.message.startsWith(SHORTEST_PATH_SAME_NODE)) return ApiError.badRequest(PathfindingErrors.sameNode);
  if (code.startsWith('Neo.ClientError.Statement.')) {
    return ApiError.badRequest(Neo4jMessages.notEvaluable(shortReason(error.message)));
  }
  return error;
}
