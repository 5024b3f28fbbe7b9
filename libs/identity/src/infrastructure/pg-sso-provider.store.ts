import { Injectable } from '@nestjs/common';
import {
  ApiError, Database, dateOf, optionalDate, pgErrorCode, PgErrorCodes, sql, type Row,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import { slugify, type AutoProvisionConfig, type SamlProvider, type SsoProvider } from '../domain/sso-provider.js';
import { SsoProviderStore, type NewSamlProvider } from '../application/ports.js';

const PROVIDERS_SQL = `SELECT p.*, to_jsonb(sp) - 'metadata_xml' AS saml, to_jsonb(op) AS oidc
  FROM sso_providers p
  LEFT JOIN saml_providers sp ON sp.sso_provider_id = p.id
  LEFT JOIN oidc_providers op ON op.sso_provider_id = p.id
  WHERE p.deleted_at IS NULL`;

function toSaml(row: Row): SamlProvider {
  return {
    id: Number(row.id),
    ssoProviderId: Number(row.sso_provider_id),
    name: String(row.name),
    displayName: String(row.display_name),
    idpIssuerUri: String(row.idp_issuer_uri),
    idpSsoUri: String(row.idp_sso_uri),
    principalAttributeMappings: (row.principal_attribute_mappings as string[] | null) ?? null,
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}

function toProvider(row: Row): SsoProvider {
  const config = (row.config ?? {}) as Partial<AutoProvisionConfig>;
  const oidc = row.oidc as Row | null;
  return {
    id: Number(row.id),
    name: String(row.name),
    slug: String(row.slug),
    type: row.type as SsoProvider['type'],
    config: { enabled: config.enabled ?? false, defaultRoleId: config.defaultRoleId ?? 3, roleProvision: config.roleProvision ?? false },
    details: row.type === 'SAML'
      ? toSaml(row.saml as Row)
      : {
          id: Number(oidc!.id),
          ssoProviderId: Number(oidc!.sso_provider_id),
          clientId: String(oidc!.client_id),
          issuer: String(oidc!.issuer),
          createdAt: dateOf(oidc!.created_at),
          updatedAt: dateOf(oidc!.updated_at),
          deletedAt: optionalDate(oidc!.deleted_at),
        },
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
  };
}

/** SSO provider configuration in PostgreSQL. */
@Injectable()
export class PgSsoProviderStore extends SsoProviderStore {
  constructor(private readonly db: Database) {
    super();
  }

  async list(): Promise<SsoProvider[]> {
    return (await this.db.query<Row>(`${PROVIDERS_SQL} ORDER BY p.id`)).map(toProvider);
  }

  async listSaml(): Promise<SamlProvider[]> {
    const rows = await this.db.query<Row>(
      `SELECT sp.* FROM saml_providers sp JOIN sso_providers p ON p.id = sp.sso_provider_id
       WHERE p.deleted_at IS NULL ORDER BY sp.id`,
    );
    return rows.map(toSaml);
  }

  async find(id: number): Promise<SsoProvider | null> {
    const [row] = await this.db.query<Row>(`${PROVIDERS_SQL} AND p.id = $1`, [id]);
    return row ? toProvider(row) : null;
  }

  createOidc(input: { name: string; clientId: string; issuer: string; config: AutoProvisionConfig }): Promise<number> {
    return this.insert(input.name, 'OIDC', input.config, (m, id) =>
      m.query('INSERT INTO oidc_providers (sso_provider_id, client_id, issuer) VALUES ($1, $2, $3)', [id, input.clientId, input.issuer]),
    );
  }

  createSaml(input: NewSamlProvider): Promise<number> {
    return this.insert(input.name, 'SAML', input.config, (m, id) => {
      const { text, values } = sql`
        INSERT INTO saml_providers (sso_provider_id, name, display_name, idp_issuer_uri, idp_sso_uri, metadata_xml)
        VALUES (${id}, ${input.name}, ${input.displayName}, ${input.idpIssuerUri}, ${input.idpSsoUri},
                ${input.metadataXml})`.toQuery();
      return m.query(text, values);
    });
  }

  private async insert(
    name: string, type: 'SAML' | 'OIDC', config: AutoProvisionConfig,
    details: (m: EntityManager, id: number) => Promise<unknown>,
  ): Promise<number> {
    try {
      return await this.db.transaction(async (m) => {
        const [row] = await m.query(
          'INSERT INTO sso_providers (name, slug, type, config) VALUES ($1, $2, $3, $4) RETURNING id',
          [name, slugify(name), type, config],
        );
        await details(m, row.id);
        return Number(row.id);
      });
    } catch (error) {
      if (pgErrorCode(error) === PgErrorCodes.uniqueViolation) throw ApiError.conflict('sso provider name must be unique');
      throw error;
    }
  }

  delete(id: number): Promise<string[]> {
    return this.db.transaction(async (m) => {
      // TypeORM answers UPDATE ... RETURNING with [rows, rowCount].
      const [users] = await m.query(
        'UPDATE users SET sso_provider_id = NULL, updated_at = now() WHERE sso_provider_id = $1 RETURNING id', [id],
      );
      await m.query('DELETE FROM sso_providers WHERE id = $1', [id]);
      return (users as Row[]).map((row) => String(row.id));
    });
  }
}
