import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';
import { hasRequestBody } from './validators.js';

const BODY_TYPES_METADATA = 'pathwarden:body-types';
const MALFORMED_JSON_METADATA = 'pathwarden:malformed-json';
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;

/** Declares the non-JSON media types a route accepts (e.g. multipart uploads); JSON is always accepted. */
export const AcceptsBody = (...mediaTypes: string[]) => SetMetadata(BODY_TYPES_METADATA, mediaTypes);

/** The 400 message of a route for a body that is not valid JSON (default `error unmarshalling JSON payload`). */
export const MalformedJsonMessage = (message: string) => SetMetadata(MALFORMED_JSON_METADATA, message);

/**
 * Refuses a request body in any type the route does not accept: 400 `content type must be application/json`;
 * and a body that was not valid JSON with the route's message.
 */
@Injectable()
export class BodyTypeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { malformedJson?: boolean }>();
    if (req.malformedJson) {
      const message = this.reflector.get<string | undefined>(MALFORMED_JSON_METADATA, context.getHandler());
      throw ApiError.badRequest(message ?? ErrorMessages.unmarshalJson);
    }
    if (hasRequestBody(req)) {
      const type = req.headers['content-type'] ?? '';
      const accepted = this.reflector.get<string[] | undefined>(BODY_TYPES_METADATA, context.getHandler()) ?? [];
      const ok = JSON_TYPE.test(type) || accepted.some((media) => type.toLowerCase().startsWith(media));
      if (!ok) throw ApiError.badRequest(ErrorMessages.contentTypeJson);
    }
    return next.handle();
  }
}
