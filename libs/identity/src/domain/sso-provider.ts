export type SsoProviderType = 'SAML' | 'OIDC';

export interface AutoProvisionConfig {
  enabled: boolean;
  defaultRoleId: number;
  roleProvision: boolean;
}

export interface SamlProvider {
  id: number;
  ssoProviderId: number;
  name: string;
  displayName: string;
  idpIssuerUri: string;
  idpSsoUri: string;
  principalAttributeMappings: string[] | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface OidcProvider {
  id: number;
  ssoProviderId: number;
  clientId: string;
  issuer: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface SsoProvider {
  id: number;
  name: string;
  slug: string;
  type: SsoProviderType;
  config: AutoProvisionConfig;
  details: SamlProvider | OidcProvider;
  createdAt: Date;
  updatedAt: Date;
}

/** URL-safe identifier derived from the provider name. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'provider';
}
