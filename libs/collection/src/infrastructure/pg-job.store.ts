import { Injectable } from '@nestjs/common';
import {
  ApiError, applyListFilters, Database, dateOf, optionalDate, param, pgConstraint, raw, sql, type ListQuery, type Row,
  type SortSpec,
} from '@app/platform';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { JOB_LIST } from '../application/job-list-spec.js';
import {
  JobStore, type CancelOutcome, type JobEnd, type JobScope, type NewAdHocJob, type Page, type StartOutcome,
} from '../application/ports.js';
import { JobStatus, type JobStatusValue } from '../domain/job-status.js';
import { COUNT_COLUMNS, countArrays, flagsOf } from './pg-rows.js';
import { DOMAIN_RESULT_COUNTS, type DomainResult, type DomainResultCount, type Job } from '../domain/records.js';


/** A job row with its client's name: the relation every job listing filters and sorts over (alias `j`). */
const JOB_RECORDS = `
  SELECT j.*, c.name AS client_name
  FROM collection_jobs j JOIN collection_clients c ON c.id = j.client_id`;

/** The live domain results of the job aliased `alias`, as one JSON array (part of the job's own statement). */
const domainResults = (alias: string) => `COALESCE((
  SELECT json_agg(json_build_object(
    'id', r.id, 'created_at', r.created_at, 'updated_at', r.updated_at, 'deleted_at', r.deleted_at,
    'job_id', r.job_id, 'domain_name', r.domain_name, 'success', r.success, 'message', r.message,
    ${DOMAIN_RESULT_COUNTS.map((count) => `'${count}', r.${count}`).join(', ')}
  ) ORDER BY r.id)
  FROM collection_domain_results r WHERE r.job_id = ${alias}.id AND r.deleted_at IS NULL), CAST('[]' AS json))`;

/** Columns of a job read straight from the table (a data-modifying CTE aliased `alias`), joined to its client. */
const changedJob = (alias: string) =>
  `SELECT ${alias}.*, c.name AS client_name, ${domainResults(alias)} AS domain_results
   FROM ${alias} JOIN collection_clients c ON c.id = ${alias}.client_id`;

const ONE_RUNNING = 'collection_jobs_one_running';

/**
 * Jobs in PostgreSQL. A page is one statement (rows, their domain results as a JSON array, and the total through a
 * window count); a second statement runs only when a page past the first comes back empty. Every change is one
 * statement that returns the changed job, plus a read where its effects must be visible (end, the not-found/not-
 * ready distinction). An ad-hoc job locks its client row (FOR SHARE), so it is never written for a client being
 * deleted at the same moment: the deletion, which removes the client's READY jobs, waits for it.
 */
@Injectable()
export class PgJobStore extends JobStore {
  constructor(private readonly db: Database) {
    super();
  }

  list(query: ListQuery, scope: JobScope): Promise<Page<Job>> {
    return this.db.transaction(async (m) => {
      const order = pageOrder(query);
      const ordering = order.map((term) => `${term.sql} ${term.direction}`).join(', ');
      // JOB_LIST declares every column the job listings share, so it compiles any of their queries.
      const page = applyListFilters(matching(m, query, scope), JOB_LIST, query)
        .select('j.*')
        .addSelect('count(*) OVER ()', 'total_count')
        .addSelect(`row_number() OVER (ORDER BY ${ordering})`, 'page_position')
        .offset(query.skip)
        .limit(query.limit);
      for (const term of order) page.addOrderBy(term.sql, term.direction);
      const [pageSql, params] = page.getQueryAndParameters();
      // The page (and the total) first, then the domain results of its rows only: rows skipped by OFFSET never pay
      // for theirs. page_position carries the page's order out of the CTE.
      const rows: Row[] = await m.query(
        `WITH page AS MATERIALIZED (${pageSql})
         SELECT page.*, ${domainResults('page')} AS domain_results FROM page ORDER BY page.page_position`,
        params,
      );
      if (rows.length > 0 || query.skip === 0) {
        return { items: rows.map(toJob), count: rows.length > 0 ? Number(rows[0].total_count) : 0 };
      }
      const [total]: Row[] = await applyListFilters(matching(m, query, scope).select('count(*)', 'total_count'), JOB_LIST, query)
        .getRawMany();
      return { items: [], count: Number(total.total_count) };
    }, { readOnly: true });
  }

  async find(id: number): Promise<Job | null> {
    const rows = await this.db.query<Row>(
      `SELECT j.*, ${domainResults('j')} AS domain_results FROM (${JOB_RECORDS}) j WHERE j.id = $1 AND j.deleted_at IS NULL`,
      [id], { readOnly: true },
    );
    return rows.length > 0 ? toJob(rows[0]) : null;
  }

  async byIds(ids: number[]): Promise<Job[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<Row>(
      `SELECT j.*, ${domainResults('j')} AS domain_results FROM (${JOB_RECORDS}) j WHERE j.id = ANY($1::bigint[])`,
      [ids], { readOnly: true },
    );
    return rows.map(toJob);
  }

  async createAdHoc(input: NewAdHocJob): Promise<Job> {
    const { text, values } = sql`
      WITH created AS (
        INSERT INTO collection_jobs (
          client_id, execution_time, status, domain_controller, session_collection, local_group_collection,
          ad_structure_collection, cert_services_collection, ca_registry_collection, dc_registry_collection,
          all_trusted_domains, ous, domains)
        SELECT c.id, ${input.executionTime}, ${raw(JobStatus.Ready)},
               COALESCE(${input.domainController}, c.domain_controller, ''), ${input.sessionCollection},
               ${input.localGroupCollection}, ${input.adStructureCollection}, ${input.certServicesCollection},
               ${input.caRegistryCollection}, ${input.dcRegistryCollection}, ${input.allTrustedDomains}, ${input.ous},
               ${input.domains}
        FROM collection_clients c WHERE c.id = ${input.clientId} AND c.deleted_at IS NULL
        FOR SHARE OF c
        RETURNING *)
      ${raw(changedJob('created'))}`.toQuery();
    const rows = await this.db.query<Row>(text, values);
    if (rows.length === 0) throw ApiError.notFound();
    return toJob(rows[0]);
  }

  cancel(id: number, at: Date): Promise<CancelOutcome> {
    return this.db.transaction(async (m) => {
      const rows: Row[] = await m.query(
        `WITH canceled AS (
           UPDATE collection_jobs SET status = ${JobStatus.Canceled}, status_message = 'canceled', end_time = $2,
             updated_at = now()
           WHERE id = $1 AND status = ${JobStatus.Ready} AND deleted_at IS NULL
           RETURNING *)
         ${changedJob('canceled')}`,
        [id, at],
      );
      if (rows.length > 0) return toJob(rows[0]);
      return (await exists(m, 'id = $1', [id])) ? 'not-cancellable' : 'not-found';
    });
  }

  async start(clientId: string, id: number, at: Date): Promise<StartOutcome> {
    try {
      return await this.db.transaction(async (m): Promise<StartOutcome> => {
        const when = param(at);
        const { text, values } = sql`
          WITH started AS (
            UPDATE collection_jobs SET status = ${raw(JobStatus.Running)}, start_time = ${when},
              progressed_at = ${when}, updated_at = now()
            WHERE id = ${id} AND client_id = ${clientId} AND status = ${raw(JobStatus.Ready)}
              AND deleted_at IS NULL
            RETURNING *)
          ${raw(changedJob('started'))}`.toQuery();
        const rows: Row[] = await m.query(text, values);
        if (rows.length > 0) return toJob(rows[0]);
        return (await exists(m, 'id = $1 AND client_id = $2', [id, clientId])) ? 'not-ready' : 'not-found';
      });
    } catch (error) {
      // The unique index, not a prior read, decides: two starts racing for one client cannot both win. The failed
      // transaction has been rolled back by then, so nothing else is lost.
      if (pgConstraint(error) === ONE_RUNNING) return 'busy';
      throw error;
    }
  }

  end(clientId: string, report: JobEnd, at: Date): Promise<Job | null> {
    return this.db.transaction(async (m) => {
      const results = report.domainResults;
      const when = param(at);
      // The job and all its domain results in one statement: unnest turns the column arrays into rows (a
      // data-modifying CTE runs to completion whether or not the outer query reads it).
      const { text, values } = sql`
        WITH ended AS (
          UPDATE collection_jobs SET status = ${report.status}, status_message = ${report.message},
            log_path = ${report.logPath}, end_time = ${when}, progressed_at = ${when}, updated_at = now()
          WHERE client_id = ${clientId} AND status = ${raw(JobStatus.Running)} AND deleted_at IS NULL
          RETURNING id),
        results AS (
          INSERT INTO collection_domain_results (job_id, domain_name, success, message, ${COUNT_COLUMNS})
          SELECT ended.id, u.* FROM ended, unnest(${results.map((r) => r.domainName)}::text[],
            ${results.map((r) => r.success)}::boolean[], ${results.map((r) => r.message)}::text[],
            ${countArrays(results, (r, count) => r.counts[count])}) AS u)
        SELECT id FROM ended`.toQuery();
      const [ended]: Row[] = await m.query(text, values);
      if (!ended) return null;
      const [row]: Row[] = await m.query(
        `SELECT j.*, ${domainResults('j')} AS domain_results FROM (${JOB_RECORDS}) j WHERE j.id = $1`, [ended.id],
      );
      return toJob(row);
    });
  }
}

/** The ORDER BY of a page: the query's terms, then the listings' tie-breaker (id), as applyListQuery appends it. */
function pageOrder(query: ListQuery): SortSpec[] {
  const order = [...query.sort];
  for (const term of JOB_LIST.defaultSort) if (!order.some((seen) => seen.sql === term.sql)) order.push(term);
  return order;
}

/** The jobs a query and scope select: soft-deleted jobs only when the caller filters on deleted_at. */
function matching(m: EntityManager, query: ListQuery, scope: JobScope): SelectQueryBuilder<Row> {
  const qb = m.createQueryBuilder().from(`(${JOB_RECORDS})`, 'j');
  if (!query.filters.some((predicate) => predicate.column === 'deleted_at')) qb.andWhere('j.deleted_at IS NULL');
  if (scope.clientId !== undefined) qb.andWhere('j.client_id = :scope_client', { scope_client: scope.clientId });
  if (scope.states === 'finished') qb.andWhere(`j.status BETWEEN ${JobStatus.Complete} AND ${JobStatus.PartiallyComplete}`);
  if (scope.states === 'ready') qb.andWhere(`j.status = ${JobStatus.Ready}`);
  return qb;
}

async function exists(m: EntityManager, where: string, params: unknown[]): Promise<boolean> {
  const rows: Row[] = await m.query(`SELECT 1 FROM collection_jobs WHERE ${where} AND deleted_at IS NULL`, params);
  return rows.length > 0;
}


function toJob(row: Row): Job {
  return {
    id: Number(row.id),
    clientId: String(row.client_id),
    clientName: String(row.client_name),
    eventId: row.event_id === null ? null : Number(row.event_id),
    eventTitle: String(row.event_title),
    executionTime: dateOf(row.execution_time),
    startTime: optionalDate(row.start_time),
    endTime: optionalDate(row.end_time),
    lastIngest: optionalDate(row.last_ingest),
    status: Number(row.status) as JobStatusValue,
    statusMessage: String(row.status_message),
    domainController: String(row.domain_controller),
    logPath: String(row.log_path),
    ...flagsOf(row),
    ous: row.ous as string[],
    domains: row.domains as string[],
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
    domainResults: (row.domain_results as Row[]).map(toDomainResult),
  };
}

function toDomainResult(row: Row): DomainResult {
  const counts = Object.fromEntries(DOMAIN_RESULT_COUNTS.map((count) => [count, Number(row[count])])) as Record<DomainResultCount, number>;
  return {
    id: Number(row.id),
    jobId: Number(row.job_id),
    domainName: String(row.domain_name),
    success: Boolean(row.success),
    message: String(row.message),
    counts,
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}
