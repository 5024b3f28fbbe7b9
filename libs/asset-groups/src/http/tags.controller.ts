import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags,
} from '@nestjs/swagger';
import { UserQueries } from '@app/identity';
import {
  ApiErrors, CurrentPrincipal, data, IntId, parseListQuery, Permissions, type Principal, RequirePermission,
} from '@app/platform';
import { TAG_LIST } from '../application/list-specs.js';
import { TagCommands } from '../application/tag-commands.js';
import { TagQueries, type TagWithCounts } from '../application/tag-queries.js';
import { CreateTagDto, readCreateTagBody, readUpdateTagBody, UpdateTagDto } from './tag-bodies.js';
import { readCounts, TAG_ID } from './query.params.js';
import { presentTag, tagActors, type TagWire } from './tag-presenters.js';
import { TagView } from './views.js';

@ApiTags('Asset group tags')
@Controller('asset-group-tags')
export class TagsController {
  constructor(
    private readonly queries: TagQueries,
    private readonly commands: TagCommands,
    private readonly users: UserQueries,
  ) {}

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'List asset group tags',
    description: 'Not paginated, by id. Filters: type, created_by, updated_by, deleted_by, require_certify, ' +
      'analysis_enabled (eq, neq); name, description (eq, neq, ~eq); created_at, updated_at, deleted_at. ' +
      'created_by and updated_by match what the tag shows (the email of a user who has one, else their principal ' +
      'name; SYSTEM for seeded tags). counts=true adds counts.selectors and counts.members.',
  })
  @ApiOkResponse({ description: '`{"data": {"tags": [AssetGroupTag]}}`' })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: Record<string, unknown>) {
    const counts = readCounts(query);
    const tags = await this.queries.list(parseListQuery(TAG_LIST, query), counts);
    return data({ tags: await this.present(tags) });
  }

  @Post()
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({ summary: 'Create an asset group tag (a tier or a label)' })
  @ApiBody({ type: CreateTagDto })
  @ApiCreatedResponse({ type: TagView, description: '`{"data": AssetGroupTag}`' })
  @ApiErrors(400, 401, 403, 409)
  async create(@Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    const tag = await this.commands.create(readCreateTagBody(body), principal.userId);
    return data((await this.present([tag]))[0]);
  }

  @Get(`:${TAG_ID}`)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: 'Get an asset group tag' })
  @ApiOkResponse({ description: '`{"data": {"tag": AssetGroupTag}}`' })
  @ApiErrors(401, 403, 404)
  async get(@IntId(TAG_ID, 404) id: number) {
    const tag = await this.queries.get(id);
    return data({ tag: (await this.present([tag]))[0] });
  }

  @Patch(`:${TAG_ID}`)
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Update an asset group tag',
    description: 'Renaming moves the tag kind to the new name on its members. Tier Zero and Owned keep their names.',
  })
  @ApiBody({ type: UpdateTagDto })
  @ApiOkResponse({ type: TagView, description: '`{"data": AssetGroupTag}`' })
  @ApiErrors(400, 401, 403, 404, 409)
  async update(@IntId(TAG_ID, 404) id: number, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    const tag = await this.commands.update(id, readUpdateTagBody(body), principal.userId);
    return data((await this.present([tag]))[0]);
  }

  @Delete(`:${TAG_ID}`)
  @HttpCode(204)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({ summary: 'Delete an asset group tag', description: 'Its selectors and members go with it; Tier Zero and Owned cannot be deleted.' })
  @ApiNoContentResponse({ description: 'No body' })
  @ApiErrors(400, 401, 403, 404)
  async remove(@IntId(TAG_ID, 404) id: number, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.commands.delete(id, principal.userId);
  }

  /** Tags on the wire, with one look-up of their authors' shown names for all of them. */
  private async present(tags: TagWithCounts[]): Promise<TagWire[]> {
    const shownNames = await this.users.shownNamesOf(tagActors(tags));
    return tags.map((tag) => presentTag(tag, shownNames));
  }
}
