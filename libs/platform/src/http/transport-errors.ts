import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorMessages } from '../common/error-messages.js';
import type { ErrorBody } from './exception.filter.js';

/** The status and message of a parser error (Node's own choice of status, with a message of ours). */
export function describeClientError(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: ErrorMessages.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: ErrorMessages.requestIncomplete };
  return { status: 400, message: ErrorMessages.malformedRequest };
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** The raw HTTP/1.1 response of a refused request: the wire's error body and a RequestID, then the connection closes. */
export function clientErrorResponse(body: ErrorBody): string {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${body.http_status} ${REASONS[body.http_status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    `RequestID: ${body.request_id}\r\n` +
    'Connection: close\r\n\r\n' +
    json
  );
}

/** What a refusal's log line says: the request id, the status, the message answered and the parser's code. */
export interface ClientErrorLog {
  request_id: string;
  res: { status: number };
  errors: string[];
  code: string | undefined;
}

/**
 * Answers what Node's parser refuses (oversized URL or headers, conflicting framing, unknown methods, NUL in the
 * request line) with the error body instead of Node's empty one, and logs it like any other refusal. As Node does,
 * nothing is written once a response on that connection has begun, and a reset connection is simply closed.
 */
export function answerClientErrors(server: Server, log: (line: ClientErrorLog) => void = () => undefined): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, message } = describeClientError(error.code);
    const body: ErrorBody = {
      http_status: status,
      timestamp: new Date().toISOString(),
      request_id: randomUUID(),
      errors: [{ context: '', message }],
    };
    log({ request_id: body.request_id, res: { status }, errors: [message], code: error.code });
    socket.end(clientErrorResponse(body));
  });
}
