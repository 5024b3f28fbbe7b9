import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags, getSchemaPath,
} from '@nestjs/swagger';
import {
  ApiErrors, data, EnterpriseOnly, paginated, parseListQuery, Permissions, type RawQuery, RequirePermission, UuidId,
} from '@app/platform';
import { ClientCommands } from '../application/client-commands.js';
import { CLIENT_LIST } from '../application/client-list-spec.js';
import { ClientQueries, type ClientsWithRelations } from '../application/client-queries.js';
import { HYDRATE_ALL } from '../application/references.js';
import { CreateClientDto, readCreateClientBody, readUpdateClientBody, UpdateClientDto } from './client-bodies.js';
import { Hydrated, readHydration } from './hydration.params.js';
import { presentClient, presentClientToken, type PresentContext } from './presenters.js';
import { ClientTokenView, ClientView } from './views.js';

class ClientPageView {
  @ApiProperty() count: number;
  @ApiProperty() skip: number;
  @ApiProperty() limit: number;
  @ApiProperty({ type: [ClientView] }) data: ClientView[];
}

const CLIENT_ID = 'client_id';

const clientData = { schema: { properties: { data: { $ref: getSchemaPath(ClientView) } } } };
const tokenData = { schema: { properties: { data: { $ref: getSchemaPath(ClientTokenView) } } } };

/** Collection clients (enterprise): registration, listing, changes, deletion and token rotation. */
@ApiTags('Clients')
@ApiExtraModels(ClientView, ClientTokenView)
@Controller('clients')
@EnterpriseOnly()
export class ClientsController {
  constructor(private readonly queries: ClientQueries, private readonly commands: ClientCommands) {}

  @Get()
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({
    summary: 'List collection clients',
    description:
      'Paginated (limit default 100, at most 1000), in creation order (created_at, then id) unless sort_by says ' +
      'otherwise. Filters: name, ip_address, hostname, configured_user, version, user_sid, domain_controller, ' +
      'last_checkin (strings: eq, neq, ~eq; last_checkin compares the RFC 3339 text shown, the zero time before the ' +
      'first check-in); current_job_id, completed_job_count (integers); id (uuid); created_at, updated_at, ' +
      'deleted_at. sort_by: name, ip_address, hostname, configured_user, last_checkin, completed_job_count, ' +
      'created_at, updated_at, deleted_at. Deleted clients appear only when deleted_at is filtered on. Token keys ' +
      'are never shown ("").',
  })
  @Hydrated('of events and jobs')
  @ApiQuery({ name: 'sort_by', required: false, isArray: true, description: 'repeatable; `-` prefix for descending' })
  @ApiQuery({ name: 'skip', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 100, at most 1000' })
  @ApiOkResponse({ type: ClientPageView })
  @ApiErrors(400, 401, 403, 404)
  async list(@Query() query: RawQuery) {
    const parsed = parseListQuery(CLIENT_LIST, query);
    const hydration = readHydration(query);
    const page = await this.queries.list(parsed, hydration);
    return paginated(present(page, { hydration, objects: page.objects }), { count: page.count, skip: parsed.skip, limit: parsed.limit });
  }

  @Post()
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({
    summary: 'Register a collection client',
    description:
      'Answers 201 with the client; its token.key is the HMAC key the client signs with, shown only here and when ' +
      'the token is rotated. Unknown body fields are ignored.',
  })
  @ApiBody({ type: CreateClientDto })
  @ApiCreatedResponse(clientData)
  @ApiErrors(400, 401, 403, 404, 409)
  async create(@Body() body: unknown) {
    const created = await this.commands.create(readCreateClientBody(body));
    const context: PresentContext = { hydration: HYDRATE_ALL, objects: new Map() };
    return data(presentClient(created.value, { events: new Map(), jobs: new Map() }, context, created.key));
  }

  @Get(':client_id')
  @RequirePermission(Permissions.ClientsRead)
  @ApiOperation({ summary: 'Get a collection client (its token key is never shown)' })
  @Hydrated('of events and jobs')
  @ApiOkResponse(clientData)
  @ApiErrors(400, 401, 403, 404)
  async get(@UuidId(CLIENT_ID) id: string, @Query() query: RawQuery) {
    const hydration = readHydration(query);
    const found = await this.queries.get(id, hydration);
    return data(present(found, { hydration, objects: found.objects })[0]);
  }

  @Put(':client_id')
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({ summary: 'Rename a collection client or change its domain controller (only the fields given change)' })
  @ApiBody({ type: UpdateClientDto })
  @ApiOkResponse(clientData)
  @ApiErrors(400, 401, 403, 404, 409)
  async update(@UuidId(CLIENT_ID) id: string, @Body() body: unknown) {
    const patch = readUpdateClientBody(body);
    const client = await this.commands.update(id, patch);
    const found = await this.queries.withRelations([client], HYDRATE_ALL);
    return data(present(found, { hydration: HYDRATE_ALL, objects: found.objects })[0]);
  }

  @Delete(':client_id')
  @HttpCode(200)
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({
    summary: 'Delete a collection client',
    description: 'Revokes its token, deletes its events, removes its READY jobs and cancels its RUNNING job (status 3: its client can no longer end it); finished jobs keep their history. Empty body.',
  })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 403, 404)
  async remove(@UuidId(CLIENT_ID) id: string): Promise<void> {
    await this.commands.delete(id);
  }

  @Put(':client_id/token')
  @RequirePermission(Permissions.ClientsManage)
  @ApiOperation({ summary: "Replace a client's token: the answer holds the new key, and the old one stops working at once" })
  @ApiOkResponse(tokenData)
  @ApiErrors(400, 401, 403, 404)
  async rotateToken(@UuidId(CLIENT_ID) id: string) {
    const rotated = await this.commands.rotateToken(id);
    return data(presentClientToken(rotated.value.token, rotated.value.clientName, rotated.key));
  }
}

function present(found: ClientsWithRelations, context: PresentContext): ClientView[] {
  return found.clients.map((client) => presentClient(client, found, context));
}
