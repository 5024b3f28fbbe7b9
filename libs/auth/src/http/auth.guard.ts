import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ACCESS_METADATA, ApiError, ErrorMessages, hasRequestBody, PRINCIPAL_KEY, type PathwardenRequest, type Principal, type RouteAccess,
} from '@app/platform';
import { Sessions } from '../application/sessions.js';
import { SignedRequests } from '../application/signed-requests.js';

/**
 * Applies to every route: authenticates the bearer JWT or signed request, then checks the route's declared
 * access. A route that declares no access is refused (fail closed).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly sessions: Sessions, private readonly signed: SignedRequests) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (access?.kind === 'public') return true;
    const req = context.switchToHttp().getRequest<PathwardenRequest & { [PRINCIPAL_KEY]?: Principal }>();
    const principal = await this.authenticate(req);
    req[PRINCIPAL_KEY] = principal;
    if (access?.kind === 'authenticated') return true;
    if (access?.kind === 'permission' && access.anyOf.some((p) => principal.permissions.has(p))) return true;
    throw ApiError.forbidden();
  }

  private authenticate(req: PathwardenRequest): Promise<Principal> {
    const header = req.headers.authorization;
    if (header === undefined || header === '') throw ApiError.unauthorized(ErrorMessages.notAuthenticated);
    const parts = header.split(' ');
    if (parts.length !== 2) throw ApiError.badRequest(ErrorMessages.authHeaderParts);
    const scheme = parts[0].toLowerCase();
    if (scheme === 'bearer') return this.sessions.authenticate(parts[1]);
    if (scheme === 'bhesignature') {
      return this.signed.authenticate({
        tokenId: parts[1],
        method: req.method,
        requestUri: req.originalUrl,
        requestDate: header1(req.headers.requestdate),
        signature: header1(req.headers.signature),
        body: req.rawBody ?? (hasRequestBody(req) ? undefined : Buffer.alloc(0)),
      });
    }
    throw ApiError.badRequest(ErrorMessages.unexpectedScheme(scheme.slice(0, 32)));
  }
}

function header1(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether the request carries a body (which the signature then has to cover). */
