import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../config/app-config.js';
import type { PathwardenRequest } from '../http/request-pipeline.js';

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

/** Structured JSON logs (pino) with the request id on every request line. */
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
            // Every line logged while serving a request (including Nest's own) carries its request id.
            customProps: (req: IncomingMessage) => ({ request_id: (req as PathwardenRequest).context?.requestId }),
            // Only what an operator needs; headers (and so credentials) are not serialised at all.
            serializers: {
              req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
              res: (res: { statusCode: number }) => ({ status: res.statusCode }),
            },
          },
          // process.stdout (not fd 1 directly) so tests can capture and inspect what is logged.
          process.stdout,
        ],
      }),
    }),
  ],
})
export class LoggingModule {}
