import { Injectable, Logger } from '@nestjs/common';
import { GraphLifecycle } from '@app/graph';
import { IngestWork } from '@app/ingest';
import { PostureWriter } from '@app/posture';
import { Clock } from '@app/platform';
import { AnalysisConfig } from '../analysis-config.js';

const DAY_MS = 86_400_000;

/** A retention sweep runs at most this often on one instance (deletes are idempotent, so instances may overlap). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What leaves the graph and the database over time (issue 18, README "What leaves the graph"):
 *
 * - before each analysis, under its lock: the graph is reconciled with the collections that finished since the last
 *   one (IngestWork.reconcile), and HasSession edges older than SESSION_MAX_AGE_DAYS leave; the analysis that follows
 *   then recomputes every derived edge, so those that depended on them go too;
 * - on the datapipe's ticks, at most hourly: failed uploads' kept bytes, ended upload jobs and posture rows past
 *   their retention.
 */
@Injectable()
export class DataLifecycle {
  private readonly logger = new Logger('DataLifecycle');
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly ingestWork: IngestWork,
    private readonly graph: GraphLifecycle,
    private readonly posture: PostureWriter,
    private readonly config: AnalysisConfig,
    private readonly clock: Clock,
  ) {}

  async beforeAnalysis(jobIds: number[]): Promise<void> {
    await this.ingestWork.reconcile(jobIds);
    const { sessionMaxAgeDays } = this.config;
    if (sessionMaxAgeDays === 0) return;
    const aged = await this.graph.removeSessionsSeenBefore(new Date(this.clock.now().getTime() - sessionMaxAgeDays * DAY_MS));
    if (aged > 0) this.logger.log(`${aged} sessions last seen over ${sessionMaxAgeDays} days ago removed`);
  }

  /** The retention sweep, when the last one on this instance is an hour old; a failure is logged, never thrown. */
  async sweepIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < RETENTION_SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    await this.sweep();
  }

  /** The retention sweep now (operators' and tests' entry); a failure is logged, never thrown. */
  async sweep(): Promise<void> {
    try {
      const { uploads, jobs } = await this.ingestWork.sweepRetention();
      const { postureRetentionDays } = this.config;
      const posture = postureRetentionDays === 0
        ? 0 : await this.posture.removeBefore(new Date(this.clock.now().getTime() - postureRetentionDays * DAY_MS));
      if (uploads + jobs + posture > 0) {
        this.logger.log(`retention: ${uploads} failed uploads, ${jobs} upload jobs and ${posture} posture rows deleted`);
      }
    } catch (error) {
      this.logger.warn(`retention sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
