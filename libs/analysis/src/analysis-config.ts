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
}

export const analysisConfigSlice = defineConfigSlice(AnalysisConfig, (env) => ({
  datapipeIntervalSeconds: env.integer('DATAPIPE_INTERVAL', 5, 0, 3600),
  sampleData: env.boolean('SAMPLE_DATA'),
}));
