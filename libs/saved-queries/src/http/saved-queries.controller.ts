import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import {
  ApiBody, ApiConsumes, ApiCreatedResponse, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery,
  ApiResponse, ApiTags, getSchemaPath,
} from '@nestjs/swagger';
import {
  AcceptsBody, ApiError, ApiErrors, CurrentPrincipal, data, dataSchema, hasRequestBody, Int64Id, MalformedJsonMessage,
  paginated, pageSchema, parseListQuery, Permissions, RequirePermission, spoolRequestBody, type PathwardenRequest, uploadTooLarge,
  type Principal,
} from '@app/platform';
import { SAVED_QUERY_LIST } from '../application/list-specs.js';
import { SavedQueriesErrors } from '../application/saved-queries-errors.js';
import { SavedQueryCommands, type ImportSource } from '../application/saved-query-commands.js';
import { SavedQueryQueries, type ExportedFile } from '../application/saved-query-queries.js';
import { attachment } from './attachment.js';
import { readSavedQueryBody, SavedQueryDto } from './saved-query-bodies.js';
import { presentSavedQuery, presentScopedSavedQuery } from './saved-query-presenters.js';
import { callerOf, importKind, QUERY_ID, queryId, readExportScope, readListScope } from './saved-query.params.js';
import { SavedQueryView, ScopedSavedQueryView } from './saved-query-views.js';

/** Largest import body (a JSON file or a zip), as the reference reads it: the JSON body limit. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;
const BINARY = { schema: { type: 'string', format: 'binary' } } as const;
const SCOPES = ['owned', 'shared', 'public', 'all'];

const download = (file: ExportedFile) =>
  new StreamableFile(file.bytes, { type: 'application/octet-stream', disposition: attachment(file.fileName), length: file.bytes.length });

/**
 * A user's saved Cypher queries: their own, those shared to them and public ones. The literal `export` and
 * `import` routes come before `{saved_query_id}`.
 */
@ApiTags('Saved queries')
@ApiExtraModels(ScopedSavedQueryView)
@Controller('saved-queries')
export class SavedQueriesController {
  constructor(private readonly queries: SavedQueryQueries, private readonly commands: SavedQueryCommands) {}

  @Get()
  @RequirePermission(Permissions.SavedQueriesRead)
  @ApiOperation({
    summary: 'List saved queries',
    description: 'Paginated (default and largest limit 10000). Filters: user_id, query (eq, neq); name, description ' +
      '(eq, neq, ~eq). sort_by: user_id, name, query, description, id, created_at, updated_at, deleted_at; default id. ' +
      '`scope`: owned (default), shared, public or all; every item says how it reaches the caller.',
  })
  @ApiQuery({ name: 'scope', required: false, enum: SCOPES })
  @ApiOkResponse({ schema: pageSchema({ type: 'array', items: { $ref: getSchemaPath(ScopedSavedQueryView) } }) })
  @ApiErrors(400, 401, 403)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    const parsed = parseListQuery(SAVED_QUERY_LIST, query);
    const page = await this.queries.list(callerOf(principal), readListScope(query), parsed);
    return paginated(page.items.map(presentScopedSavedQuery), { count: page.count, skip: parsed.skip, limit: parsed.limit });
  }

  @Post()
  @HttpCode(201)
  @RequirePermission(Permissions.SavedQueriesWrite)
  @ApiOperation({ summary: 'Save a query', description: 'Names are unique per user. The Cypher must pass the cypher endpoint\'s checks.' })
  @ApiBody({ type: SavedQueryDto })
  @ApiCreatedResponse({ type: SavedQueryView, description: '`{"data": SavedQuery}`' })
  @ApiErrors(400, 401, 403)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    return data(presentSavedQuery(await this.commands.create(callerOf(principal), readSavedQueryBody(body))));
  }

  @Get('export')
  @RequirePermission(Permissions.SavedQueriesRead)
  @ApiOperation({
    summary: 'Export saved queries as a zip',
    description: 'One `<name>.json` file (`{query, name, description}`) per query in the scope, as `exported_queries.zip`.',
  })
  @ApiQuery({ name: 'scope', required: true, enum: SCOPES })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ ...BINARY, description: 'The zip, as an attachment' })
  @ApiErrors(400, 401, 403)
  async exportAll(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return download(await this.queries.exportAll(callerOf(principal), readExportScope(query)));
  }

  @Post('import')
  @HttpCode(201)
  @RequirePermission(Permissions.SavedQueriesWrite)
  // Any type reaches the handler, which answers 415 for those it does not read.
  @AcceptsBody('')
  @MalformedJsonMessage(SavedQueriesErrors.unmarshalFile('the body is not valid JSON'))
  @ApiOperation({
    summary: 'Import saved queries',
    description: 'application/json: one `{query, name, description}` or an array of them; application/zip (also ' +
      'application/x-zip-compressed, application/zip-compressed): one such JSON file per member (`__MACOSX` and ' +
      'hidden files skipped; at most 1000 entries, 1 MiB per member, 10 MiB in all). All or none are imported.',
  })
  @ApiConsumes('application/json', 'application/zip')
  @ApiBody({ required: true, schema: { type: 'string', format: 'binary' } })
  @ApiCreatedResponse({ schema: dataSchema({ type: 'string', example: 'imported 2 queries' }) })
  @ApiResponse({ status: 415, description: 'Neither JSON nor a zip' })
  @ApiErrors(400, 401, 403, 413)
  async import(@CurrentPrincipal() principal: Principal, @Req() req: PathwardenRequest) {
    const kind = importKind(req.headers['content-type']);
    if (!hasRequestBody(req)) throw ApiError.badRequest(SavedQueriesErrors.importBodyEmpty);
    // A signed request's zip was spooled already by the auth guard, under the upload limit: hold it to ours here.
    const spooled = kind === 'json' ? undefined : await spoolRequestBody(req, IMPORT_BODY_LIMIT);
    if (spooled && spooled.size > IMPORT_BODY_LIMIT) throw new ApiError(413, [uploadTooLarge(IMPORT_BODY_LIMIT)]);
    const source: ImportSource = spooled ? { kind: 'zip', path: spooled.path } : { kind: 'json', body: req.body };
    return data(`imported ${await this.commands.import(callerOf(principal), source)} queries`);
  }

  @Get(`:${QUERY_ID}`)
  @RequirePermission(Permissions.SavedQueriesRead)
  @ApiOperation({ summary: 'Get a saved query', description: 'The owner, an admin (auth:ManageUsers), users it is shared to; anyone when public.' })
  @ApiOkResponse({ type: SavedQueryView, description: '`{"data": SavedQuery}`' })
  @ApiErrors(400, 401, 403, 404)
  async get(@CurrentPrincipal() principal: Principal, @Int64Id(QUERY_ID) id: string) {
    return data(presentSavedQuery(await this.queries.get(callerOf(principal), queryId(id))));
  }

  @Put(`:${QUERY_ID}`)
  @HttpCode(200)
  @RequirePermission(Permissions.SavedQueriesWrite)
  @ApiOperation({
    summary: 'Update a saved query',
    description: 'Only non-empty fields change. The owner; an admin (auth:ManageUsers) for a public query.',
  })
  @ApiBody({ type: SavedQueryDto })
  @ApiOkResponse({ type: SavedQueryView, description: '`{"data": SavedQuery}`' })
  @ApiErrors(400, 401, 403, 404)
  async update(@CurrentPrincipal() principal: Principal, @Int64Id(QUERY_ID) id: string, @Body() body: unknown) {
    const patch = readSavedQueryBody(body);
    return data(presentSavedQuery(await this.commands.update(callerOf(principal), queryId(id), patch)));
  }

  @Delete(`:${QUERY_ID}`)
  @HttpCode(204)
  @RequirePermission(Permissions.SavedQueriesWrite)
  @ApiOperation({ summary: 'Delete a saved query', description: 'The owner; an admin (auth:ManageUsers) for a public query.' })
  @ApiNoContentResponse({ description: 'Deleted. Empty body' })
  @ApiErrors(400, 401, 403, 404)
  async delete(@CurrentPrincipal() principal: Principal, @Int64Id(QUERY_ID) id: string) {
    await this.commands.delete(callerOf(principal), queryId(id));
  }

  @Get(`:${QUERY_ID}/export`)
  @RequirePermission(Permissions.SavedQueriesRead)
  @ApiOperation({ summary: 'Export a saved query', description: '`{query, name, description}` as the attachment `<name>.json`.' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ ...BINARY, description: 'The JSON file, as an attachment' })
  @ApiErrors(400, 401, 403, 404)
  async exportOne(@CurrentPrincipal() principal: Principal, @Int64Id(QUERY_ID) id: string) {
    return download(await this.queries.exportOne(callerOf(principal), queryId(id)));
  }
}
