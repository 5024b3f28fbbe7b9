import { defineConfigSlice } from '@app/platform';

/** Collector files and manifests, and the scheduler's pace and timeouts. */
export class CollectionConfig {
  /** Collector releases served by /api/v2/collectors (COLLECTORS_DIR): `<dir>/<type>/<type>-vX.Y.Z.zip` + `.sha256`. */
  readonly collectorsDir: string;
  /** The community collector manifest to serve (KENNEL_MANIFEST); unset: the bundled one. */
  readonly kennelManifestPath: string | undefined;
  /** Seconds between scheduler ticks (SCHEDULER_INTERVAL); 0 runs no background ticks (tests tick by hand). */
  readonly schedulerIntervalSeconds: number;
  /** A READY job not taken within this many seconds of its execution time times out (JOB_READY_TIMEOUT). */
  readonly jobReadyTimeoutSeconds: number;
  /** A RUNNING job with no sign of progress for this many seconds times out (JOB_RUNNING_TIMEOUT). */
  readonly jobRunningTimeoutSeconds: number;
}

export const collectionConfigSlice = defineConfigSlice(CollectionConfig, (env) => ({
  collectorsDir: env.path('COLLECTORS_DIR', './collectors'),
  kennelManifestPath: env.path('KENNEL_MANIFEST'),
  schedulerIntervalSeconds: env.integer('SCHEDULER_INTERVAL', 30, 0, 3600),
  jobReadyTimeoutSeconds: env.integer('JOB_READY_TIMEOUT', 86_400, 60, 31_536_000),
  jobRunningTimeoutSeconds: env.integer('JOB_RUNNING_TIMEOUT', 43_200, 60, 31_536_000),
}));
