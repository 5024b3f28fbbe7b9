import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The asset group tag history (routes-misc D.12): one row per tag or selector change, written by the commands in
 * their unit of work. No foreign key to the tag: the history of a deleted tag stays. `email` is the actor's email at
 * the time; environment_id and note are the reference's columns, null for the changes recorded here.
 */
export class TagHistory1732240001430 implements MigrationInterface {
  name = 'TagHistory1732240001430';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE asset_group_tag_history (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL,
        email text,
        action text NOT NULL CHECK (action IN ('CreateTag', 'UpdateTag', 'DeleteTag', 'AnalysisEnabledTag',
                                               'AnalysisDisabledTag', 'CreateSelector', 'UpdateSelector',
                                               'DeleteSelector')),
        target text NOT NULL,
        asset_group_tag_id integer NOT NULL,
        environment_id text,
        note text
      )`);
    await q.query(`CREATE INDEX asset_group_tag_history_created_index ON asset_group_tag_history (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS asset_group_tag_history`);
  }
}
