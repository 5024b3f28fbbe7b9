import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

const ROUTE_PATTERN = Symbol('route pattern');

type MarkedRequest = Request & { [ROUTE_PATTERN]?: string };

/**
 * Notes the pattern of the route a request reached (`/api/v2/clients/:client_id`) for the request metrics; never
 * refuses. A global guard, registered before the edition and auth guards (MetricsModule is imported before
 * HttpPlatformModule), because a guard is the first step Nest runs inside a matched route: `req.route` alone is
 * not enough, since Nest mounts middleware (the request log) as routes too, and an unknown path matches those.
 */
@Injectable()
export class RoutePatternGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<MarkedRequest>();
    const path: unknown = req.route?.path;
    if (typeof path === 'string') req[ROUTE_PATTERN] = path;
    return true;
  }
}

/** Names the route of a request answered outside Nest's routes (the explorer's pages: one label for all). */
export function markRoutePattern(req: Request, pattern: string): void {
  (req as MarkedRequest)[ROUTE_PATTERN] = pattern;
}

/** The pattern of the route that handled the request; undefined when none did. */
export function routePatternOf(req: Request): string | undefined {
  return (req as MarkedRequest)[ROUTE_PATTERN];
}
