import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppConfig } from '../config/app-config.js';
import type { PathwardenRequest } from '../http/request-pipeline.js';
import { AppLogger } from './app-logger.js';
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

const REQUEST_LOGGED = Symbol('request logged');

/** False the first time a request is seen, true after: its completed line is then already on its way. */
function loggedOnce(req: IncomingMessage): boolean {
  const marked = req as IncomingMessage & { [REQUEST_LOGGED]?: true };
  if (marked[REQUEST_LOGGED]) return true;
  marked[REQUEST_LOGGED] = true;
  return false;
}

/**
 * Structured JSON logs (pino) with the request id on every request line; one request-completed line per request,
 * which for a refusal carries the answered messages and the caller. `AppLogger` is the logger Nest logs through.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: [
          {
            level: config.logLevel,
            redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
            genReqId: (req: IncomingMessage) => (req as PathwardenRequest).context?.requestId ?? 'ERROR',
            // Nest mounts route middleware twice on /health (a path excluded from the global prefix: once as the
            // excluded route, once as the controller route it covers), so pino-http runs twice there: log once.
            autoLogging: { ignore: loggedOnce },
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
        ],
      }),
    }),
  ],
  providers: [AppLogger],
  exports: [AppLogger],
})
export class LoggingModule {}
