import type { MigrationInterface, QueryRunner } from 'typeorm';

// One graph_change row per statement that inserted or deleted rows (transition tables, aggregated); none when the
// statement touched no row (an upsert that only updated, a delete that matched nothing).
const LOG_STATEMENT = {
  node_insert: `INSERT INTO graph_change (op, ids) SELECT 'node+', array_agg(id) FROM changed HAVING count(*) > 0`,
  node_delete: `INSERT INTO graph_change (op, ids) SELECT 'node-', array_agg(id) FROM changed HAVING count(*) > 0`,
  edge_insert: `INSERT INTO graph_change (op, ids) SELECT 'edge+', array_agg(id) FROM changed HAVING count(*) > 0`,
  edge_delete: `INSERT INTO graph_change (op, ids, starts, ends)
    SELECT 'edge-', array_agg(id), array_agg(start_id), array_agg(end_id) FROM changed HAVING count(*) > 0`,
};

/**
 * The graph version and its change log (issue 15): every transaction that writes `node` or `edge` logs what it
 * changed through triggers, so no writer can forget (ingest, the graph store, analysis SQL, tag kinds, FK
 * cascades, TRUNCATE), and commits as the next graph version. In-memory traversal indexes catch up from the log.
 *
 * The version row is locked only by a deferred constraint trigger, at commit: parallel writers run their
 * statements side by side and serialise only their commits, and versions become visible in commit order (a reader
 * that sees version v sees every version below it).
 */
export class GraphChangeLog1732240000320 implements MigrationInterface {
  name = 'GraphChangeLog1732240000320';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE graph_version (
        id int PRIMARY KEY CHECK (id = 1),
        version bigint NOT NULL,
        pruned_through bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`INSERT INTO graph_version (id, version) VALUES (1, 0)`);
    await q.query(`
      CREATE TABLE graph_change (
        id bigserial PRIMARY KEY,
        txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
        op text NOT NULL CHECK (op IN ('node+', 'node~', 'node-', 'edge+', 'edge-', 'reset')),
        ids int8[],
        starts int8[],
        ends int8[]
      )`);
    await q.query(`CREATE INDEX graph_change_txid_index ON graph_change (txid)`);
    await q.query(`CREATE TABLE graph_commit (txid xid8 PRIMARY KEY, version bigint NOT NULL UNIQUE)`);
    await q.query(`
      CREATE TABLE graph_index_reader (instance text PRIMARY KEY, version bigint NOT NULL, seen_at timestamptz NOT NULL)`);

    for (const [name, statement] of Object.entries(LOG_STATEMENT)) {
      await q.query(`
        CREATE FUNCTION graph_log_${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${statement};
          RETURN NULL;
        END $$`);
    }
    await q.query(`
      CREATE FUNCTION graph_log_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO graph_change (op) VALUES ('reset');
        RETURN NULL;
      END $$`);
    for (const table of ['node', 'edge']) {
      await q.query(`
        CREATE TRIGGER ${table}_log_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION graph_log_${table}_insert()`);
      await q.query(`
        CREATE TRIGGER ${table}_log_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION graph_log_${table}_delete()`);
      await q.query(`
        CREATE TRIGGER ${table}_log_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION graph_log_reset()`);
    }

    // Row-level, and only when the value changes: a statement-level UPDATE trigger with transition tables would copy
    // every row of every property upsert ingest makes.
    await q.query(`
      CREATE FUNCTION graph_log_node_kinds() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO graph_change (op, ids) VALUES ('node~', ARRAY[NEW.id]);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER node_log_kinds AFTER UPDATE OF kind_ids ON node
      FOR EACH ROW WHEN (OLD.kind_ids IS DISTINCT FROM NEW.kind_ids) EXECUTE FUNCTION graph_log_node_kinds()`);
    await q.query(`
      CREATE FUNCTION graph_log_edge_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO graph_change (op, ids, starts, ends) VALUES ('edge-', ARRAY[OLD.id], ARRAY[OLD.start_id], ARRAY[OLD.end_id]);
        INSERT INTO graph_change (op, ids) VALUES ('edge+', ARRAY[NEW.id]);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER edge_log_moved AFTER UPDATE OF start_id, end_id, kind_id ON edge
      FOR EACH ROW WHEN (OLD.start_id IS DISTINCT FROM NEW.start_id OR OLD.end_id IS DISTINCT FROM NEW.end_id
        OR OLD.kind_id IS DISTINCT FROM NEW.kind_id)
      EXECUTE FUNCTION graph_log_edge_moved()`);

    // At commit, once per transaction (the transaction-local setting is the guard): the next version. Taking the
    // version row's lock here, not at the first write, is what keeps parallel writers parallel.
    await q.query(`
      CREATE FUNCTION graph_commit_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('pathwarden.graph_versioned', true) = 'on' THEN RETURN NULL; END IF;
        PERFORM set_config('pathwarden.graph_versioned', 'on', true);
        WITH next AS (UPDATE graph_version SET version = version + 1 RETURNING version)
        INSERT INTO graph_commit (txid, version) SELECT pg_current_xact_id(), version FROM next;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER graph_change_commit AFTER INSERT ON graph_change
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION graph_commit_version()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['node', 'edge']) {
      for (const event of ['insert', 'delete', 'truncate']) await q.query(`DROP TRIGGER IF EXISTS ${table}_log_${event} ON ${table}`);
    }
    await q.query(`DROP TRIGGER IF EXISTS node_log_kinds ON node`);
    await q.query(`DROP TRIGGER IF EXISTS edge_log_moved ON edge`);
    await q.query(`DROP TABLE IF EXISTS graph_index_reader, graph_commit, graph_change, graph_version`);
    for (const name of [...Object.keys(LOG_STATEMENT), 'reset', 'node_kinds', 'edge_moved']) {
      await q.query(`DROP FUNCTION IF EXISTS graph_log_${name}()`);
    }
    await q.query(`DROP FUNCTION IF EXISTS graph_commit_version()`);
  }
}
