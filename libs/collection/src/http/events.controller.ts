import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBody, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags, getSchemaPath,
} from '@nestjs/swagger';
import {
  ApiErrors, data, EnterpriseOnly, IntId, paginated, parseListQuery, Permissions, type RawQuery, RequirePermission,
} from '@app/platform';
import { EventCommands } from '../application/event-commands.js';
import { EVENT_LIST } from '../application/event-list-spec.js';
import { EventQueries } from '../application/event-queries.js';
import type { Hydration } from '../application/references.js';
import type { CollectionEvent } from '../domain/records.js';
import { EventBodyDto, readEventBody } from './event-bodies.js';
import { Hydrated, readHydration } from './hydration.params.js';
import { presentEvent } from './presenters.js';
import { EventView } from './views.js';

class EventPageView {
  @ApiProperty() count: number;
  @ApiProperty() skip: number;
  @ApiProperty() limit: number;
  @ApiProperty({ type: [EventView] }) data: EventView[];
}

const EVENT_ID = 'event_id';
const eventData = { schema: { properties: { data: { $ref: getSchemaPath(EventView) } } } };
const CHECKS =
  'Checks, in order: hydrate_ous and hydrate_domains (they shape the answer, as on GET); the body is a JSON object; ' +
  'its fields have their types (client_id a uuid, title and rrule strings, the flags booleans, ous and domains ' +
  'arrays of at most 1000 objectids); client_id is given (POST); at least one data collection flag; at most one of ' +
  'ous, domains, all_trusted_domains; the rrule; the client exists (404). rrule: RFC 5545 RRULE with an optional UTC ' +
  'DTSTART (default now, to the second), at most hourly (FREQ HOURLY at the finest, one BYMINUTE and one BYSECOND ' +
  'value, occurrences at least an hour apart), COUNT or UNTIL allowed, first occurrence within 5 years, at most ' +
  '20000 periods of FREQ × INTERVAL to evaluate; absent or "" runs once, now. The stored rule is normalised and ' +
  'always carries its DTSTART. next_scheduled_at is the first occurrence from now on.';

/** Collection events (enterprise): a client's schedules, which the scheduler turns into jobs. */
@ApiTags('Events (Schedules)')
@ApiExtraModels(EventView)
@Controller('events')
@EnterpriseOnly()
export class EventsController {
  constructor(private readonly queries: EventQueries, private readonly commands: EventCommands) {}

  @Get()
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({
    summary: 'List events',
    description:
      'Paginated (limit default 100, at most 1000), by id unless sort_by says otherwise. Filters: id (integers); ' +
      'client_id (uuid); rrule, title (strings: eq, neq, ~eq); next_scheduled_at, created_at, updated_at, deleted_at ' +
      '(timestamps); session_collection, local_group_collection, ad_structure_collection, cert_services_collection, ' +
      'ca_registry_collection, dc_registry_collection, all_trusted_domains (booleans). sort_by: next_scheduled_at, id, ' +
      'title, created_at, updated_at, deleted_at. Deleted events appear only when deleted_at is filtered on.',
  })
  @Hydrated()
  @ApiQuery({ name: 'sort_by', required: false, isArray: true, description: 'repeatable; `-` prefix for descending' })
  @ApiQuery({ name: 'skip', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 100, at most 1000' })
  @ApiOkResponse({ type: EventPageView })
  @ApiErrors(400, 401, 403, 404)
  async list(@Query() query: RawQuery) {
    const parsed = parseListQuery(EVENT_LIST, query);
    const hydration = readHydration(query);
    const page = await this.queries.list(parsed, hydration);
    const context = { hydration, objects: page.objects };
    return paginated(page.items.map((event) => presentEvent(event, context)), { count: page.count, skip: parsed.skip, limit: parsed.limit });
  }

  @Post()
  @HttpCode(200)
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({ summary: 'Create an event', description: `Answers 200 with the event. ${CHECKS}` })
  @Hydrated()
  @ApiBody({ type: EventBodyDto })
  @ApiOkResponse(eventData)
  @ApiErrors(400, 401, 403, 404)
  async create(@Body() body: unknown, @Query() query: RawQuery) {
    const hydration = readHydration(query);
    return this.present(await this.commands.create(readEventBody(body, true)), hydration);
  }

  @Get(`:${EVENT_ID}`)
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({ summary: 'Get an event' })
  @Hydrated()
  @ApiOkResponse(eventData)
  @ApiErrors(400, 401, 403, 404)
  async get(@IntId(EVENT_ID) id: number, @Query() query: RawQuery) {
    const hydration = readHydration(query);
    const found = await this.queries.get(id, hydration);
    return data(presentEvent(found.event, { hydration, objects: found.objects }));
  }

  @Put(`:${EVENT_ID}`)
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({
    summary: 'Replace an event',
    description:
      'Every field is replaced (absent ones take their defaults); an absent client_id keeps the client, a given one ' +
      'moves the event to that client. The schedule is planned again only when the rule changes: the same RRULE ' +
      'without a DTSTART, or the stored text, keeps the stored DTSTART and next_scheduled_at. The event must exist ' +
      `(404) before the rule and the client are checked. ${CHECKS}`,
  })
  @Hydrated()
  @ApiBody({ type: EventBodyDto })
  @ApiOkResponse(eventData)
  @ApiErrors(400, 401, 403, 404)
  async update(@IntId(EVENT_ID) id: number, @Body() body: unknown, @Query() query: RawQuery) {
    const hydration = readHydration(query);
    return this.present(await this.commands.update(id, readEventBody(body, false)), hydration);
  }

  @Delete(`:${EVENT_ID}`)
  @HttpCode(204)
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({
    summary: 'Delete an event',
    description: 'Soft-deletes the event and removes its READY jobs; RUNNING jobs finish, finished jobs stay. No body.',
  })
  @ApiNoContentResponse({ description: 'No body' })
  @ApiErrors(400, 401, 403, 404)
  async remove(@IntId(EVENT_ID) id: number): Promise<void> {
    await this.commands.delete(id);
  }

  /** A written event as the jobs' writes answer theirs: hydrated as the request's hydrate_ous/hydrate_domains say. */
  private async present(event: CollectionEvent, hydration: Hydration) {
    const found = await this.queries.withObjects(event, hydration);
    return data(presentEvent(found.event, { hydration, objects: found.objects }));
  }
}
