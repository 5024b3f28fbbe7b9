import { ErrorMessages } from './error-messages.js';

/**
 * The one error type every module throws for a client-visible failure: the HTTP status to answer and its messages.
 * Plain code, so use cases and adapters throw it without knowing the framework; the exception filter renders it as
 * `{http_status, timestamp, request_id, errors: [{context, message}]}`.
 */
export class ApiError extends Error {
  constructor(readonly status: number, readonly messages: readonly string[]) {
    super(messages[0] ?? '');
    this.name = 'ApiError';
  }

  static badRequest(...messages: string[]): ApiError {
    return new ApiError(400, messages);
  }

  static unauthorized(message: string = ErrorMessages.notAuthenticated): ApiError {
    return new ApiError(401, [message]);
  }

  static forbidden(message: string = ErrorMessages.notAuthorized): ApiError {
    return new ApiError(403, [message]);
  }

  static notFound(message: string = ErrorMessages.resourceNotFound): ApiError {
    return new ApiError(404, [message]);
  }

  static conflict(message: string): ApiError {
    return new ApiError(409, [message]);
  }

  static timedOut(): ApiError {
    return new ApiError(504, [ErrorMessages.requestTimedOut]);
  }
}
