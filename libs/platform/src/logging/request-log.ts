import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { PathwardenRequest } from '../http/request-pipeline.js';
import { requestLogFields } from './request-log-fields.js';

/** Paths pino blanks out wherever they appear: credentials never reach the log. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.signature',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.current_secret',
  '*.key',
  '*.token',
  '*.session_token',
  '*.authorization',
  '*.signature',
];

/** DI token of the app's request logger (pino-http), which the pipeline mounts and every other log line derives from. */
export const REQUEST_LOG = Symbol('REQUEST_LOG');

export type RequestLog = HttpLogger;

/**
 * The request logger: one request-completed line per request, with its request id, and for a refusal the answered
 * messages and the caller. Mounted by the pipeline right after the request id is assigned, so requests refused
 * before routing (a bad Prefer header, a path outside the API, a body over the limit) are logged too.
 */
export function createRequestLog(level: string): RequestLog {
  return pinoHttp(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      genReqId: (req: IncomingMessage) => (req as PathwardenRequest).context?.requestId ?? 'ERROR',
      // Every line logged while serving a request (including Nest's own) carries its request id.
      customProps: (req: IncomingMessage) => ({ request_id: (req as PathwardenRequest).context?.requestId }),
      // Only what an operator needs; headers (and so credentials) are not serialised at all.
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      customSuccessObject: (req: IncomingMessage, res: ServerResponse, value: object) => ({ ...value, ...requestLogFields(req, res) }),
      customErrorObject: (req: IncomingMessage, res: ServerResponse, _error: Error, value: object) =>
        ({ ...value, ...requestLogFields(req, res) }),
    },
    // process.stdout (not fd 1 directly) so tests can capture and inspect what is logged.
    process.stdout,
  );
}
