import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError, Database } from '@app/platform';
import { BUILT_IN_KINDS } from '../../domain/kinds.js';

/** The longest kind name the `kind` table holds (varchar(256)). */
export const MAX_KIND_NAME_LENGTH = 256;
export const KIND_NAME_TOO_LONG = `kind names are at most ${MAX_KIND_NAME_LENGTH} characters`;
export const UNKNOWN_KIND_ID = 'unknown kind id';

interface KindRow {
  id: number;
  name: string;
}

/**
 * Maps kind names (labels, edge types) to the small ids `node.kind_ids` and `edge.kind_id` hold, with a cache in
 * front of the `kind` table. Kinds are never deleted, so a cached pair stays true; a miss may only mean another
 * instance added the kind since, so it is looked up once before the name counts as unknown.
 */
@Injectable()
export class PgKindRegistry implements OnModuleInit {
  private readonly idByName = new Map<string, number>();
  private readonly nameById = new Map<number, string>();

  constructor(private readonly database: Database) {}

  /** Registers the built-in schema, so every known label maps to an id from the start. */
  async onModuleInit(): Promise<void> {
    await this.idsFor(BUILT_IN_KINDS, { create: true });
  }

  /**
   * Ids of the named kinds. With `create` (writes), missing kinds are added and every name gets an id. Without it
   * (queries), unknown names are left out of the map and never inserted: a label nobody wrote matches nothing.
   */
  async idsFor(names: readonly string[], options: { create: boolean }): Promise<Map<string, number>> {
    const missing = [...new Set(names)].filter((name) => !this.idByName.has(name));
    if (missing.length > 0) {
      if (options.create) await this.insert(missing);
      else await this.lookUp('SELECT id, name FROM kind WHERE name = ANY($1::text[])', missing);
    }
    const ids = new Map<string, number>();
    for (const name of names) {
      const id = this.idByName.get(name);
      if (id !== undefined) ids.set(name, id);
    }
    return ids;
  }

  /** The name of a kind id read from the graph. */
  async nameOf(id: number): Promise<string> {
    return (await this.namesOf([id]))[0];
  }

  /** The names of kind ids read from the graph, in the same order. */
  async namesOf(ids: readonly number[]): Promise<string[]> {
    const missing = [...new Set(ids)].filter((id) => !this.nameById.has(id));
    if (missing.length > 0) await this.lookUp('SELECT id, name FROM kind WHERE id = ANY($1::int2[])', missing);
    return ids.map((id) => {
      const name = this.nameById.get(id);
      if (name === undefined) throw new Error(`${UNKNOWN_KIND_ID}: ${id}`);
      return name;
    });
  }

  /** Every kind of the `kind` table (another instance may have added some since this one cached them). */
  async allNames(): Promise<string[]> {
    const rows = await this.database.query<KindRow>('SELECT id, name FROM kind', [], { readOnly: true });
    this.remember(rows);
    return rows.map((row) => row.name);
  }

  /**
   * One statement for the whole set, committed on its own (never inside the caller's transaction: a rolled-back
   * kind must not stay cached). Only names not in the table are offered to INSERT: every row an INSERT proposes
   * consumes a sequence value even when it conflicts, and the smallint ids would run out after a few hundred
   * restarts. Names go in sorted so two instances adding overlapping sets cannot deadlock; a name another
   * instance inserted meanwhile is read back after.
   */
  private async insert(names: string[]): Promise<void> {
    if (names.some((name) => [...name].length > MAX_KIND_NAME_LENGTH)) throw ApiError.badRequest(KIND_NAME_TOO_LONG);
    const sorted = [...names].sort();
    const rows: KindRow[] = await this.database.dataSource.query(
      `WITH input AS (SELECT name, ord FROM unnest($1::text[]) WITH ORDINALITY AS input (name, ord)),
            existing AS (SELECT kind.id, kind.name FROM kind JOIN input USING (name)),
            inserted AS (
              INSERT INTO kind (name)
                SELECT name FROM input WHERE NOT EXISTS (SELECT 1 FROM existing WHERE existing.name = input.name)
                ORDER BY ord
              ON CONFLICT (name) DO NOTHING
              RETURNING id, name)
       SELECT id, name FROM existing UNION ALL SELECT id, name FROM inserted`,
      [sorted],
    );
    this.remember(rows);
    const raced = sorted.filter((name) => !this.idByName.has(name));
    if (raced.length > 0) await this.lookUp('SELECT id, name FROM kind WHERE name = ANY($1::text[])', raced);
  }

  private async lookUp(text: string, keys: unknown[]): Promise<void> {
    this.remember(await this.database.query<KindRow>(text, [keys], { readOnly: true }));
  }

  private remember(rows: KindRow[]): void {
    for (const { id, name } of rows) {
      this.idByName.set(name, Number(id));
      this.nameById.set(Number(id), name);
    }
  }
}
