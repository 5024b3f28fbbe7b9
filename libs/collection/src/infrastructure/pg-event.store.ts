import { Injectable } from '@nestjs/common';
import {
  ApiError, applyListFilters, applyListQuery, Database, dateOf, joinSql, optionalDate, raw, sql, type ListQuery,
  type Row,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { CollectionEvent } from '../domain/records.js';
import { EVENT_LIST } from '../application/event-list-spec.js';
import { EventStore, type EventInput, type Page } from '../application/ports.js';
import { FLAG_COLUMNS, flagsOf } from './pg-rows.js';


const COLUMNS = ['id', 'client_id', 'title', 'rrule', 'next_scheduled_at', ...FLAG_COLUMNS, 'ous', 'domains', 'created_at', 'updated_at', 'deleted_at'];
const SELECT_LIST = COLUMNS.map((column) => `e.${column} AS ${column}`);
const SELECT = SELECT_LIST.join(', ');

/** An event's writable columns, and their values in that order. */
const WRITABLE = ['client_id', 'title', 'rrule', 'next_scheduled_at', ...FLAG_COLUMNS, 'ous', 'domains'] as const;
const writableValues = (input: EventInput): unknown[] => [
  input.clientId, input.title, input.rrule, input.nextScheduledAt, input.sessionCollection, input.localGroupCollection,
  input.adStructureCollection, input.certServicesCollection, input.caRegistryCollection, input.dcRegistryCollection,
  input.allTrustedDomains, input.ous, input.domains,
];

/**
 * Events in PostgreSQL. An event is never written for a client being deleted at the same moment: a create (or an
 * update moving the event) locks the client row it names (FOR SHARE), and an update in place holds the event's row,
 * so in both cases the client's deletion, which soft-deletes its events, waits for the write.
 */
@Injectable()
export class PgEventStore extends EventStore {
  constructor(private readonly db: Database) {
    super();
  }

  create(input: EventInput): Promise<CollectionEvent> {
    return this.db.transaction(async (m) => {
      await requireLiveClient(m, input.clientId);
      const given = joinSql(writableValues(input).map((value) => sql`${value}`), ', ');
      const statement = sql`INSERT INTO collection_events AS e (${raw(WRITABLE.join(', '))}) VALUES (${given})
        RETURNING ${raw(SELECT)}`.toQuery();
      const [row]: Row[] = await m.query(statement.text, statement.values);
      return toEvent(row);
    });
  }

  list(query: ListQuery): Promise<Page<CollectionEvent>> {
    return this.db.transaction(async (m) => {
      const page = matching(m, query).select(SELECT_LIST).addSelect('count(*) OVER ()', 'total_count');
      const rows: Row[] = await applyListQuery(page, EVENT_LIST, query).getRawMany();
      if (rows.length > 0) return { items: rows.map(toEvent), count: Number(rows[0].total_count) };
      // limit is never 0, so an empty first page means nothing matches.
      if (query.skip === 0) return { items: [], count: 0 };
      // A page past the end still reports how many rows match.
      const [total]: Row[] = await applyListFilters(matching(m, query).select('count(*)', 'total_count'), EVENT_LIST, query).getRawMany();
      return { items: [], count: Number(total.total_count) };
    }, { readOnly: true });
  }

  async find(id: number): Promise<CollectionEvent | null> {
    const [row] = await this.db.query<Row>(`SELECT ${SELECT} FROM collection_events e WHERE e.id = $1 AND e.deleted_at IS NULL`, [id]);
    return row ? toEvent(row) : null;
  }

  /**
   * The event row is locked first (FOR UPDATE), so its read, the plan made from it and the write are one step: a
   * concurrent PUT waits, and a scheduler tick either has moved next_scheduled_at before the read or waits for the
   * write. A deletion of the event's client waits for the write too (it updates this row), then deletes the event as
   * written. Moving the event to another client locks that one (FOR SHARE) as a create does; a client's deletion
   * locks the client and then its own events, never this one, so the two orders cannot deadlock.
   */
  update(id: number, change: (current: CollectionEvent) => EventInput): Promise<CollectionEvent | null> {
    return this.db.transaction(async (m) => {
      const [locked]: Row[] = await m.query(`SELECT ${SELECT} FROM collection_events e WHERE e.id = $1 AND e.deleted_at IS NULL FOR UPDATE`, [id]);
      if (!locked) return null;
      const current = toEvent(locked);
      const input = change(current);
      if (input.clientId !== current.clientId) await requireLiveClient(m, input.clientId);
      else await requireLiveClient(m, input.clientId, false);
      const values = writableValues(input);
      const assignments = joinSql(WRITABLE.map((column, i) => sql`${raw(column)} = ${values[i]}`), ', ');
      const statement = sql`
        WITH changed AS (
          UPDATE collection_events SET ${assignments}, updated_at = now() WHERE id = ${id} RETURNING *)
        SELECT ${raw(SELECT)} FROM changed e`.toQuery();
      const [row]: Row[] = await m.query(statement.text, statement.values);
      return toEvent(row);
    });
  }

  delete(id: number): Promise<boolean> {
    return this.db.transaction(async (m) => {
      // The event row first: a scheduler emitting it holds it, so its jobs are in by the time the READY ones go.
      const [deleted]: Row[] = await m.query(
        `WITH gone AS (
           UPDATE collection_events SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id)
         SELECT count(*)::int AS n FROM gone`,
        [id],
      );
      if (deleted.n === 0) return false;
      // READY jobs never started: nothing refers to them, so they go; RUNNING and finished jobs keep their history.
      await m.query('DELETE FROM collection_jobs WHERE event_id = $1 AND status = 0', [id]);
      return true;
    });
  }

  async byClients(clientIds: string[]): Promise<CollectionEvent[]> {
    if (clientIds.length === 0) return [];
    const rows = await this.db.query<Row>(
      `SELECT ${SELECT} FROM collection_events e WHERE e.client_id = ANY($1::uuid[]) AND e.deleted_at IS NULL ORDER BY e.id`,
      [clientIds],
      { readOnly: true },
    );
    return rows.map(toEvent);
  }
}

/** 404 unless the client is live; locked FOR SHARE (the default) until the transaction ends. */
async function requireLiveClient(m: EntityManager, clientId: string, lock = true): Promise<void> {
  const rows: Row[] = await m.query(
    `SELECT 1 FROM collection_clients WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR SHARE' : ''}`,
    [clientId],
  );
  if (rows.length === 0) throw ApiError.notFound();
}

/** Live events unless the query filters on deleted_at. */
function matching(m: EntityManager, query: ListQuery) {
  const qb = m.createQueryBuilder().from('collection_events', 'e');
  if (!query.filters.some((predicate) => predicate.column === 'deleted_at')) qb.andWhere('e.deleted_at IS NULL');
  return qb;
}

function toEvent(row: Row): CollectionEvent {
  return {
    id: Number(row.id),
    clientId: String(row.client_id),
    title: String(row.title),
    rrule: String(row.rrule),
    nextScheduledAt: optionalDate(row.next_scheduled_at),
    ...flagsOf(row),
    ous: (row.ous as string[] | null) ?? [],
    domains: (row.domains as string[] | null) ?? [],
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}
