import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from './exception.filter.js';

/** Messages of requests Node's HTTP parser refuses before any route (or middleware) sees them. */
export const TransportErrorMessages = {
  headersTooLarge: 'request line or headers are too large',
  requestTimeout: 'request timed out before it was complete',
  malformedRequest: 'malformed HTTP request',
} as const;

/** The status and message of a parser error (Node's own choice of status, with a message of ours). */
export function describeClientError(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: TransportErrorMessages.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: TransportErrorMessages.requestTimeout };
  return { status: 400, message: TransportErrorMessages.malformedRequest };
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** The raw HTTP/1.1 response of a refused request: the wire's error body and a RequestID, then the connection closes. */
export function clientErrorResponse(code: string | undefined, requestId = randomUUID(), now = new Date()): string {
  const { status, message } = describeClientError(code);
  const body: ErrorBody = {
    http_status: status,
    timestamp: now.toISOString(),
    request_id: requestId,
    errors: [{ context: '', message }],
  };
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    `RequestID: ${requestId}\r\n` +
    'Connection: close\r\n\r\n' +
    json
  );
}

/**
 * Answers what Node's parser refuses (oversized URL or headers, conflicting framing, unknown methods, NUL in the
 * request line) with the error body instead of Node's empty one. As Node does, nothing is written once a response
 * on that connection has begun, and a reset connection is simply closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code));
  });
}
