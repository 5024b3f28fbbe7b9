import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config.js';
import { AppLogger } from './app-logger.js';
import { createRequestLog, REQUEST_LOG, type RequestLog } from './request-log.js';

/** The app's request logger, built once from LOG_LEVEL. */
@Module({
  providers: [{ provide: REQUEST_LOG, inject: [AppConfig], useFactory: (config: AppConfig) => createRequestLog(config.logLevel) }],
  exports: [REQUEST_LOG],
})
class RequestLogModule {}

/**
 * Structured JSON logs (pino). The request logger is mounted by the HTTP pipeline (configureHttp), not by
 * nestjs-pino's route middleware: that would log requests refused before routing not at all, and /health twice (Nest
 * mounts route middleware on a path excluded from the global prefix once for each). nestjs-pino takes the logger the
 * pipeline put on the request (`useExisting`), so Nest's own lines carry the request id. `AppLogger` is the logger
 * Nest logs through.
 */
@Module({
  imports: [
    RequestLogModule,
    LoggerModule.forRootAsync({
      imports: [RequestLogModule],
      inject: [REQUEST_LOG],
      useFactory: (requestLog: RequestLog) => ({ pinoHttp: { logger: requestLog.logger }, useExisting: true }),
    }),
  ],
  providers: [AppLogger],
  exports: [AppLogger, RequestLogModule],
})
export class LoggingModule {}
