import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TIER_ZERO_RULES } from '../../domain/tier-zero-rules.js';

/**
 * Asset group tags (zones, labels), their selectors with seeds, the materialised selector membership
 * (`asset_group_tag_selector_nodes`, one row per selector and node, carrying the certification), the certification
 * history, and the legacy asset groups, which are views of the two seeded tags (name and tag only).
 *
 * Node ids are the graph backend's ids (no foreign key: the graph may live in Neo4j); the member rows keep the
 * node's objectid, name, primary kind and environment so member lists filter and sort in SQL on either backend.
 */
export class AssetGroupsSchema1732240000400 implements MigrationInterface {
  name = 'AssetGroupsSchema1732240000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE asset_group_tags (
        id serial PRIMARY KEY,
        type smallint NOT NULL CHECK (type IN (1, 2, 3)),
        kind_id smallint NOT NULL REFERENCES kind (id),
        name varchar(250) NOT NULL,
        description text NOT NULL DEFAULT '',
        position integer,
        require_certify boolean,
        analysis_enabled boolean,
        glyph text,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text NOT NULL,
        CONSTRAINT asset_group_tags_kind_key UNIQUE (kind_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX asset_group_tags_glyph_key ON asset_group_tags (glyph) WHERE glyph IS NOT NULL`);
    await q.query(`
      CREATE TABLE asset_group_tag_selectors (
        id serial PRIMARY KEY,
        asset_group_tag_id integer NOT NULL REFERENCES asset_group_tags (id) ON DELETE CASCADE,
        name varchar(250) NOT NULL,
        description text NOT NULL DEFAULT '',
        auto_certify smallint NOT NULL DEFAULT 0 CHECK (auto_certify IN (0, 1, 2)),
        is_default boolean NOT NULL DEFAULT false,
        allow_disable boolean NOT NULL DEFAULT true,
        disabled_at timestamptz,
        disabled_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text NOT NULL,
        last_evaluated_at timestamptz,
        last_error text,
        CONSTRAINT asset_group_tag_selectors_name_key UNIQUE (asset_group_tag_id, name)
      )`);
    await q.query(`
      CREATE TABLE asset_group_tag_selector_seeds (
        id serial PRIMARY KEY,
        selector_id integer NOT NULL REFERENCES asset_group_tag_selectors (id) ON DELETE CASCADE,
        type smallint NOT NULL CHECK (type IN (1, 2)),
        value text NOT NULL
      )`);
    await q.query(`CREATE INDEX asset_group_tag_selector_seeds_selector_index ON asset_group_tag_selector_seeds (selector_id)`);
    await q.query(`
      CREATE TABLE asset_group_tag_selector_nodes (
        selector_id integer NOT NULL REFERENCES asset_group_tag_selectors (id) ON DELETE CASCADE,
        node_id bigint NOT NULL,
        source smallint NOT NULL CHECK (source IN (1, 2, 3)),
        certified smallint NOT NULL DEFAULT 0 CHECK (certified IN (0, 1, 2, 3)),
        certified_by text,
        certified_at timestamptz,
        certification_note text,
        object_id text NOT NULL,
        name text NOT NULL,
        primary_kind text NOT NULL,
        environment_id text NOT NULL DEFAULT '',
        environment_kind text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (selector_id, node_id)
      )`);
    await q.query(`CREATE INDEX asset_group_tag_selector_nodes_node_index ON asset_group_tag_selector_nodes (node_id)`);
    // The member records that count, in one place: records of enabled selectors, less revoked ones when the tag
    // requires certification. Member lists, counts and the tag kind on nodes all read this view.
    await q.query(`
      CREATE VIEW asset_group_tag_member_records AS
      SELECT n.*, s.asset_group_tag_id, s.is_default
        FROM asset_group_tag_selector_nodes n
        JOIN asset_group_tag_selectors s ON s.id = n.selector_id
        JOIN asset_group_tags t ON t.id = s.asset_group_tag_id
       WHERE s.disabled_at IS NULL AND NOT (t.require_certify IS TRUE AND n.certified = 1)`);
    await q.query(`
      CREATE TABLE asset_group_certification_history (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL,
        email text NOT NULL DEFAULT '',
        action smallint NOT NULL CHECK (action IN (1, 2)),
        certified smallint NOT NULL CHECK (certified IN (0, 1, 2)),
        member_id bigint NOT NULL,
        object_id text NOT NULL,
        name text NOT NULL,
        primary_kind text NOT NULL,
        environment_id text NOT NULL DEFAULT '',
        asset_group_tag_id integer NOT NULL,
        selector_id integer NOT NULL,
        note text
      )`);
    await q.query(`CREATE INDEX asset_group_certification_history_created_index ON asset_group_certification_history (created_at)`);
    await q.query(`
      CREATE TABLE asset_groups (
        id serial PRIMARY KEY,
        asset_group_tag_id integer NOT NULL UNIQUE REFERENCES asset_group_tags (id) ON DELETE CASCADE,
        name varchar(250) NOT NULL,
        tag varchar(250) NOT NULL UNIQUE,
        system_group boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CONSTRAINT asset_groups_name_key UNIQUE (name)
      )`);

    // The seeded tags and their kinds (the kind table may be empty before the graph module first starts).
    await q.query(`INSERT INTO kind (name) VALUES ('Tag_Tier_Zero'), ('Tag_Owned') ON CONFLICT (name) DO NOTHING`);
    await q.query(`
      INSERT INTO asset_group_tags (id, type, kind_id, name, description, position, require_certify, analysis_enabled,
                                    created_by, updated_by)
      VALUES (1, 1, (SELECT id FROM kind WHERE name = 'Tag_Tier_Zero'), 'Tier Zero', 'Tier Zero', 1, false, true,
              'SYSTEM', 'SYSTEM'),
             (2, 3, (SELECT id FROM kind WHERE name = 'Tag_Owned'), 'Owned', 'Owned', NULL, NULL, NULL,
              'SYSTEM', 'SYSTEM')`);
    await q.query(`SELECT setval('asset_group_tags_id_seq', 2)`);
    await q.query(`
      INSERT INTO asset_groups (id, asset_group_tag_id, name, tag, system_group)
      VALUES (1, 1, 'Admin Tier Zero', 'admin_tier_0', true), (2, 2, 'Owned', 'owned', false)`);
    await q.query(`SELECT setval('asset_groups_id_seq', 2)`);

    for (const rule of TIER_ZERO_RULES) {
      await q.query(
        `WITH selector AS (
           INSERT INTO asset_group_tag_selectors (asset_group_tag_id, name, description, is_default, allow_disable,
                                                  disabled_at, disabled_by, created_by, updated_by)
           VALUES (1, $1::text, $1::text, true, $2::boolean, CASE WHEN $3::boolean THEN NULL ELSE now() END,
                   CASE WHEN $3::boolean THEN NULL ELSE 'SYSTEM' END,
                   'SYSTEM', 'SYSTEM')
           RETURNING id)
         INSERT INTO asset_group_tag_selector_seeds (selector_id, type, value) SELECT id, 2, $4 FROM selector`,
        [rule.name, rule.allowDisable, rule.enabled, rule.cypher],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS asset_groups`);
    await q.query(`DROP TABLE IF EXISTS asset_group_certification_history`);
    await q.query(`DROP VIEW IF EXISTS asset_group_tag_member_records`);
    await q.query(`DROP TABLE IF EXISTS asset_group_tag_selector_nodes`);
    await q.query(`DROP TABLE IF EXISTS asset_group_tag_selector_seeds`);
    await q.query(`DROP TABLE IF EXISTS asset_group_tag_selectors`);
    await q.query(`DROP TABLE IF EXISTS asset_group_tags`);
  }
}
