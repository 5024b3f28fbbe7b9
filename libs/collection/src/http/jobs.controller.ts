import { applyDecorators, Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, Deprecated, EnterpriseOnly, Int64Id, Permissions, type Principal,
  type RawQuery, RequirePermission, UuidId,
} from '@app/platform';
import { JobCommands } from '../application/job-commands.js';
import {
  AVAILABLE_JOB_LIST, COMPLETED_JOB_LIST, JOB_LIST, parseJobListQuery,
} from '../application/job-list-spec.js';
import { JobQueries } from '../application/job-queries.js';
import { Hydrated, readHydration } from './hydration.params.js';
import { AdHocJobDto, readAdHocJobBody } from './job-bodies.js';
import { presentJobPage, presentJobs } from './job-pages.js';
import { DomainReferenceView, JobLogView, JobView, OuReferenceView } from './views.js';

const JOB_FILTERS =
  'Filters: created_at, updated_at, deleted_at, execution_time, start_time, end_time, last_ingest (timestamps); ' +
  'log_path, domain_controller, event_title (eq, neq, ~eq); status (eq, neq; a status name, any case, or number); ' +
  'session_collection, local_group_collection, ad_structure_collection, cert_services_collection, ' +
  'ca_registry_collection, dc_registry_collection, all_trusted_domains (booleans); event_id (integer); client_id ' +
  '(uuid). hydrate_ous / hydrate_domains=false show OUs / domains as bare objectids. Soft-deleted jobs appear only ' +
  'when deleted_at is filtered on.';
const SORT_BY = { name: 'sort_by', required: false, isArray: true, description: 'repeatable; `-` prefix for descending' };

/** skip and limit of the paginated listings. */
const Paged = () => applyDecorators(
  ApiQuery({ name: 'skip', required: false, type: Number }),
  ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 100, at most 1000' }),
);

const SORT_COLUMNS =
  'event_id, execution_time, status, start_time, end_time, log_path, domain_controller, event_title, last_ingest, ' +
  'id, created_at, updated_at, deleted_at';

/** A path job id as the store's number; an int64 beyond 2^53 names no job that can exist. */
function jobId(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id)) throw ApiError.notFound();
  return id;
}

/**
 * Jobs as users see them: every job, the finished ones, one job and its log, cancelling, READY work, a client's
 * completed jobs (three paths, one deprecated) and ad-hoc jobs.
 */
@ApiTags('Jobs')
@ApiExtraModels(OuReferenceView, DomainReferenceView)
@EnterpriseOnly()
@Controller()
export class JobsController {
  constructor(private readonly queries: JobQueries, private readonly commands: JobCommands) {}

  @Get('jobs')
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({
    summary: 'List jobs of every client',
    description: `Paginated (limit default 100, at most 1000), id ascending by default. ${JOB_FILTERS} Also id ` +
      `(integer). sort_by: ${SORT_COLUMNS}, client_name.`,
  })
  @ApiQuery(SORT_BY)
  @Hydrated()
  @Paged()
  @ApiOkResponse({ description: '`{count, skip, limit, data: [Job]}`' })
  @ApiErrors(400, 401, 403, 404)
  async list(@Query() query: RawQuery) {
    const parsed = parseJobListQuery(JOB_LIST, query);
    const hydration = readHydration(query);
    return presentJobPage(await this.queries.list(parsed, hydration), parsed, hydration);
  }

  // Before jobs/:job_id, which would read "finished" as a malformed id.
  @Get('jobs/finished')
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({
    summary: 'List the finished jobs of every client',
    description: 'Jobs in states 2–8. Paginated (limit default 100, at most 1000), id ascending by default. ' +
      `${JOB_FILTERS} Also id (integer). sort_by: ${SORT_COLUMNS}, client_name.`,
  })
  @ApiQuery(SORT_BY)
  @Hydrated()
  @Paged()
  @ApiOkResponse({ description: '`{count, skip, limit, data: [Job]}`' })
  @ApiErrors(400, 401, 403, 404)
  async finished(@Query() query: RawQuery) {
    const parsed = parseJobListQuery(JOB_LIST, query);
    const hydration = readHydration(query);
    return presentJobPage(await this.queries.finished(parsed, hydration), parsed, hydration);
  }

  @Get('jobs/:job_id')
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({ summary: 'Get a job with its domain results' })
  @Hydrated()
  @ApiOkResponse({ type: JobView, description: '`{"data": Job}`' })
  @ApiErrors(400, 401, 403, 404)
  async get(@Int64Id('job_id') id: string, @Query() query: RawQuery) {
    const hydration = readHydration(query);
    return data(presentJobs(await this.queries.get(jobId(id), hydration), hydration)[0]);
  }

  @Get('jobs/:job_id/log')
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({
    summary: "A job's log",
    description: 'The run as the server recorded it, one line per event (due, start, last data, each domain\'s ' +
      'result, end); the collector\'s own log file stays on the client (log_path).',
  })
  @ApiOkResponse({ type: JobLogView, description: '`{"data": {"log": string}}`' })
  @ApiErrors(400, 401, 403, 404)
  async log(@Int64Id('job_id') id: string) {
    return data({ log: await this.queries.log(jobId(id)) });
  }

  @Put('jobs/:job_id/cancel')
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({
    summary: 'Cancel a READY job',
    description: 'The job becomes CANCELED (3) with end_time now. A job in any other state: 400.',
  })
  @Hydrated()
  @ApiOkResponse({ type: JobView, description: '`{"data": Job}`' })
  @ApiErrors(400, 401, 403, 404)
  async cancel(@Int64Id('job_id') id: string, @Query() query: RawQuery) {
    const hydration = readHydration(query);
    const job = await this.commands.cancel(jobId(id));
    return data(presentJobs(await this.queries.withObjects([job], hydration), hydration)[0]);
  }

  @Get('tasks/available')
  @RequirePermission(Permissions.ClientsTasking, Permissions.ClientsRead)
  @ApiOperation({
    summary: 'List READY jobs',
    description: 'A signed collection client sees its own READY jobs; a user with clients:Read sees every client\'s. ' +
      `Not paginated (skip and limit are ignored; at most 1000 jobs), next due first (execution_time, then id). ` +
      `${JOB_FILTERS} sort_by: ${SORT_COLUMNS}.`,
  })
  @ApiQuery(SORT_BY)
  @Hydrated()
  @ApiOkResponse({ description: '`{"data": [Job]}`' })
  @ApiErrors(400, 401, 403, 404)
  async available(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const parsed = parseJobListQuery(AVAILABLE_JOB_LIST, query);
    const hydration = readHydration(query);
    return data(presentJobs(await this.queries.available(readyScope(principal), parsed, hydration), hydration));
  }

  @Get(['clients/:client_id/completed-jobs', 'clients/:client_id/completed_jobs'])
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({
    summary: 'List the finished jobs of a client',
    description: 'Jobs in states 2–8. Paginated (limit default 100, at most 1000), id ascending by default. ' +
      `${JOB_FILTERS} Also id (integer). sort_by: ${SORT_COLUMNS}.`,
  })
  @ApiQuery(SORT_BY)
  @Hydrated()
  @Paged()
  @ApiOkResponse({ description: '`{count, skip, limit, data: [Job]}`' })
  @ApiErrors(400, 401, 403, 404)
  completedJobs(@UuidId('client_id') clientId: string, @Query() query: RawQuery) {
    return this.completed(clientId, query);
  }

  @Get('clients/:client_id/completed-tasks')
  @RequirePermission(Permissions.ClientsRead)
  @Deprecated('/api/v2/clients/{client_id}/completed_jobs')
  @ApiOperation({ summary: 'List the finished jobs of a client (deprecated twin of completed_jobs)' })
  @ApiQuery(SORT_BY)
  @Hydrated()
  @Paged()
  @ApiOkResponse({ description: '`{count, skip, limit, data: [Job]}`' })
  @ApiErrors(400, 401, 403, 404)
  completedTasks(@UuidId('client_id') clientId: string, @Query() query: RawQuery) {
    return this.completed(clientId, query);
  }

  @Post('clients/:client_id/jobs')
  @HttpCode(200)
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({
    summary: 'Ask a client for a collection run now (ad-hoc job)',
    description: 'A READY job with no event, execution_time now. At least one collection flag; at most one of ous, ' +
      'domains and all_trusted_domains (none: the client\'s own domain). domain_controller is trimmed, at most 255 ' +
      'characters; absent, null or blank: the client\'s.',
  })
  @ApiBody({ type: AdHocJobDto })
  @Hydrated()
  @ApiOkResponse({ type: JobView, description: '`{"data": Job}`' })
  @ApiErrors(400, 401, 403, 404)
  async createAdHoc(@UuidId('client_id') clientId: string, @Body() body: unknown, @Query() query: RawQuery) {
    const hydration = readHydration(query);
    const job = await this.commands.createAdHoc(clientId, readAdHocJobBody(body));
    return data(presentJobs(await this.queries.withObjects([job], hydration), hydration)[0]);
  }

  private async completed(clientId: string, query: RawQuery) {
    const parsed = parseJobListQuery(COMPLETED_JOB_LIST, query);
    const hydration = readHydration(query);
    return presentJobPage(await this.queries.completed(clientId, parsed, hydration), parsed, hydration);
  }
}

/** Whose READY jobs a caller sees: a client its own, a user with clients:Read everyone's, anyone else none (403). */
function readyScope(principal: Principal): string | undefined {
  if (principal.via === 'client' && principal.clientId !== undefined) return principal.clientId;
  if (principal.via !== 'client' && principal.permissions.has(Permissions.ClientsRead)) return undefined;
  throw ApiError.forbidden();
}
