import { Injectable } from '@nestjs/common';
import { ApiError, type Principal } from '@app/platform';
import type { AutoProvisionConfig, SsoProvider } from '../domain/sso-provider.js';
import type { User } from '../domain/user.js';
import { IdentityErrors } from './identity-errors.js';
import { RoleStore, SamlMetadataReader, SsoProviderStore, UserStore } from './ports.js';

const DEFAULT_CONFIG: AutoProvisionConfig = { enabled: false, defaultRoleId: 3, roleProvision: false };

/** Creating and deleting SSO providers: configuration only, no outbound request. */
@Injectable()
export class SsoCommands {
  constructor(
    private readonly providers: SsoProviderStore,
    private readonly users: UserStore,
    private readonly roles: RoleStore,
    private readonly metadataReader: SamlMetadataReader,
  ) {}

  async createOidc(input: { name: string; clientId: string; issuer: string; config?: AutoProvisionConfig }): Promise<SsoProvider> {
    const config = await this.checkedConfig(input.config);
    const id = await this.providers.createOidc({ ...input, config });
    return (await this.providers.find(id))!;
  }

  async createSaml(input: { name: string; metadataXml: string; config?: AutoProvisionConfig }): Promise<SsoProvider> {
    const metadata = this.metadataReader.read(input.metadataXml);
    const config = await this.checkedConfig(input.config);
    const id = await this.providers.createSaml({
      name: input.name,
      displayName: input.name,
      idpIssuerUri: metadata.entityId,
      idpSsoUri: metadata.ssoUrl,
      metadataXml: input.metadataXml,
      config,
    });
    return (await this.providers.find(id))!;
  }

  /** Deletes a provider; its users are unbound and returned. The caller's own provider: 409. */
  async delete(actor: Principal, id: number): Promise<User[]> {
    if (!(await this.providers.find(id))) throw ApiError.notFound();
    if (actor.ssoProviderId === id) throw ApiError.conflict(IdentityErrors.deleteOwnProvider);
    const affected = await this.providers.delete(id);
    return affected.length > 0 ? this.users.findByIds(affected) : [];
  }

  private async checkedConfig(config: AutoProvisionConfig | undefined): Promise<AutoProvisionConfig> {
    if (!config) return DEFAULT_CONFIG;
    if ((await this.roles.existing([config.defaultRoleId])).length === 0) throw ApiError.badRequest(IdentityErrors.unknownRole);
    return config;
  }
}
