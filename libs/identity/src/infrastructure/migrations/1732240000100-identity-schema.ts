import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PERMISSION_IDS, ROLE_SEEDS, SEEDED_PERMISSIONS } from '../../domain/seed.js';

const TIMESTAMPS = `created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz`;

/** Users, roles, permissions, credentials and SSO providers, with the built-in roles and permissions seeded. */
export class IdentitySchema1732240000100 implements MigrationInterface {
  name = 'IdentitySchema1732240000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE permissions (
      id integer PRIMARY KEY, authority text NOT NULL, name text NOT NULL, ${TIMESTAMPS},
      CONSTRAINT permissions_authority_name_key UNIQUE (authority, name))`);
    await q.query(`CREATE TABLE roles (
      id integer PRIMARY KEY, name text NOT NULL CONSTRAINT roles_name_key UNIQUE, description text NOT NULL, ${TIMESTAMPS})`);
    await q.query(`CREATE TABLE roles_permissions (
      role_id integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      permission_id integer NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
      PRIMARY KEY (role_id, permission_id))`);
    await q.query(`CREATE TABLE sso_providers (
      id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL, type text NOT NULL CHECK (type IN ('SAML', 'OIDC')),
      config jsonb NOT NULL DEFAULT '{}', ${TIMESTAMPS})`);
    await q.query(`CREATE UNIQUE INDEX sso_providers_name_key ON sso_providers (lower(name)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX sso_providers_slug_key ON sso_providers (slug) WHERE deleted_at IS NULL`);
    await q.query(`CREATE TABLE saml_providers (
      id serial PRIMARY KEY,
      sso_provider_id integer NOT NULL UNIQUE REFERENCES sso_providers(id) ON DELETE CASCADE,
      name text NOT NULL, display_name text NOT NULL, idp_issuer_uri text NOT NULL, idp_sso_uri text NOT NULL,
      metadata_xml text NOT NULL, principal_attribute_mappings text[], ${TIMESTAMPS})`);
    await q.query(`CREATE TABLE oidc_providers (
      id serial PRIMARY KEY,
      sso_provider_id integer NOT NULL UNIQUE REFERENCES sso_providers(id) ON DELETE CASCADE,
      client_id text NOT NULL, issuer text NOT NULL, ${TIMESTAMPS})`);
    await q.query(`CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      principal_name text NOT NULL, first_name text, last_name text, email_address text,
      sso_provider_id integer REFERENCES sso_providers(id),
      is_disabled boolean NOT NULL DEFAULT false, eula_accepted boolean NOT NULL DEFAULT false,
      last_login timestamptz,
      sessions_valid_after timestamptz, -- sessions issued before it no longer authenticate (set on disable)
      ${TIMESTAMPS})`);
    await q.query(`CREATE UNIQUE INDEX users_principal_name_key ON users (lower(principal_name)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX users_email_address_key ON users (lower(email_address))
      WHERE deleted_at IS NULL AND email_address IS NOT NULL`);
    await q.query(`CREATE TABLE users_roles (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role_id integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, role_id))`);
    await q.query(`CREATE TABLE auth_secrets (
      id serial PRIMARY KEY, user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      digest text NOT NULL, digest_method text NOT NULL, expires_at timestamptz NOT NULL,
      totp_secret text, totp_activated boolean NOT NULL DEFAULT false, ${TIMESTAMPS})`);

    await q.query(
      `INSERT INTO permissions (id, authority, name) SELECT id, split_part(p, ':', 1), split_part(p, ':', 2)
       FROM unnest($1::text[], $2::int[]) AS t(p, id)`,
      [SEEDED_PERMISSIONS, SEEDED_PERMISSIONS.map((p) => PERMISSION_IDS[p])],
    );
    for (const role of ROLE_SEEDS) {
      await q.query('INSERT INTO roles (id, name, description) VALUES ($1, $2, $3)', [role.id, role.name, role.description]);
      await q.query('INSERT INTO roles_permissions (role_id, permission_id) SELECT $1, unnest($2::int[])', [
        role.id,
        role.permissions.map((p) => PERMISSION_IDS[p]),
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['auth_secrets', 'users_roles', 'users', 'oidc_providers', 'saml_providers', 'sso_providers',
      'roles_permissions', 'roles', 'permissions']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
