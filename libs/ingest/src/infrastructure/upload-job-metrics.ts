import { Injectable } from '@nestjs/common';
import { JobStatus } from '@app/collection';
import { Database, Metrics } from '@app/platform';

/** `PartiallyComplete` → `partially_complete`: label values in Prometheus' usual case. */
const statusLabel = (name: string) => name.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();

/**
 * File upload jobs by status (`pathwarden_upload_jobs{status}`), counted at scrape time in one statement over the
 * status index; every status is reported, 0 included, so a series never vanishes.
 */
@Injectable()
export class UploadJobMetrics {
  constructor(metrics: Metrics, db: Database) {
    metrics.gaugeAtScrape('pathwarden_upload_jobs', 'File upload jobs by status (deleted ones excluded)', ['status'], async () => {
      const rows = await db.query<{ status: number; count: number }>(
        'SELECT status, count(*)::int AS count FROM ingest_jobs WHERE deleted_at IS NULL GROUP BY status', [], { readOnly: true },
      );
      const counts = new Map(rows.map((row) => [Number(row.status), row.count]));
      return Object.entries(JobStatus).map(([name, value]) => ({ labels: { status: statusLabel(name) }, value: counts.get(value) ?? 0 }));
    });
  }
}
