// How each node kind looks, in lists and in the graph: a colour and a short glyph (text, never HTML).
export interface KindStyle {
  color: string;
  glyph: string;
  label: string;
}

const STYLES: Record<string, KindStyle> = {
  User: { color: '#17a34a', glyph: '👤', label: 'User' },
  Group: { color: '#dba617', glyph: '👥', label: 'Group' },
  Computer: { color: '#e5573f', glyph: '🖥', label: 'Computer' },
  Domain: { color: '#17a0b8', glyph: '🌐', label: 'Domain' },
  OU: { color: '#b05a1c', glyph: '📁', label: 'OU' },
  Container: { color: '#8d6e63', glyph: '📦', label: 'Container' },
  GPO: { color: '#7b2cbf', glyph: '📜', label: 'GPO' },
  AIACA: { color: '#5c6bc0', glyph: '🏛', label: 'AIA CA' },
  RootCA: { color: '#3949ab', glyph: '🏛', label: 'Root CA' },
  EnterpriseCA: { color: '#283593', glyph: '🏛', label: 'Enterprise CA' },
  NTAuthStore: { color: '#1a237e', glyph: '🗄', label: 'NTAuth store' },
  CertTemplate: { color: '#00897b', glyph: '📄', label: 'Cert template' },
  IssuancePolicy: { color: '#00695c', glyph: '📋', label: 'Issuance policy' },
  AZUser: { color: '#2e7d32', glyph: '👤', label: 'Entra user' },
  AZGroup: { color: '#f9a825', glyph: '👥', label: 'Entra group' },
  AZTenant: { color: '#0277bd', glyph: '☁', label: 'Tenant' },
  AZSubscription: { color: '#0288d1', glyph: '🔑', label: 'Subscription' },
  AZResourceGroup: { color: '#039be5', glyph: '📦', label: 'Resource group' },
  AZVM: { color: '#d84315', glyph: '🖥', label: 'Virtual machine' },
  AZDevice: { color: '#bf360c', glyph: '💻', label: 'Device' },
  AZApp: { color: '#6a1b9a', glyph: '🧩', label: 'Application' },
  AZServicePrincipal: { color: '#8e24aa', glyph: '🤖', label: 'Service principal' },
  AZRole: { color: '#c2185b', glyph: '🎖', label: 'Role' },
  AZKeyVault: { color: '#5d4037', glyph: '🔐', label: 'Key vault' },
  AZManagementGroup: { color: '#455a64', glyph: '🏢', label: 'Management group' },
};

const FALLBACK: KindStyle = { color: '#607d8b', glyph: '●', label: 'Node' };

/** The style of a node from its kind, else the first of its kinds with one (Base/Entity come last). */
export function kindStyle(kind: string | undefined, kinds: readonly string[] = []): KindStyle {
  if (kind && STYLES[kind]) return STYLES[kind];
  for (const k of kinds) if (STYLES[k]) return STYLES[k];
  return kind ? { ...FALLBACK, label: kind } : FALLBACK;
}
