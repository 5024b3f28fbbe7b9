import { paginated, type ListQuery } from '@app/platform';
import type { JobPageRead, JobsRead } from '../application/job-queries.js';
import type { Hydration } from '../application/references.js';
import { presentJob } from './presenters.js';
import type { JobView } from './views.js';

// What the controllers that answer Jobs (JobsController, ClientFlowController) share.

/** The Jobs of an answer, hydrated as asked. */
export function presentJobs(read: JobsRead, hydration: Hydration): JobView[] {
  return read.jobs.map((job) => presentJob(job, { hydration, objects: read.objects }));
}

/** A paginated listing of Jobs: `{count, skip, limit, data}`. */
export function presentJobPage(read: JobPageRead, query: ListQuery, hydration: Hydration) {
  return paginated(presentJobs(read, hydration), { count: read.count, skip: query.skip, limit: query.limit });
}
