import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHmac } from 'node:crypto';
import {
  ACCESS_METADATA, ApiError, ErrorMessages, hasRequestBody, isRawBodyRequest, PRINCIPAL_KEY, RawBodyLimit,
  spoolRequestBody, type PathwardenRequest, type Principal, type RouteAccess,
} from '@app/platform';
import { Sessions } from '../application/sessions.js';
import { SignedRequests } from '../application/signed-requests.js';

/**
 * Applies to every route: authenticates the bearer JWT or signed request, then checks the route's declared
 * access. A route that declares no access is refused (fail closed).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: Sessions,
    private readonly signed: SignedRequests,
    private readonly rawBodyLimit: RawBodyLimit,
  ) {}

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
        body: this.signedBody(req),
      });
    }
    throw ApiError.badRequest(ErrorMessages.unexpectedScheme(scheme.slice(0, 32)));
  }

  /**
   * What the signature must cover. A raw-body route's body (an upload of up to `RawBodyLimit`) is hashed
   * while it is streamed to a temp file, once the token is known, so it is never held in memory; the route then
   * reads that file.
   */
  private signedBody(req: PathwardenRequest) {
    if (req.rawBody) return req.rawBody;
    if (!hasRequestBody(req)) return Buffer.alloc(0);
    if (!isRawBodyRequest(req)) return undefined;
    return async (key: Buffer) => {
      const hmac = createHmac('sha256', key);
      await spoolRequestBody(req, this.rawBodyLimit.maxBytes, (chunk) => hmac.update(chunk));
      return hmac.digest();
    };
  }
}

function header1(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether the request carries a body (which the signature then has to cover). */
