import type { SharpHoundType } from '../collector-types.js';
import type { Converted } from '../converted.js';
import { storable } from '../storable.js';
import { convertCoerceToTgt, convertMembers, convertOutgoing, convertPrimaryGroup, convertSpnTargets } from './account-edges.js';
import { convertAces } from './aces.js';
import { convertDomainScoped, convertEnterpriseCa, convertIssuancePolicy } from './adcs.js';
import { convertComputer } from './computers.js';
import { convertChildObjects, convertContainedBy, convertGpLinks } from './containment.js';
import { convertDomain } from './domains.js';
import { asArray } from './json.js';
import { convertGpoChanges } from './local-groups.js';
import { openObject, type ObjectContext } from './object-context.js';
import { convertSession } from './sessions.js';

/**
 * Converts one SharpHound object (an item of `data`) of the given file type and schema version (5 or 6) into
 * nodes and edges by the rules of ingest-reference §2-§3. Throws ObjectError for an object it cannot read.
 * v5 and v6 share one reader: v5 only lacks fields v6 added (ContainedBy, top-level IsDC/DomainSID, ADCS types),
 * and the readers fall back to the Properties copies v5 has, so the version needs no branch of its own.
 * The output is checked storable (`storable`): an id or indexed name PostgreSQL would refuse fails the object.
 */
export function convertSharpHound(type: SharpHoundType, _version: number, object: unknown): Converted {
  return storable(convertObject(type, object));
}

function convertObject(type: SharpHoundType, object: unknown): Converted {
  if (type === 'sessions') return convertSession(object);
  const ctx = openObject(type, object);
  let aces = asArray(ctx.object.Aces);
  // Domains and GPOs are never contained (a domain is the root; GPOs are linked, not placed).
  if (type !== 'domains' && type !== 'gpos') convertContainedBy(ctx);
  switch (type) {
    case 'users': convertUser(ctx); break;
    case 'groups': convertGroup(ctx); break;
    case 'computers': convertComputer(ctx); break;
    case 'domains': convertDomain(ctx); break;
    case 'ous': convertChildObjects(ctx); convertGpLinks(ctx); convertGpoChanges(ctx); break;
    case 'containers': convertChildObjects(ctx); break;
    case 'rootcas': convertDomainScoped(ctx, 'RootCAFor'); break;
    case 'ntauthstores': convertDomainScoped(ctx, 'NTAuthStoreFor'); break;
    case 'enterprisecas': aces = convertEnterpriseCa(ctx); break;
    case 'issuancepolicies': convertIssuancePolicy(ctx); break;
    case 'gpos': case 'aiacas': case 'certtemplates': break;
  }
  convertAces(ctx, aces);
  return ctx.out.result();
}

function convertUser(ctx: ObjectContext): void {
  convertPrimaryGroup(ctx);
  convertOutgoing(ctx, 'HasSIDHistory', 'HasSIDHistory');
  convertOutgoing(ctx, 'AllowedToDelegate', 'AllowedToDelegate');
  convertSpnTargets(ctx);
  convertCoerceToTgt(ctx, false);
}

function convertGroup(ctx: ObjectContext): void {
  convertMembers(ctx);
  convertOutgoing(ctx, 'HasSIDHistory', 'HasSIDHistory');
}
