import { defineConfigSlice } from '@app/platform';

/** The datapipe's pace and the sample data. */
export class AnalysisConfig {
  /** Seconds between datapipe ticks (DATAPIPE_INTERVAL); 0 runs no background ticks (tests drive it by hand). */
  readonly datapipeIntervalSeconds: number;
  /**
   * Ingest the bundled sample data at start (SAMPLE_DATA). Unset: only on the very first start of an embedded
   * database (decided where the database is created).
   */
  readonly sampleData: boolean | undefined;
  /** HasSession edges last seen longer ago than this many days leave the graph at each analysis (SESSION_MAX_AGE_DAYS); 0: never. */
  readonly sessionMaxAgeDays: number;
  /** Keep posture rows this many days (POSTURE_RETENTION_DAYS); 0: forever. */
  readonly postureRetentionDays: number;
}

export const analysisConfigSlice = defineConfigSlice(AnalysisConfig, (env) => ({
  datapipeIntervalSeconds: env.integer('DATAPIPE_INTERVAL', 5, 0, 3600),
  sampleData: env.boolean('SAMPLE_DATA'),
  sessionMaxAgeDays: env.integer('SESSION_MAX_AGE_DAYS', 3, 0, 36_500),
  postureRetentionDays: env.integer('POSTURE_RETENTION_DAYS', 365, 0, 36_500),
}));
