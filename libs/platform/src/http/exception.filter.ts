import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { pgErrorCode } from '../database/database.js';
import { ApiError } from '../common/api-error.js';
import { noteErrorMessages } from '../logging/request-log-fields.js';
import { ErrorMessages } from '../common/error-messages.js';
import type { PathwardenRequest } from './request-pipeline.js';

/** The wire error body of every failure. */
export interface ErrorBody {
  http_status: number;
  timestamp: string;
  request_id: string;
  errors: { context: string; message: string }[];
}

/** Messages for framework exceptions that are not ApiErrors (unknown routes, throttling, ...). */
const FRAMEWORK_MESSAGES: Partial<Record<number, string>> = {
  [HttpStatus.NOT_FOUND]: ErrorMessages.resourceNotFound,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorMessages.tooManyRequests,
  [HttpStatus.METHOD_NOT_ALLOWED]: ErrorMessages.resourceNotFound,
};

/**
 * SQLSTATEs of a value holding NUL, which PostgreSQL cannot store (22021 in text, 22P05 in jsonb). Only request input
 * carries one, and every route refuses NUL in its fields first; a value that slipped past them is still the client's
 * (400), logged so the missing check gets added.
 */
const NUL_REFUSED = new Set(['22021', '22P05']);

/** Renders every failure as the spec's error body; unexpected errors answer 500 with no internals and are logged. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<PathwardenRequest>();
    const requestId = req.context?.requestId ?? String(res.getHeader('RequestID') ?? 'ERROR');
    const { status, messages } = this.describe(exception, requestId);
    if (res.headersSent) return;
    const body: ErrorBody = {
      http_status: status,
      timestamp: new Date().toISOString(),
      request_id: requestId,
      errors: messages.map((message) => ({ context: '', message })),
    };
    noteErrorMessages(res, messages);
    res.status(status).json(body);
  }

  private describe(exception: unknown, requestId: string): { status: number; messages: readonly string[] } {
    if (exception instanceof ApiError) return { status: exception.status, messages: exception.messages };
    // Nest's own exceptions: an unknown route, a body-parser or multer refusal.
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus();
      return { status, messages: [FRAMEWORK_MESSAGES[status] ?? this.clientMessage(exception)] };
    }
    const code = pgErrorCode(exception);
    if (code !== undefined && NUL_REFUSED.has(code)) {
      this.logger.warn({ request_id: requestId, sqlstate: code }, 'a NUL character reached the database past the field checks');
      return { status: HttpStatus.BAD_REQUEST, messages: [ErrorMessages.nulCharacters] };
    }
    const error = exception as Error;
    this.logger.error({ request_id: requestId, err: { type: error?.name, message: error?.message, stack: error?.stack } },
      'unhandled error');
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, messages: [ErrorMessages.internal] };
  }

  private clientMessage(exception: HttpException): string {
    const response = exception.getResponse();
    if (typeof response === 'string') return response;
    const message = (response as { message?: unknown }).message;
    return Array.isArray(message) ? String(message[0]) : String(message ?? exception.message);
  }
}
