import { HttpException, HttpStatus } from '@nestjs/common';
import { ErrorMessages } from './error-messages.js';

/**
 * The one exception type every module throws for a client-visible failure. The exception filter renders it as
 * `{http_status, timestamp, request_id, errors: [{context, message}]}`.
 */
export class ApiError extends HttpException {
  constructor(status: number, readonly messages: readonly string[]) {
    super(messages[0] ?? '', status);
  }

  static badRequest(...messages: string[]): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, messages);
  }

  static unauthorized(message: string = ErrorMessages.notAuthenticated): ApiError {
    return new ApiError(HttpStatus.UNAUTHORIZED, [message]);
  }

  static forbidden(message: string = ErrorMessages.notAuthorized): ApiError {
    return new ApiError(HttpStatus.FORBIDDEN, [message]);
  }

  static notFound(message: string = ErrorMessages.resourceNotFound): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, [message]);
  }

  static conflict(message: string): ApiError {
    return new ApiError(HttpStatus.CONFLICT, [message]);
  }

  static timedOut(): ApiError {
    return new ApiError(HttpStatus.GATEWAY_TIMEOUT, [ErrorMessages.requestTimedOut]);
  }
}
