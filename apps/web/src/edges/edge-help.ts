// Per edge kind help for the edge panel: what the edge means, how it is abused, how to fix it, and public references.
// Written for Pathwarden from public documentation (Microsoft Learn, MITRE ATT&CK, the BloodHound docs), in our own
// words. Plain text only: the panel renders it as React text. "Source" and "target" are the edge's start and end.
// The texts are in edge-help-ad.ts and edge-help-azure.ts; this module expands their references and looks them up.
import { AD_EDGE_HELP } from './edge-help-ad';
import { AZURE_EDGE_HELP } from './edge-help-azure';

export interface EdgeHelp {
  kind: string;
  meaning: string;
  abuse: string;
  fix: string;
  references: string[];
}

// References are stored as short tokens (the table ships in the bundle) and expanded on lookup.
const LEARN = 'https://learn.microsoft.com/en-us/';
const PREFIXES: Record<string, string> = {
  bh: 'https://bloodhound.specterops.io/resources/edges/',
  ad: `${LEARN}windows/win32/adschema/`,
  ml: LEARN,
};
const NAMED: Record<string, string> = {
  kb5014754: 'https://support.microsoft.com/en-us/topic/kb5014754-certificate-based-authentication-changes-on-windows-domain-controllers-ad2c23b0-15d8-4340-a468-4d4f3b188f16',
  kb5005413: 'https://support.microsoft.com/en-us/topic/kb5005413-mitigating-ntlm-relay-attacks-on-active-directory-certificate-services-ad-cs-3612b773-4043-4aa9-b23d-b87910cd3429',
  dmsa: 'https://www.akamai.com/blog/security-research/abusing-dmsa-for-privilege-escalation-in-active-directory',
  rights: `${LEARN}windows/win32/api/iads/ne-iads-ads_rights_enum`,
  groups: `${LEARN}windows-server/identity/ad-ds/manage/understand-security-groups`,
  laps: `${LEARN}windows-server/identity/laps/laps-overview`,
  adcs: `${LEARN}windows-server/identity/ad-cs/active-directory-certificate-services-overview`,
  entraroles: `${LEARN}entra/identity/role-based-access-control/permissions-reference`,
  azroles: `${LEARN}azure/role-based-access-control/built-in-roles`,
  graph: `${LEARN}graph/permissions-reference`,
  kv: `${LEARN}azure/key-vault/general/rbac-guide`,
  mi: `${LEARN}entra/identity/managed-identities-azure-resources/overview`,
  runcmd: `${LEARN}azure/virtual-machines/windows/run-command`,
  apps: `${LEARN}entra/identity-platform/app-objects-and-service-principals`,
  sync: `${LEARN}entra/identity/hybrid/connect/whatis-azure-ad-connect`,
  pim: `${LEARN}entra/id-governance/privileged-identity-management/pim-configure`,
};

function expand(token: string): string {
  if (token.startsWith('t:')) return `https://attack.mitre.org/techniques/${token.slice(2).replace('.', '/')}/`;
  const colon = token.indexOf(':');
  if (colon > 0) return PREFIXES[token.slice(0, colon)] + token.slice(colon + 1);
  return NAMED[token];
}

/** One kind's help as the tables store it: references are space-separated tokens (expanded on lookup). */
export type HelpEntry = readonly [meaning: string, abuse: string, fix: string, references: string];

const HELP: Record<string, HelpEntry> = { ...AD_EDGE_HELP, ...AZURE_EDGE_HELP };

/** Every edge kind that has help. */
export const EDGE_HELP_KINDS: readonly string[] = Object.keys(HELP);

/** The help for an edge kind, or undefined for a kind without help (custom kinds). */
export function edgeHelp(kind: string): EdgeHelp | undefined {
  if (!Object.prototype.hasOwnProperty.call(HELP, kind)) return undefined;
  const [meaning, abuse, fix, references] = HELP[kind];
  return { kind, meaning, abuse, fix, references: references.split(' ').map(expand) };
}
