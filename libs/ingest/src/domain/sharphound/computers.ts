import { endpoint } from './builder.js';
import { addComputerProperties } from './computer-properties.js';
import { asArray, asBoolean, asObject, asString, isCollected } from './json.js';
import { kindsOf } from './kinds.js';
import { convertCoerceToTgt, convertIncoming, convertOutgoing, convertPrimaryGroup, domainSidOf } from './account-edges.js';
import { convertLocalGroups, convertUserRights } from './local-groups.js';
import type { ObjectContext } from './object-context.js';
import { idEndpoint } from './principals.js';

const NOT_ACL = { isacl: false };
const SESSION_FIELDS = ['Sessions', 'PrivilegedSessions', 'RegistrySessions'];

/** Computer-specific edges and properties (ingest-reference §2-§3). */
export function convertComputer(ctx: ObjectContext): void {
  const isDc = asBoolean(ctx.object.IsDC) ?? ctx.properties.isdc === true;
  if (typeof ctx.object.IsDC === 'boolean') ctx.properties.isdc = isDc;
  addComputerProperties(ctx.object, ctx.properties);
  convertPrimaryGroup(ctx);
  convertOutgoing(ctx, 'HasSIDHistory', 'HasSIDHistory');
  convertOutgoing(ctx, 'AllowedToDelegate', 'AllowedToDelegate');
  convertIncoming(ctx, 'AllowedToAct', 'AllowedToAct');
  convertOutgoing(ctx, 'DumpSMSAPassword', 'DumpSMSAPassword');
  convertSessions(ctx);
  const domainSid = domainSidOf(ctx);
  if (isDc && domainSid) ctx.out.edge(ctx.self, endpoint(domainSid, kindsOf('Domain')), 'DCFor', NOT_ACL);
  convertCoerceToTgt(ctx, isDc);
  convertLocalGroups(ctx);
  if (convertUserRights(ctx)) ctx.properties.hasura = true;
}

/** Collected session lists: computer → logged-on user (HasSession). */
function convertSessions(ctx: ObjectContext): void {
  for (const field of SESSION_FIELDS) {
    const sessions = asObject(ctx.object[field]);
    if (!isCollected(sessions)) continue;
    for (const value of asArray(sessions?.Results)) {
      const session = asObject(value);
      const user = idEndpoint(session?.UserSID, kindsOf('User'));
      const computer = asString(session?.ComputerSID) ? idEndpoint(session?.ComputerSID, kindsOf('Computer')) : ctx.self;
      if (user && computer) ctx.out.edge(computer, user, 'HasSession', NOT_ACL);
    }
  }
}
