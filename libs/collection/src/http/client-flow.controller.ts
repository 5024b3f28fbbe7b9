import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, EnterpriseOnly, Permissions, type Principal, type RawQuery,
  RequirePermission,
} from '@app/platform';
import { ClientFlow } from '../application/client-flow.js';
import { AVAILABLE_JOB_LIST, parseJobListQuery } from '../application/job-list-spec.js';
import { Hydrated, readHydration } from './hydration.params.js';
import {
  CheckInDto, EndJobDto, MAX_DOMAIN_NAME_LENGTH, MAX_DOMAIN_RESULTS, MAX_MESSAGE_LENGTH, MAX_REPORTED_LENGTH,
  readCheckInBody, readEndBody, readStartBody, StartJobDto,
} from './job-bodies.js';
import { presentJobs } from './job-pages.js';
import { presentClient } from './presenters.js';
import { ClientView, JobView } from './views.js';

/** The calling collection client; users get 404 here, as on every client-only route of the reference. */
function callingClient(principal: Principal): string {
  if (principal.via !== 'client' || principal.clientId === undefined) throw ApiError.notFound();
  return principal.clientId;
}

/**
 * What a collection client does, signed with its own token: check in, see its READY jobs and its running one,
 * start a job, end it with its results. Registered first in the module, so `clients/update`, `jobs/available` and
 * `jobs/current` are not taken for a client id or a job id.
 */
@ApiTags('Client flow')
// Only a signed request with a client token (POST /api/v2/clients answers its id and key) reaches these routes.
@ApiSecurity('signature')
@EnterpriseOnly()
@RequirePermission(Permissions.ClientsTasking)
@Controller()
export class ClientFlowController {
  constructor(private readonly flow: ClientFlow) {}

  @Put('clients/update')
  @ApiOperation({
    summary: 'Check in: the client reports its address, hostname, version, user and user SID',
    description: 'Keys match without regard to case; address may be sent as ip_address, usersid as user_sid. ' +
      `Each at most ${MAX_REPORTED_LENGTH} characters. Fields left out keep their value; last_checkin becomes now. ` +
      'Client-only: users get 404.',
  })
  @ApiBody({ type: CheckInDto, required: false })
  @Hydrated('of events and jobs')
  @ApiOkResponse({ type: ClientView, description: '`{"data": Client}`' })
  @ApiErrors(400, 401, 403, 404)
  async checkIn(@Body() body: unknown, @Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const clientId = callingClient(principal);
    const hydration = readHydration(query);
    const read = await this.flow.checkIn(clientId, readCheckInBody(body), hydration);
    return data(presentClient(read.clients[0], read, { hydration, objects: read.objects }));
  }

  @Get('jobs/available')
  @ApiOperation({
    summary: 'The calling client\'s READY jobs, next due first',
    description: 'Not paginated (at most 1000 jobs). Takes the job filters (without id), sort_by and ' +
      'hydrate_ous / hydrate_domains of GET /api/v2/tasks/available. Client-only: users get 404.',
  })
  @ApiQuery({ name: 'sort_by', required: false, isArray: true, description: 'repeatable; `-` prefix for descending' })
  @Hydrated()
  @ApiOkResponse({ description: '`{"data": [Job]}`' })
  @ApiErrors(400, 401, 403, 404)
  async available(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const clientId = callingClient(principal);
    const parsed = parseJobListQuery(AVAILABLE_JOB_LIST, query);
    const hydration = readHydration(query);
    return data(presentJobs(await this.flow.available(clientId, parsed, hydration), hydration));
  }

  @Get('jobs/current')
  @ApiOperation({ summary: 'The calling client\'s RUNNING job (404 when none)', description: 'Client-only: users get 404.' })
  @Hydrated()
  @ApiOkResponse({ type: JobView, description: '`{"data": Job}`' })
  @ApiErrors(401, 403, 404)
  async current(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const clientId = callingClient(principal);
    const hydration = readHydration(query);
    return data(presentJobs(await this.flow.current(clientId, hydration), hydration)[0]);
  }

  @Post('jobs/start')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start one of the calling client\'s READY jobs',
    description: 'The job becomes RUNNING with start_time now. Another client\'s job or an unknown id: 404. A job ' +
      'that is not READY: 400 `job is not ready to start`. A client runs one job at a time: while one runs, 400 ' +
      '`the client is already running a job: end it before starting another`. Client-only: users get 404.',
  })
  @ApiBody({ type: StartJobDto })
  @Hydrated()
  @ApiOkResponse({ type: JobView, description: '`{"data": Job}`' })
  @ApiErrors(400, 401, 403, 404)
  async start(@Body() body: unknown, @Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const clientId = callingClient(principal);
    const id = readStartBody(body);
    if (id === null) throw ApiError.notFound();
    const hydration = readHydration(query);
    return data(presentJobs(await this.flow.start(clientId, id, hydration), hydration)[0]);
  }

  @Post('jobs/end')
  @HttpCode(200)
  @ApiOperation({
    summary: 'End the calling client\'s RUNNING job',
    description: 'status COMPLETE or FAILED (any case; 2 or 5), else 400 `invalid status`. message becomes ' +
      `status_message; log_path and domain_results (at most ${MAX_DOMAIN_RESULTS}, each with a domain_name) are ` +
      `stored with the job, end_time now. message, log_path and a result's message: at most ${MAX_MESSAGE_LENGTH} ` +
      `characters; domain_name at most ${MAX_DOMAIN_NAME_LENGTH}. No RUNNING job: 404. Client-only: users get 404.`,
  })
  @ApiBody({ type: EndJobDto })
  @Hydrated()
  @ApiOkResponse({ type: JobView, description: '`{"data": Job}` with its domain_results' })
  @ApiErrors(400, 401, 403, 404)
  async end(@Body() body: unknown, @Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const clientId = callingClient(principal);
    const report = readEndBody(body);
    const hydration = readHydration(query);
    return data(presentJobs(await this.flow.end(clientId, report, hydration), hydration)[0]);
  }
}
