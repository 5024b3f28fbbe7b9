import { Injectable } from '@nestjs/common';
import {
  ApiError, applyListFilters, applyListQuery, Database, dateOf, joinSql, optionalDate, optionalNumber, optionalString,
  param, pgConstraint, raw, sql, type ListQuery, type Row,
} from '@app/platform';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { CollectionErrors } from '../application/collection-errors.js';
import { CLIENT_LIST } from '../application/client-list-spec.js';
import { ClientStore, type CheckIn, type ClientPatch, type NewClient, type Page } from '../application/ports.js';
import { JobStatus } from '../domain/job-status.js';
import type { Client, ClientToken, ClientType } from '../domain/records.js';


// Statements whose rows are read are SELECTs (a data-modifying CTE where needed): TypeORM answers a bare UPDATE or
// DELETE with [rows, count] instead of the rows.

/** The columns of a client read from collection_client_records (alias `c`): the row, its figures and its live token. */
const COLUMNS = [
  'id', 'created_at', 'updated_at', 'deleted_at', 'name', 'type', 'domain_controller', 'issuer_address',
  'issuer_address_override', 'ip_address', 'hostname',
  'configured_user', 'version', 'user_sid', 'last_checkin', 'current_job_id', 'current_task_id', 'completed_job_count',
  'completed_task_count', 'token_id', 'token_hmac_method', 'token_last_access', 'token_created_at', 'token_updated_at',
  'token_deleted_at',
].map((column) => `c.${column} AS ${column}`);

const LIVE_NAME = 'collection_clients_live_name';
/** status_message of a RUNNING job whose client was deleted. */
const CLIENT_DELETED = 'canceled: the client was deleted';

/** Columns a check-in may set, by CheckIn field. */
const CHECK_IN_COLUMNS: Readonly<Record<keyof CheckIn, string>> = {
  hostname: 'hostname', ipAddress: 'ip_address', version: 'version', configuredUser: 'configured_user', userSid: 'user_sid',
};

/**
 * Clients in PostgreSQL. Every read goes through the view collection_client_records, which defines the computed
 * figures once; a page is one statement (rows and total through a window count), plus a count only when a page past
 * the first comes back empty.
 */
@Injectable()
export class PgClientStore extends ClientStore {
  constructor(private readonly db: Database) {
    super();
  }

  async create(input: NewClient): Promise<Client> {
    try {
      // The client and its first token in one statement; a new client has no jobs, so its figures are zero.
      const [row] = await this.db.query<Row>(
        `WITH c AS (
           INSERT INTO collection_clients (name, type, domain_controller, issuer_address, issuer_address_override)
           VALUES ($1, $2, $3, $5, $6) RETURNING *),
         t AS (
           INSERT INTO collection_client_tokens (client_id, encrypted_key) SELECT id, $4 FROM c RETURNING *)
         SELECT c.*, NULL AS current_job_id, NULL AS current_task_id, 0 AS completed_job_count,
                0 AS completed_task_count, t.id AS token_id, t.hmac_method AS token_hmac_method,
                t.last_access AS token_last_access, t.created_at AS token_created_at,
                t.updated_at AS token_updated_at, t.deleted_at AS token_deleted_at
         FROM c, t`,
        [input.name, input.type, input.domainController, input.encryptedKey, input.issuerAddress, input.issuerAddressOverride],
      );
      return toClient(row);
    } catch (error) {
      throw nameConflict(error);
    }
  }

  list(query: ListQuery): Promise<Page<Client>> {
    return this.db.transaction(async (m) => {
      const qb = matching(m, query).select(COLUMNS).addSelect('count(*) OVER ()', 'total_count');
      const rows: Row[] = await applyListQuery(qb, CLIENT_LIST, query).getRawMany();
      if (rows.length > 0 || query.skip === 0) {
        return { items: rows.map(toClient), count: rows.length > 0 ? Number(rows[0].total_count) : 0 };
      }
      // An empty page past the first: the total still counts every matching client.
      const [total]: Row[] = await applyListFilters(matching(m, query).select('count(*)', 'total_count'), CLIENT_LIST, query)
        .getRawMany();
      return { items: [], count: Number(total.total_count) };
    }, { readOnly: true });
  }

  async find(id: string): Promise<Client | null> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS.join(', ')} FROM collection_client_records c WHERE c.id = $1 AND c.deleted_at IS NULL`,
      [id], { readOnly: true },
    );
    return rows.length > 0 ? toClient(rows[0]) : null;
  }

  async update(id: string, patch: ClientPatch): Promise<Client | null> {
    try {
      return await this.db.transaction(async (m) => {
        const changed: Row[] = await m.query(
          `WITH changed AS (
             UPDATE collection_clients SET
               name = CASE WHEN $2::boolean THEN $3::text ELSE name END,
               domain_controller = CASE WHEN $4::boolean THEN $5::text ELSE domain_controller END,
               issuer_address = CASE WHEN $6::boolean THEN $7::text ELSE issuer_address END,
               issuer_address_override = CASE WHEN $8::boolean THEN $9::text ELSE issuer_address_override END,
               updated_at = now()
             WHERE id = $1 AND deleted_at IS NULL RETURNING id)
           SELECT id FROM changed`,
          [
            id, patch.name !== undefined, patch.name ?? null, patch.domainController !== undefined, patch.domainController ?? null,
            patch.issuerAddress !== undefined, patch.issuerAddress ?? null,
            patch.issuerAddressOverride !== undefined, patch.issuerAddressOverride ?? null,
          ],
        );
        return changed.length > 0 ? readLive(m, id) : null;
      });
    } catch (error) {
      throw nameConflict(error);
    }
  }

  softDelete(id: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const [row]: Row[] = await m.query(
        `WITH client AS (
           UPDATE collection_clients SET deleted_at = now(), updated_at = now()
           WHERE id = $1 AND deleted_at IS NULL RETURNING id),
         tokens AS (
           UPDATE collection_client_tokens k SET deleted_at = now(), updated_at = now()
           FROM client WHERE k.client_id = client.id AND k.deleted_at IS NULL),
         events AS (
           UPDATE collection_events e SET deleted_at = now(), updated_at = now()
           FROM client WHERE e.client_id = client.id AND e.deleted_at IS NULL)
         SELECT count(*)::integer AS deleted FROM client`,
        [id],
      );
      if (row.deleted === 0) return false;
      // Statements of their own, so their snapshot sees READY jobs a scheduler tick committed while this held the
      // events. READY jobs never ran: they go. A RUNNING job can no longer be ended (the token is revoked), so it is
      // canceled now rather than left to time out; finished jobs keep their history.
      await m.query(`DELETE FROM collection_jobs WHERE client_id = $1 AND status = ${JobStatus.Ready}`, [id]);
      await m.query(
        `UPDATE collection_jobs SET status = ${JobStatus.Canceled}, status_message = $2, end_time = $3, updated_at = now()
         WHERE client_id = $1 AND status = ${JobStatus.Running}`,
        [id, CLIENT_DELETED, at],
      );
      return true;
    });
  }

  rotateToken(id: string, encryptedKey: string): Promise<ClientToken | null> {
    return this.db.transaction(async (m) => {
      // Locking the client serialises rotations (one live token per client) and a concurrent delete.
      const live: Row[] = await m.query(
        'SELECT id FROM collection_clients WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [id],
      );
      if (live.length === 0) return null;
      await m.query(
        'UPDATE collection_client_tokens SET deleted_at = now(), updated_at = now() WHERE client_id = $1 AND deleted_at IS NULL',
        [id],
      );
      const [row]: Row[] = await m.query(
        `INSERT INTO collection_client_tokens (client_id, encrypted_key) VALUES ($1, $2)
         RETURNING id AS token_id, hmac_method AS token_hmac_method, last_access AS token_last_access,
                   created_at AS token_created_at, updated_at AS token_updated_at, deleted_at AS token_deleted_at`,
        [id, encryptedKey],
      );
      return toToken(row);
    });
  }

  async findSigningKey(tokenId: string): Promise<{ clientId: string; encryptedKey: string } | null> {
    const rows = await this.db.query<Row>(
      `SELECT k.client_id, k.encrypted_key FROM collection_client_tokens k
       JOIN collection_clients c ON c.id = k.client_id
       WHERE k.id = $1 AND k.deleted_at IS NULL AND c.deleted_at IS NULL`,
      [tokenId], { readOnly: true },
    );
    return rows.length > 0 ? { clientId: String(rows[0].client_id), encryptedKey: String(rows[0].encrypted_key) } : null;
  }

  async touchToken(tokenId: string, at: Date): Promise<void> {
    await this.db.query('UPDATE collection_client_tokens SET last_access = $2 WHERE id = $1', [tokenId, at]);
  }

  checkIn(id: string, report: CheckIn, at: Date): Promise<Client | null> {
    return this.db.transaction(async (m) => {
      // Column names come from CHECK_IN_COLUMNS (code), values are bound: only the reported fields change.
      const fields = (Object.keys(CHECK_IN_COLUMNS) as (keyof CheckIn)[]).filter((field) => report[field] !== undefined);
      const when = param(at);
      const sets = [
        ...fields.map((field) => sql`${raw(CHECK_IN_COLUMNS[field])} = ${report[field]}`),
        sql`last_checkin = ${when}`, sql`updated_at = ${when}`,
      ];
      const { text, values } = sql`
        WITH changed AS (
          UPDATE collection_clients SET ${joinSql(sets, ', ')}
          WHERE id = ${id} AND deleted_at IS NULL RETURNING id)
        SELECT id FROM changed`.toQuery();
      const changed: Row[] = await m.query(text, values);
      return changed.length > 0 ? readLive(m, id) : null;
    });
  }
}

/** The clients a query selects: soft-deleted ones only when the caller filters on deleted_at. */
function matching(m: EntityManager, query: ListQuery): SelectQueryBuilder<Row> {
  const qb = m.createQueryBuilder().from('collection_client_records', 'c');
  if (!query.filters.some((predicate) => predicate.column === 'deleted_at')) qb.andWhere('c.deleted_at IS NULL');
  return qb;
}

async function readLive(m: EntityManager, id: string): Promise<Client> {
  const [row]: Row[] = await m.query(`SELECT ${COLUMNS.join(', ')} FROM collection_client_records c WHERE c.id = $1`, [id]);
  return toClient(row);
}

/** A duplicate live name is the unique index's call (no read-then-write race); anything else passes through. */
function nameConflict(error: unknown): unknown {
  return pgConstraint(error) === LIVE_NAME ? ApiError.conflict(CollectionErrors.clientNameUnique) : error;
}


function toToken(row: Row): ClientToken | null {
  if (row.token_id === null || row.token_id === undefined) return null;
  return {
    id: String(row.token_id),
    hmacMethod: String(row.token_hmac_method),
    lastAccess: optionalDate(row.token_last_access),
    createdAt: dateOf(row.token_created_at),
    updatedAt: dateOf(row.token_updated_at),
    deletedAt: optionalDate(row.token_deleted_at),
  };
}

function toClient(row: Row): Client {
  return {
    id: String(row.id),
    name: String(row.name),
    type: String(row.type) as ClientType,
    ipAddress: String(row.ip_address),
    hostname: String(row.hostname),
    configuredUser: String(row.configured_user),
    version: String(row.version),
    userSid: optionalString(row.user_sid),
    domainController: optionalString(row.domain_controller),
    issuerAddress: optionalString(row.issuer_address),
    issuerAddressOverride: optionalString(row.issuer_address_override),
    lastCheckin: optionalDate(row.last_checkin),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
    currentJobId: optionalNumber(row.current_job_id),
    currentTaskId: optionalNumber(row.current_task_id),
    completedJobCount: Number(row.completed_job_count),
    completedTaskCount: Number(row.completed_task_count),
    token: toToken(row),
  };
}
