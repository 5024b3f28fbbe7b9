import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger, NotFoundException, PayloadTooLargeException, type ArgumentsHost } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';
import { ApiExceptionFilter, type ErrorBody } from './exception.filter.js';

/** What the filter answers for `exception`: the status and the error body (its timestamp left out). */
function answer(exception: unknown): { status: number; body: Omit<ErrorBody, 'timestamp'> } {
  const sent: { status?: number; body?: ErrorBody } = {};
  const res = {
    headersSent: false,
    getHeader: () => undefined,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: ErrorBody) {
      sent.body = body;
    },
  };
  const req = { context: { requestId: 'req-1' } };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  const { timestamp: _timestamp, ...body } = sent.body as ErrorBody;
  return { status: sent.status as number, body };
}

const bodyOf = (status: number, ...messages: string[]) => ({
  http_status: status,
  request_id: 'req-1',
  errors: messages.map((message) => ({ context: '', message })),
});

describe('ApiExceptionFilter', () => {
  const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  afterEach(() => {
    logged.mockClear();
  });

  it('answers an ApiError with its status and every message, unlogged', () => {
    expect(answer(new ApiError(400, ['first', 'second']))).toEqual({
      status: 400,
      body: bodyOf(400, 'first', 'second'),
    });
    expect(answer(ApiError.conflict('taken'))).toEqual({ status: 409, body: bodyOf(409, 'taken') });
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers a 5xx ApiError with its own status and message, unlogged', () => {
    expect(answer(ApiError.timedOut())).toEqual({ status: 504, body: bodyOf(504, ErrorMessages.requestTimedOut) });
    expect(logged).not.toHaveBeenCalled();
  });

  it("answers Nest's 404 of an unknown route with resource not found", () => {
    expect(answer(new NotFoundException('Cannot GET /nowhere'))).toEqual({
      status: 404,
      body: bodyOf(404, ErrorMessages.resourceNotFound),
    });
  });

  it("answers another of Nest's refusals with its status and message", () => {
    expect(answer(new PayloadTooLargeException('request entity too large'))).toEqual({
      status: 413,
      body: bodyOf(413, 'request entity too large'),
    });
  });

  it('answers 500 with the generic message for any other error, and logs it', () => {
    expect(answer(new Error('boom'))).toEqual({ status: 500, body: bodyOf(500, ErrorMessages.internal) });
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
