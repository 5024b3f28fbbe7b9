import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';

/** Route metadata read by the auth and edition guards. Permissions are `authority:name` strings. */
export const ACCESS_METADATA = 'pathwarden:access';
export const EDITION_METADATA = 'pathwarden:edition';

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; anyOf: readonly string[] };

/** No credentials needed (login, health, the OpenAPI document). */
export const Public = () => SetMetadata(ACCESS_METADATA, { kind: 'public' } satisfies RouteAccess);

/** Any authenticated caller (user session, API token or collection client). */
export const Authenticated = () => SetMetadata(ACCESS_METADATA, { kind: 'authenticated' } satisfies RouteAccess);

/** The caller must hold at least one of these permissions. */
export const RequirePermission = (...anyOf: string[]) =>
  SetMetadata(ACCESS_METADATA, { kind: 'permission', anyOf } satisfies RouteAccess);

/** Served only by the enterprise edition; the community edition answers 404 as for an unknown route. */
export const EnterpriseOnly = () => applyDecorators(SetMetadata(EDITION_METADATA, 'enterprise'));

/** Who is calling: set by the authentication guard on every authenticated request. */
export interface Principal {
  /** The user acting (directly, or as owner of an API token); for a collection client, the client's id. */
  userId: string;
  /** How the caller authenticated: a user's session or API token, or a collection client's signed request. */
  via: 'session' | 'token' | 'client';
  sessionId?: string;
  tokenId?: string;
  /** Set when a collection client signed the request (`via: 'client'`). */
  clientId?: string;
  ssoProviderId: number | null;
  permissions: ReadonlySet<string>;
}

export const PRINCIPAL_KEY = 'principal';

/** Injects the authenticated Principal of the request. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest()[PRINCIPAL_KEY] as Principal | undefined;
  if (!principal) throw new Error('CurrentPrincipal used on a route without authentication');
  return principal;
});
