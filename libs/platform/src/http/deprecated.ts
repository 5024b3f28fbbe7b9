import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';

const DEPRECATION_METADATA = 'pathwarden:deprecated';

interface Deprecation {
  successor: string;
  /** When the route was deprecated (RFC 9745 `@<unix seconds>`). */
  since: Date;
}

/**
 * Marks the operation deprecated in the OpenAPI document, keeping what @ApiOperation declared in either decorator
 * order (ApiOperation({ deprecated: true }) would reset the summary to '').
 */
const ApiDeprecated = (): MethodDecorator => (_target, _key, descriptor) => {
  const operation: object = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value as object) ?? {};
  Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, deprecated: true }, descriptor.value as object);
};

/**
 * Marks a route deprecated: it answers normally plus `Deprecation` and a `Link` to its successor. `{name}` in the
 * successor is filled with the request's path parameter of that name (RFC 8288 wants a URI, not a template).
 */
export const Deprecated = (successor: string, since = new Date('2025-01-01T00:00:00Z')) =>
  applyDecorators(
    SetMetadata(DEPRECATION_METADATA, { successor, since } satisfies Deprecation),
    ApiDeprecated(),
  );

/** Adds the deprecation headers to routes marked @Deprecated. */
@Injectable()
export class DeprecationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const deprecation = this.reflector.get<Deprecation | undefined>(DEPRECATION_METADATA, context.getHandler());
    if (deprecation) {
      const res = context.switchToHttp().getResponse<Response>();
      res.setHeader('Deprecation', `@${Math.floor(deprecation.since.getTime() / 1000)}`);
      const params = context.switchToHttp().getRequest<Request>().params ?? {};
      const successor = deprecation.successor.replace(/\{(\w+)\}/g, (template, name: string) =>
        typeof params[name] === 'string' ? encodeURIComponent(params[name]) : template);
      res.setHeader('Link', `<${successor}>; rel="successor-version"`);
    }
    return next.handle();
  }
}
