import { Injectable } from '@nestjs/common';
import { Database, dateOf, param, raw, sql, type Row, type Sql } from '@app/platform';
import type { DueRun } from '../domain/schedule.js';
import { JobStatus } from '../domain/job-status.js';
import { ScheduleStore, type DueEvent, type EmissionBatch } from '../application/schedule-ports.js';
import { FLAG_COLUMNS } from './pg-rows.js';


/** What a job copies from its event besides the title: the collection flags and the scope. */
const COPIED = [...FLAG_COLUMNS, 'ous', 'domains'];

/**
 * The scheduler's statements. An emission batch is three statements in one transaction whatever its size: claim
 * (FOR UPDATE SKIP LOCKED), insert the jobs, move next_scheduled_at. Exactly one job per occurrence rests on the
 * constraint collection_jobs_one_per_occurrence, not on the locks: a scheduler that read an event before another
 * committed it can only try to insert a job that exists, and ON CONFLICT DO NOTHING drops it.
 */
@Injectable()
export class PgScheduleStore extends ScheduleStore {
  constructor(private readonly db: Database) {
    super();
  }

  emitDue(now: Date, limit: number, plan: (event: DueEvent) => DueRun | null): Promise<EmissionBatch> {
    return this.db.transaction(async (m) => {
      // Events of deleted clients are left out (their events are deleted with them; this covers the moment between).
      const due: Row[] = await m.query(
        `SELECT e.id, e.rrule, e.next_scheduled_at
         FROM collection_events e
         JOIN collection_clients c ON c.id = e.client_id AND c.deleted_at IS NULL
         WHERE e.deleted_at IS NULL AND e.next_scheduled_at <= $1
         ORDER BY e.next_scheduled_at, e.id
         LIMIT $2
         FOR UPDATE OF e SKIP LOCKED`,
        [now, limit],
      );
      if (due.length === 0) return { claimed: 0, emitted: 0 };

      const ids: number[] = [];
      const occurrences: (Date | null)[] = [];
      const nexts: (Date | null)[] = [];
      for (const row of due) {
        const event = { id: Number(row.id), rrule: String(row.rrule), nextScheduledAt: dateOf(row.next_scheduled_at) };
        const run = plan(event);
        if (run === null) continue;
        ids.push(event.id);
        occurrences.push(run.occurrence);
        nexts.push(run.next);
      }

      // The job copies the event as it is now, and the client's domain controller.
      const at = param(now);
      const { text, values } = sql`
        INSERT INTO collection_jobs
          (client_id, event_id, event_title, execution_time, status, domain_controller, created_at, updated_at,
           ${raw(COPIED.join(', '))})
        SELECT e.client_id, e.id, e.title, o.at, ${JobStatus.Ready}, coalesce(c.domain_controller, ''), ${at}, ${at},
               ${raw(COPIED.map((column) => `e.${column}`).join(', '))}
        FROM unnest(${ids}::int[], ${occurrences}::timestamptz[]) AS o(event_id, at)
        JOIN collection_events e ON e.id = o.event_id
        JOIN collection_clients c ON c.id = e.client_id
        WHERE o.at IS NOT NULL
        ON CONFLICT ON CONSTRAINT collection_jobs_one_per_occurrence DO NOTHING
        RETURNING id`.toQuery();
      const inserted: Row[] = await m.query(text, values);
      await m.query(
        `UPDATE collection_events e SET next_scheduled_at = o.next
         FROM unnest($1::int[], $2::timestamptz[]) AS o(id, next)
         WHERE e.id = o.id`,
        [ids, nexts],
      );
      return { claimed: due.length, emitted: inserted.length };
    });
  }

  timeOutReady(now: Date, before: Date, message: string): Promise<number> {
    return this.timeOut(now, message, sql`status = ${raw(JobStatus.Ready)} AND execution_time < ${before}`);
  }

  timeOutRunning(now: Date, before: Date, message: string): Promise<number> {
    return this.timeOut(now, message, sql`status = ${raw(JobStatus.Running)}
      AND coalesce(progressed_at, start_time, execution_time) < ${before}`);
  }

  private async timeOut(now: Date, message: string, condition: Sql): Promise<number> {
    const at = param(now);
    const { text, values } = sql`
      WITH timed_out AS (
        UPDATE collection_jobs SET status = ${raw(JobStatus.TimedOut)}, status_message = ${message}, end_time = ${at},
          updated_at = ${at}
        WHERE deleted_at IS NULL AND ${condition}
        RETURNING 1)
      SELECT count(*)::int AS n FROM timed_out`.toQuery();
    const [row] = await this.db.query<Row>(text, values);
    return Number(row.n);
  }
}
