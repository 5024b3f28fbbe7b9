import { asArray, asBoolean, asObject } from './json.js';
import { kindsOf } from './kinds.js';
import type { ObjectContext } from './object-context.js';
import { idEndpoint, typedPrincipal, typedPrincipals } from './principals.js';

const NOT_ACL = { isacl: false };

/** `ContainedBy` (v6): container → this object. */
export function convertContainedBy(ctx: ObjectContext): void {
  const container = typedPrincipal(ctx.object.ContainedBy);
  if (container) ctx.out.edge(container, ctx.self, 'Contains', NOT_ACL);
}

/** `ChildObjects` of domains, OUs and containers: this object → each child. */
export function convertChildObjects(ctx: ObjectContext): void {
  for (const child of typedPrincipals(ctx.object.ChildObjects)) ctx.out.edge(ctx.self, child, 'Contains', NOT_ACL);
}

/** `Links` of domains and OUs: GPO → this object, `enforced` as linked. */
export function convertGpLinks(ctx: ObjectContext): void {
  for (const value of asArray(ctx.object.Links)) {
    const link = asObject(value);
    const gpo = idEndpoint(link?.GUID, kindsOf('GPO'));
    if (gpo) ctx.out.edge(gpo, ctx.self, 'GPLink', { isacl: false, enforced: asBoolean(link?.IsEnforced) ?? false });
  }
}
