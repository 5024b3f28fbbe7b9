// How each node kind looks, in lists and in the graph: a colour and a one- or two-letter glyph (plain letters, not
// emoji: they need no emoji font, which many servers' and users' systems lack).
export interface KindStyle {
  color: string;
  glyph: string;
  label: string;
}

const STYLES: Record<string, KindStyle> = {
  User: { color: '#17a34a', glyph: 'U', label: 'User' },
  Group: { color: '#dba617', glyph: 'G', label: 'Group' },
  Computer: { color: '#e5573f', glyph: 'C', label: 'Computer' },
  Domain: { color: '#17a0b8', glyph: 'D', label: 'Domain' },
  OU: { color: '#b05a1c', glyph: 'OU', label: 'OU' },
  Container: { color: '#8d6e63', glyph: 'CN', label: 'Container' },
  GPO: { color: '#7b2cbf', glyph: 'GP', label: 'GPO' },
  AIACA: { color: '#5c6bc0', glyph: 'AI', label: 'AIA CA' },
  RootCA: { color: '#3949ab', glyph: 'RC', label: 'Root CA' },
  EnterpriseCA: { color: '#283593', glyph: 'EC', label: 'Enterprise CA' },
  NTAuthStore: { color: '#1a237e', glyph: 'NT', label: 'NTAuth store' },
  CertTemplate: { color: '#00897b', glyph: 'CT', label: 'Cert template' },
  IssuancePolicy: { color: '#00695c', glyph: 'IP', label: 'Issuance policy' },
  AZUser: { color: '#2e7d32', glyph: 'U', label: 'Entra user' },
  AZGroup: { color: '#f9a825', glyph: 'G', label: 'Entra group' },
  AZTenant: { color: '#0277bd', glyph: 'T', label: 'Tenant' },
  AZSubscription: { color: '#0288d1', glyph: 'S', label: 'Subscription' },
  AZResourceGroup: { color: '#039be5', glyph: 'RG', label: 'Resource group' },
  AZVM: { color: '#d84315', glyph: 'VM', label: 'Virtual machine' },
  AZDevice: { color: '#bf360c', glyph: 'DV', label: 'Device' },
  AZApp: { color: '#6a1b9a', glyph: 'AP', label: 'Application' },
  AZServicePrincipal: { color: '#8e24aa', glyph: 'SP', label: 'Service principal' },
  AZRole: { color: '#c2185b', glyph: 'R', label: 'Role' },
  AZKeyVault: { color: '#5d4037', glyph: 'KV', label: 'Key vault' },
  AZManagementGroup: { color: '#455a64', glyph: 'MG', label: 'Management group' },
};

const FALLBACK: KindStyle = { color: '#607d8b', glyph: '?', label: 'Node' };

/** The style of a node from its kind, else the first of its kinds with one (Base/Entity come last). */
export function kindStyle(kind: string | undefined, kinds: readonly string[] = []): KindStyle {
  // Own keys only: a kind named "constructor" or "__proto__" (collected data) gets the fallback, not a prototype's.
  if (kind && Object.hasOwn(STYLES, kind)) return STYLES[kind];
  for (const k of kinds) if (Object.hasOwn(STYLES, k)) return STYLES[k];
  return kind ? { ...FALLBACK, label: kind } : FALLBACK;
}
