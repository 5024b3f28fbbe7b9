import { Injectable } from '@nestjs/common';
import { Database, param, raw, sql, type Row } from '@app/platform';
import { JobIngestLog } from '../application/ports.js';
import { JobStatus } from '../domain/job-status.js';
import { DOMAIN_RESULT_COUNTS, type DomainResultCount } from '../domain/records.js';
import { COUNT_COLUMNS, countArrays } from './pg-rows.js';

/** JobIngestLog on collection_jobs and collection_domain_results; each call one statement. */
@Injectable()
export class PgJobIngestLog extends JobIngestLog {
  constructor(private readonly db: Database) {
    super();
  }

  async runningJobId(clientId: string): Promise<number | null> {
    const rows = await this.db.query<Row>(
      `SELECT id FROM collection_jobs WHERE client_id = $1 AND status = ${JobStatus.Running} AND deleted_at IS NULL`,
      [clientId], { readOnly: true },
    );
    return rows.length > 0 ? Number(rows[0].id) : null;
  }

  async touchIngest(jobId: number, at: Date): Promise<boolean> {
    const when = param(at);
    const { text, values } = sql`
      WITH touched AS (
        UPDATE collection_jobs SET last_ingest = ${when}, progressed_at = ${when}, updated_at = now()
        WHERE id = ${jobId} AND status = ${raw(JobStatus.Running)} AND deleted_at IS NULL RETURNING id)
      SELECT id FROM touched`.toQuery();
    const rows = await this.db.query<Row>(text, values);
    return rows.length > 0;
  }

  async addDomainCounts(jobId: number, given: Record<string, Record<DomainResultCount, number>>): Promise<void> {
    const counts = withoutNulNames(given);
    const domains = Object.keys(counts);
    if (domains.length === 0) return;
    const added = raw(DOMAIN_RESULT_COUNTS.map((count) => `${count} = r.${count} + i.${count}`).join(', '));
    const job = param(jobId);
    // Existing results of a domain are added to; the domains left over get a new result.
    const { text, values } = sql`
      WITH input AS (
        SELECT * FROM unnest(${domains}::text[], ${countArrays(domains, (domain, count) => counts[domain][count] ?? 0)})
          AS u(domain_name, ${COUNT_COLUMNS})),
      updated AS (
        UPDATE collection_domain_results r SET ${added}, updated_at = now()
        FROM input i
        WHERE r.job_id = ${job} AND r.deleted_at IS NULL AND upper(r.domain_name) = upper(i.domain_name)
        RETURNING upper(i.domain_name) AS domain_name)
      INSERT INTO collection_domain_results (job_id, domain_name, success, message, ${COUNT_COLUMNS})
      SELECT ${job}, i.domain_name, true, '', ${raw(DOMAIN_RESULT_COUNTS.map((count) => `i.${count}`).join(', '))}
      FROM input i WHERE upper(i.domain_name) NOT IN (SELECT domain_name FROM updated)`.toQuery();
    await this.db.query(text, values);
  }
}

/**
 * The counts by domain names without NUL characters (text[] cannot hold them; the parsers keep them out already,
 * this is the last line of defence), the counts of names that then coincide added up.
 */
function withoutNulNames(
  counts: Record<string, Record<DomainResultCount, number>>,
): Record<string, Record<DomainResultCount, number>> {
  if (!Object.keys(counts).some((domain) => domain.includes('\u0000'))) return counts;
  const clean: Record<string, Record<DomainResultCount, number>> = {};
  for (const [domain, byCount] of Object.entries(counts)) {
    const name = domain.replaceAll('\u0000', '');
    const into = (clean[name] ??= Object.fromEntries(DOMAIN_RESULT_COUNTS.map((count) => [count, 0])) as Record<DomainResultCount, number>);
    for (const count of DOMAIN_RESULT_COUNTS) into[count] += byCount[count] ?? 0;
  }
  return clean;
}
