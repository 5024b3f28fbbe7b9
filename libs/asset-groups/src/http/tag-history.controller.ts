import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  ApiErrors, pageSchema, paginated, parseListQuery, Permissions, RequirePermission, type ListQuery,
} from '@app/platform';
import type { TagHistoryRecord } from '../domain/tag-history.js';
import { TAG_HISTORY_LIST } from '../application/list-specs.js';
import { TagHistoryQueries } from '../application/tag-history.js';
import { readHistorySearchBody, TagHistorySearchDto } from './search-bodies.js';
import { presentHistoryRecord } from './search-presenters.js';
import { TagHistoryRecordView } from './views.js';

const LIST_DESCRIPTION =
  'Paginated (limit 50 by default), newest first. Filters: created_at (timestamp); actor, email, action, target, ' +
  'environment_id, note (strings); asset_group_tag_id, id (integers). sort_by: id, created_at, actor, email, ' +
  'action, target, asset_group_tag_id, environment_id, note.';

const HISTORY_PAGE = pageSchema({
  type: 'object',
  required: ['records'],
  properties: { records: { type: 'array', items: { $ref: getSchemaPath(TagHistoryRecordView) } } },
});

function pageOf(page: { items: TagHistoryRecord[]; count: number }, query: ListQuery) {
  return {
    ...paginated([], { count: page.count, skip: query.skip, limit: query.limit }),
    data: { records: page.items.map(presentHistoryRecord) },
  };
}

/** The history of tag and selector changes (created, changed, deleted; analysis turned on or off). */
@ApiTags('Asset group tags')
@ApiExtraModels(TagHistoryRecordView)
@Controller('asset-group-tags-history')
export class TagHistoryController {
  constructor(private readonly history: TagHistoryQueries) {}

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: 'List the asset group tag history', description: LIST_DESCRIPTION })
  @ApiOkResponse({ description: 'A page of history records', schema: HISTORY_PAGE })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: Record<string, unknown>) {
    const parsed = parseListQuery(TAG_HISTORY_LIST, query);
    return pageOf(await this.history.list(parsed), parsed);
  }

  @Post()
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Search the asset group tag history',
    description: `Rows whose actor, email, action or target contains the query (or the query without its spaces), ` +
      `case-insensitively. ${LIST_DESCRIPTION}`,
  })
  @ApiBody({ type: TagHistorySearchDto })
  @ApiOkResponse({ description: 'A page of history records', schema: HISTORY_PAGE })
  @ApiErrors(400, 401, 403)
  async search(@Body() body: unknown, @Query() query: Record<string, unknown>) {
    const parsed = parseListQuery(TAG_HISTORY_LIST, query);
    return pageOf(await this.history.search(parsed, readHistorySearchBody(body)), parsed);
  }
}
