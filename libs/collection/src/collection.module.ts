import { Module } from '@nestjs/common';
import { GraphModule } from '@app/graph';
import { ClientCommands } from './application/client-commands.js';
import { ClientFlow } from './application/client-flow.js';
import { ClientQueries } from './application/client-queries.js';
import { ClientSigningKeys } from './application/client-signing-keys.js';
import { CollectorFiles } from './application/collector-files.js';
import { CollectorReleases } from './application/collector-releases.js';
import { EventCommands } from './application/event-commands.js';
import { EventQueries } from './application/event-queries.js';
import { JobCommands } from './application/job-commands.js';
import { JobQueries } from './application/job-queries.js';
import { KennelManifest } from './application/kennel-manifest.js';
import { ClientStore, DirectoryObjects, EventStore, JobIngestLog, JobStore } from './application/ports.js';
import { References } from './application/references.js';
import { ScheduleStore } from './application/schedule-ports.js';
import { Scheduler } from './application/scheduler.js';
import { ClientFlowController } from './http/client-flow.controller.js';
import { ClientsController } from './http/clients.controller.js';
import { CollectorsController } from './http/collectors.controller.js';
import { EventsController } from './http/events.controller.js';
import { JobsController } from './http/jobs.controller.js';
import { FsCollectorFiles } from './infrastructure/fs-collector-files.js';
import { GraphDirectoryObjects } from './infrastructure/graph-directory-objects.js';
import { PgClientStore } from './infrastructure/pg-client.store.js';
import { PgEventStore } from './infrastructure/pg-event.store.js';
import { PgJobIngestLog } from './infrastructure/pg-job-ingest-log.js';
import { PgJobStore } from './infrastructure/pg-job.store.js';
import { PgScheduleStore } from './infrastructure/pg-schedule.store.js';

/**
 * Scheduled collection: clients (and their signing keys), events and the scheduler that turns them into jobs, the
 * client flow, job listings, and the collector manifests (both editions).
 */
@Module({
  imports: [GraphModule],
  // ClientFlowController first: its PUT clients/update and GET jobs/available|current must not be taken for a
  // clients/{client_id} or jobs/{job_id} route (Express matches in registration order).
  controllers: [ClientFlowController, ClientsController, EventsController, JobsController, CollectorsController],
  providers: [
    { provide: ClientStore, useClass: PgClientStore },
    { provide: EventStore, useClass: PgEventStore },
    { provide: JobStore, useClass: PgJobStore },
    { provide: JobIngestLog, useClass: PgJobIngestLog },
    { provide: ScheduleStore, useClass: PgScheduleStore },
    { provide: DirectoryObjects, useClass: GraphDirectoryObjects },
    { provide: CollectorFiles, useClass: FsCollectorFiles },
    References,
    ClientCommands,
    ClientQueries,
    ClientSigningKeys,
    ClientFlow,
    EventCommands,
    EventQueries,
    JobCommands,
    JobQueries,
    Scheduler,
    CollectorReleases,
    KennelManifest,
  ],
  exports: [JobStore, JobIngestLog, Scheduler],
})
export class CollectionModule {}
