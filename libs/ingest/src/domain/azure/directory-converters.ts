import type { Converted } from '../converted.js';
import {
  ConvertedBuilder, azEdge, azNode, epochSeconds, fields, list, props, ref, requiredId, str, upper, type Fields,
} from './azure-builder.js';
import { EDGE_BY_MS_GRAPH_APP_ROLE, EDGE_BY_SECRET_ROLE, KIND_BY_ODATA_TYPE, MS_GRAPH_APP_ID } from './azure-ids.js';

/** Entra ID (directory) records: tenant, users, groups, apps, service principals, devices, roles and their links. */

const tenantContains = (tenantId: string, kind: string, objectid: string) =>
  azEdge(ref(tenantId, 'AZTenant'), 'AZContains', ref(objectid, kind));

/** `<display name>@<suffix>` upper-cased, the way Azure nodes are named. */
const atName = (name: unknown, suffix: unknown) => `${str(name)}@${str(suffix)}`.toUpperCase();

export function convertTenant(d: Fields): Converted {
  const id = requiredId('AZTenant', d.tenantId, 'tenantId');
  return new ConvertedBuilder().node(azNode('AZTenant', id, props({
    name: upper(d.displayName), displayname: d.displayName, tenantid: id, collected: d.collected === true ? true : undefined,
  }))).build();
}

export function convertUser(d: Fields): Converted {
  const id = requiredId('AZUser', d.id);
  const tenantId = upper(d.tenantId);
  const out = new ConvertedBuilder().node(azNode('AZUser', id, props({
    name: upper(d.userPrincipalName), enabled: d.accountEnabled, whencreated: epochSeconds(d.createdDateTime),
    displayname: d.displayName, title: d.jobTitle, pwdlastset: epochSeconds(d.lastPasswordChangeDateTime),
    email: d.mail, onpremid: d.onPremisesSecurityIdentifier, onpremsyncenabled: d.onPremisesSyncEnabled,
    userprincipalname: d.userPrincipalName, usertype: d.userType, tenantid: tenantId,
  })));
  const onPremId = upper(d.onPremisesSecurityIdentifier);
  // The synced AD account: known by its SID only, so it merges with (or waits for) the SharpHound node.
  if (onPremId) out.node({ objectid: onPremId, kinds: ['Base', 'User'], properties: {} });
  return out.edge(tenantContains(tenantId, 'AZUser', id)).build();
}

export function convertGroup(d: Fields): Converted {
  const id = requiredId('AZGroup', d.id);
  const tenantId = upper(d.tenantId);
  const out = new ConvertedBuilder().node(azNode('AZGroup', id, props({
    name: atName(d.displayName, d.tenantName), whencreated: epochSeconds(d.createdDateTime), description: d.description,
    displayname: d.displayName, isassignabletorole: d.isAssignableToRole, onpremid: d.onPremisesSecurityIdentifier,
    onpremsyncenabled: d.onPremisesSyncEnabled, securityenabled: d.securityEnabled,
    securityidentifier: d.securityIdentifier, tenantid: tenantId,
  })));
  const onPremId = upper(d.onPremisesSecurityIdentifier);
  if (onPremId) out.node({ objectid: onPremId, kinds: ['Base', 'Group'], properties: {} });
  return out.edge(tenantContains(tenantId, 'AZGroup', id)).build();
}

export function convertApp(d: Fields): Converted {
  const id = requiredId('AZApp', d.appId, 'appId');
  const tenantId = upper(d.tenantId);
  return new ConvertedBuilder().node(azNode('AZApp', id, props({
    name: atName(d.displayName, d.publisherDomain), description: d.description, displayname: d.displayName,
    whencreated: epochSeconds(d.createdDateTime), appid: d.appId, publisherdomain: d.publisherDomain,
    signinaudience: d.signInAudience, tenantid: tenantId,
  }))).edge(tenantContains(tenantId, 'AZApp', id)).build();
}

export function convertServicePrincipal(d: Fields): Converted {
  const id = requiredId('AZServicePrincipal', d.id);
  const tenantId = upper(d.tenantId);
  const appId = upper(d.appId);
  const out = new ConvertedBuilder().node(azNode('AZServicePrincipal', id, props({
    name: atName(d.displayName, d.tenantName), enabled: d.accountEnabled, displayname: d.displayName,
    description: d.description, appownerorganizationid: d.appOwnerOrganizationId, appdescription: d.appDescription,
    appdisplayname: d.appDisplayName, loginurl: d.loginUrl, serviceprincipaltype: d.servicePrincipalType,
    tenantid: tenantId,
  })));
  if (appId) {
    // The app the principal runs as may belong to another tenant (multi-tenant apps): its owner organisation.
    out.node(azNode('AZApp', appId, props({ displayname: d.appDisplayName, tenantid: upper(d.appOwnerOrganizationId) })))
      .edge(azEdge(ref(appId, 'AZApp'), 'AZRunsAs', ref(id, 'AZServicePrincipal')));
  }
  return out.edge(tenantContains(tenantId, 'AZServicePrincipal', id)).build();
}

export function convertDevice(d: Fields): Converted {
  const id = requiredId('AZDevice', d.id);
  const tenantId = upper(d.tenantId);
  return new ConvertedBuilder().node(azNode('AZDevice', id, props({
    name: atName(d.displayName, d.tenantName), displayname: d.displayName, operatingsystem: d.operatingSystem,
    deviceid: d.deviceId, operatingsystemversion: d.operatingSystemVersion, trusttype: d.trustType, tenantid: tenantId,
  }))).edge(tenantContains(tenantId, 'AZDevice', id)).build();
}

/** Entra roles are per tenant: the role template id alone would merge one tenant's role with another's. */
export function roleObjectId(roleId: unknown, tenantId: unknown): string {
  return `${upper(roleId)}@${upper(tenantId)}`;
}

export function convertRole(d: Fields): Converted {
  requiredId('AZRole', d.id);
  const id = roleObjectId(d.id, d.tenantId);
  const tenantId = upper(d.tenantId);
  return new ConvertedBuilder().node(azNode('AZRole', id, props({
    name: atName(d.displayName, d.tenantName), description: d.description, displayname: d.displayName,
    enabled: d.isEnabled, isbuiltin: d.isBuiltIn, templateid: d.templateId, tenantid: tenantId,
  }))).edge(tenantContains(tenantId, 'AZRole', id)).build();
}

/**
 * Directory role assignments: AZHasRole to the role with the assignment's scope (the tenant for `/`), except that
 * (Cloud) Application Administrator scoped to one object becomes AZAppAdmin / AZCloudAppAdmin on that object.
 */
export function convertRoleAssignment(d: Fields): Converted {
  const out = new ConvertedBuilder();
  const tenantId = upper(d.tenantId);
  for (const raw of list(d.roleAssignments)) {
    const a = fields(raw);
    const principal = ref(upper(a.principalId));
    const roleId = str(a.roleDefinitionId);
    const directoryScope = str(a.directoryScopeId);
    const scope = directoryScope === '/' || directoryScope === '' ? tenantId : directoryScope.slice(1).toUpperCase();
    const secretEdge = EDGE_BY_SECRET_ROLE[roleId.toLowerCase()];
    if (secretEdge && directoryScope !== '/' && directoryScope !== '') {
      out.edge(azEdge(principal, secretEdge, ref(scope)));
    } else {
      out.edge(azEdge(principal, 'AZHasRole', ref(roleObjectId(roleId, d.tenantId), 'AZRole'), { scope }));
    }
  }
  return out.build();
}

/** Owners of apps, devices, groups and service principals, and group members: typed directory objects. */
export function directoryLinks(
  recordKind: string, listKey: string, itemKey: string, targetKey: string, targetKind: string, edgeKind: string,
) {
  return (d: Fields): Converted => {
    const out = new ConvertedBuilder();
    const target = ref(upper(d[targetKey]), targetKind);
    for (const raw of list(d[listKey])) {
      const object = fields(fields(raw)[itemKey]);
      const type = str(object['@odata.type']);
      const kind = KIND_BY_ODATA_TYPE[type.toLowerCase()];
      if (!kind) {
        out.warn(`${recordKind}: directory object type ${JSON.stringify(type)} is not supported`);
        continue;
      }
      out.edge(azEdge(ref(upper(object.id), kind), edgeKind, target));
    }
    return out.build();
  };
}

/** Microsoft Graph application permissions held by a service principal (only those that control the directory). */
export function convertAppRoleAssignment(d: Fields): Converted {
  const out = new ConvertedBuilder();
  if (str(d.appId).toLowerCase() !== MS_GRAPH_APP_ID || str(d.principalType) !== 'ServicePrincipal') return out.build();
  const tenantId = upper(d.tenantId);
  const principalId = upper(d.principalId);
  const resourceId = upper(d.resourceId);
  if (principalId) {
    out.node(azNode('AZServicePrincipal', principalId, props({ displayname: upper(d.principalDisplayName), tenantid: tenantId })));
  }
  if (resourceId) {
    out.node(azNode('AZServicePrincipal', resourceId, props({ displayname: upper(d.resourceDisplayName), tenantid: tenantId })));
  }
  const edgeKind = EDGE_BY_MS_GRAPH_APP_ROLE[str(d.appRoleId).toLowerCase()];
  if (edgeKind) out.edge(azEdge(ref(principalId, 'AZServicePrincipal'), edgeKind, ref(resourceId, 'AZServicePrincipal')));
  return out.build();
}

/**
 * Federated identity credentials (workload identity federation: an outside issuer's token signs in as the app).
 * Mapped as BloodHound's own ingest fixture shows: one AZFederatedIdentityCredential node per credential and an
 * AZAuthenticatesTo edge to the app it signs in as.
 */
export function convertFederatedIdentityCredential(d: Fields): Converted {
  const out = new ConvertedBuilder();
  for (const raw of list(d.fics)) {
    const entry = fields(raw);
    const fic = fields(entry.fic);
    const id = upper(fic.id);
    const appId = upper(entry.appId) || upper(d.appId);
    if (!id) {
      out.warn('AZFederatedIdentityCredential: a credential has no id');
      continue;
    }
    out.node(azNode('AZFederatedIdentityCredential', id, props({
      name: upper(fic.name), description: str(fic.description), issuer: fic.issuer, subject: fic.subject,
      audiences: list(fic.audiences),
    })));
    out.edge(azEdge(ref(id, 'AZFederatedIdentityCredential'), 'AZAuthenticatesTo', ref(appId, 'AZApp')));
  }
  return out.build();
}
