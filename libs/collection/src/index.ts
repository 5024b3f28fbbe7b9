export { CollectionModule } from './collection.module.js';
export { collectionConfigSlice } from './collection-config.js';
export { JobIngestLog } from './application/ports.js';
export { Scheduler } from './application/scheduler.js';
export { JobStatus, type JobStatusValue } from './domain/job-status.js';
export { CollectionSchema1732240000600 } from './infrastructure/migrations/1732240000600-collection-schema.js';
export {
  CollectionIssuerAddresses1732240001170,
} from './infrastructure/migrations/1732240001170-collection-issuer-addresses.js';
