import { Injectable } from '@nestjs/common';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  ApiError, applyListFilters, applyListQuery, Database, dateOf, pgConstraint, pgErrorCode, PgErrorCodes,
  type ListQuery, type Row,
} from '@app/platform';
import { SAVED_QUERY_LIST } from '../application/list-specs.js';
import { SavedQueryStore } from '../application/ports.js';
import { SavedQueriesErrors } from '../application/saved-queries-errors.js';
import type {
  QueryPermission, QueryReach, QuerySharing, SavedQuery, SavedQueryDraft, SavedQueryScope, ScopedSavedQuery,
} from '../domain/saved-query.js';

/** Every query with how it reaches the user `:me` (alias `x` outside). Saved queries are never soft-deleted. */
const QUERIES_VIEW = `
  SELECT sq.id, sq.user_id, sq.name, sq.query, sq.description, sq.created_at, sq.updated_at,
         NULL::timestamptz AS deleted_at,
         EXISTS (SELECT 1 FROM saved_queries_permissions p WHERE p.query_id = sq.id AND p.public) AS is_public,
         EXISTS (SELECT 1 FROM saved_queries_permissions p
                  WHERE p.query_id = sq.id AND p.shared_to_user_id = :me) AS shared_to_me
  FROM saved_queries sq`;

const IN_SCOPE: Readonly<Record<SavedQueryScope, string>> = {
  owned: 'x.user_id = :me',
  shared: 'x.shared_to_me',
  public: 'x.is_public',
  all: '(x.user_id = :me OR x.shared_to_me OR x.is_public)',
};

const REACH = `CASE WHEN x.user_id = :me THEN 'owned' WHEN x.shared_to_me THEN 'shared' ELSE 'public' END`;

const UNIQUE_NAME = 'saved_queries_user_id_name_key';

function toQuery(row: Row): SavedQuery {
  return {
    id: Number(row.id),
    userId: String(row.user_id),
    name: String(row.name),
    query: String(row.query),
    description: String(row.description),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
  };
}

function toPermission(row: Row): QueryPermission {
  return {
    id: Number(row.id),
    queryId: Number(row.query_id),
    sharedToUserId: row.shared_to_user_id === null ? null : String(row.shared_to_user_id),
    isPublic: Boolean(row.public),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
  };
}

/** A clash of names (per owner) is the reference's 400; anything else is not the client's doing. */
function duplicateNameToBadRequest(error: unknown): unknown {
  return pgErrorCode(error) === PgErrorCodes.uniqueViolation && pgConstraint(error) === UNIQUE_NAME
    ? ApiError.badRequest(SavedQueriesErrors.duplicateName)
    : error;
}

/**
 * Locks the query's row for the rest of the transaction: sharing and publishing of one query take turns (each
 * decides from what the other wrote); a query deleted meanwhile is 404.
 */
async function lockQuery(m: EntityManager, id: number): Promise<void> {
  const [row] = await m.query('SELECT id FROM saved_queries WHERE id = $1 FOR UPDATE', [id]);
  if (!row) throw ApiError.notFound(SavedQueriesErrors.shareQueryDoesNotExist);
}

/** Saved queries and their permission rows in PostgreSQL. */
@Injectable()
export class PgSavedQueryStore extends SavedQueryStore {
  constructor(private readonly db: Database) {
    super();
  }

  list(userId: string, scope: SavedQueryScope, query: ListQuery): Promise<{ items: ScopedSavedQuery[]; count: number }> {
    return this.db.transaction(async (m) => {
      const scoped = (qb: SelectQueryBuilder<Row>) =>
        qb.from(`(${QUERIES_VIEW})`, 'x').where(IN_SCOPE[scope]).setParameter('me', userId);
      const page = applyListQuery(scoped(m.createQueryBuilder().select('x.*').addSelect(REACH, 'scope')), SAVED_QUERY_LIST, query);
      const rows: Row[] = await page.getRawMany();
      const counted = applyListFilters(scoped(m.createQueryBuilder().select('count(*)::bigint', 'count')), SAVED_QUERY_LIST, query);
      const total = (await counted.getRawOne<Row>())?.count;
      return { items: rows.map((row) => ({ ...toQuery(row), scope: row.scope as QueryReach })), count: Number(total ?? 0) };
    }, { readOnly: true });
  }

  all(userId: string, scope: SavedQueryScope): Promise<SavedQuery[]> {
    return this.db.transaction(async (m) => {
      const rows: Row[] = await m.createQueryBuilder().select('x.*').from(`(${QUERIES_VIEW})`, 'x')
        .where(IN_SCOPE[scope]).setParameter('me', userId).orderBy('x.id', 'ASC').getRawMany();
      return rows.map(toQuery);
    }, { readOnly: true });
  }

  async get(id: number): Promise<SavedQuery | null> {
    const [row] = await this.db.query<Row>('SELECT * FROM saved_queries WHERE id = $1', [id], { readOnly: true });
    return row ? toQuery(row) : null;
  }

  async sharing(id: number): Promise<QuerySharing> {
    const [row] = await this.db.query<Row>(
      `SELECT COALESCE(bool_or(public), false) AS is_public,
              COALESCE(array_agg(shared_to_user_id::text ORDER BY id) FILTER (WHERE shared_to_user_id IS NOT NULL), '{}') AS shared
       FROM saved_queries_permissions WHERE query_id = $1`,
      [id], { readOnly: true },
    );
    return { isPublic: Boolean(row.is_public), sharedTo: row.shared as string[] };
  }

  async create(userId: string, drafts: readonly SavedQueryDraft[]): Promise<SavedQuery[]> {
    try {
      const rows = await this.db.query<Row>(
        `INSERT INTO saved_queries (user_id, name, query, description)
         SELECT $1, t.name, t.query, t.description
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(name, query, description, n)
         ORDER BY t.n
         RETURNING *`,
        [userId, drafts.map((d) => d.name), drafts.map((d) => d.query), drafts.map((d) => d.description)],
      );
      return rows.map(toQuery).sort((a, b) => a.id - b.id);
    } catch (error) {
      throw duplicateNameToBadRequest(error);
    }
  }

  async update(id: number, fields: Partial<SavedQueryDraft>): Promise<SavedQuery | null> {
    try {
      const [row] = await this.db.query<Row>(
        // In a CTE: TypeORM answers a bare UPDATE/DELETE ... RETURNING as [rows, count].
        `WITH updated AS (
           UPDATE saved_queries SET name = COALESCE($2, name), query = COALESCE($3, query),
             description = COALESCE($4, description), updated_at = now()
           WHERE id = $1 RETURNING *)
         SELECT * FROM updated`,
        [id, fields.name ?? null, fields.query ?? null, fields.description ?? null],
      );
      return row ? toQuery(row) : null;
    } catch (error) {
      throw duplicateNameToBadRequest(error);
    }
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.query<Row>(
      'WITH deleted AS (DELETE FROM saved_queries WHERE id = $1 RETURNING id) SELECT id FROM deleted', [id],
    );
    return rows.length > 0;
  }

  makePublic(id: number): Promise<QueryPermission> {
    return this.db.transaction(async (m) => {
      await lockQuery(m, id);
      await m.query('DELETE FROM saved_queries_permissions WHERE query_id = $1 AND shared_to_user_id IS NOT NULL', [id]);
      await m.query('INSERT INTO saved_queries_permissions (query_id, public) VALUES ($1, true) ON CONFLICT DO NOTHING', [id]);
      const [row] = await m.query('SELECT * FROM saved_queries_permissions WHERE query_id = $1 AND public', [id]);
      return toPermission(row);
    });
  }

  shareTo(id: number, userIds: readonly string[]): Promise<QueryPermission[]> {
    return this.db.transaction(async (m) => {
      await lockQuery(m, id);
      // Published meanwhile (the verdict was made before this transaction): never both public and shared.
      const [published] = await m.query('SELECT 1 FROM saved_queries_permissions WHERE query_id = $1 AND public', [id]);
      if (published) throw ApiError.badRequest(SavedQueriesErrors.publicShare);
      try {
        await m.query(
          `INSERT INTO saved_queries_permissions (query_id, shared_to_user_id)
           SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
          [id, userIds],
        );
      } catch (error) {
        // A user deleted since the caller's ids were checked.
        if (pgErrorCode(error) === PgErrorCodes.foreignKeyViolation) throw ApiError.badRequest(SavedQueriesErrors.unknownUsers(userIds));
        throw error;
      }
      const rows: Row[] = await m.query(
        'SELECT * FROM saved_queries_permissions WHERE query_id = $1 AND shared_to_user_id = ANY($2::uuid[]) ORDER BY id',
        [id, userIds],
      );
      return rows.map(toPermission);
    });
  }

  async unshare(id: number, userIds: readonly string[] | null): Promise<void> {
    await this.db.query(
      'DELETE FROM saved_queries_permissions WHERE query_id = $1 AND ($2::uuid[] IS NULL OR shared_to_user_id = ANY($2::uuid[]))',
      [id, userIds],
    );
  }
}
