import type { NewPostureStat } from '@app/posture';

/** What one post-processing step did. */
export interface StepReport {
  step: string;
  /** Rows the step created or changed (edges added, nodes fixed, ...). */
  changed: number;
}

/**
 * Post-processing (ingest-reference §5 steps 1-11) over the whole graph, in order, in one transaction: readers
 * see the derived edges of the previous run until the new ones are committed. Repeatable: every post-processed
 * edge is deleted and recomputed. Implemented in set-based SQL for the PostgreSQL graph.
 */
export abstract class PostProcessing {
  abstract run(): Promise<StepReport[]>;
}

/**
 * Posture figures of the Tier Zero zone, one row per collected domain (README "Posture statistics" defines
 * exposure index and critical risk count). Read after tagging.
 */
export abstract class PostureCalculator {
  abstract compute(tierZeroTagId: number): Promise<NewPostureStat[]>;
}
