import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors, EnterpriseOnly, parseListQuery, Permissions, type RawQuery, RequirePermission,
} from '@app/platform';
import { POSTURE_STAT_LIST } from '../application/list-specs.js';
import { ListPostureStats } from '../application/list-posture-stats.js';
import { readCreatedWindow } from './created-window.params.js';
import { presentPostureStatsPage } from './presenters.js';
import { PostureStatsPageView } from './views.js';

const BOUND_FORMAT = 'RFC 3339, e.g. 2021-04-21T07:20:50.52Z';

@ApiTags('Posture')
@Controller('posture-stats')
export class PostureStatsController {
  constructor(private readonly listStats: ListPostureStats) {}

  @Get()
  @EnterpriseOnly()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'List posture statistics',
    description:
      'Paginated (limit default 100, at most 1000), newest first (created_at descending, then id descending) ' +
      'unless sort_by says otherwise. Filters: domain_sid (eq, neq, ~eq); exposure_index, asset_group_tag_id, ' +
      'tier_zero_count, critical_risk_count, id (eq, neq, gt, gte, lt, lte); created_at, updated_at, deleted_at. ' +
      'Soft-deleted rows appear only when deleted_at is filtered on. `from`/`to` bound created_at (inclusive) and ' +
      'AND with created_at filters. Checks: sort_by, filters, skip/limit, then from/to.',
  })
  @ApiQuery({ name: 'from', required: false, deprecated: true, description: `lower bound of created_at; use created_at=gte:. ${BOUND_FORMAT}` })
  @ApiQuery({ name: 'to', required: false, deprecated: true, description: `upper bound of created_at; use created_at=lte:. ${BOUND_FORMAT}` })
  @ApiQuery({ name: 'sort_by', required: false, isArray: true, description: 'repeatable; `-` prefix for descending' })
  @ApiQuery({ name: 'skip', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 100, at most 1000' })
  @ApiOkResponse({ type: PostureStatsPageView, description: '`{count, skip, limit, start, end, data: [PostureStat]}`' })
  @ApiErrors(400, 401, 403, 404)
  async list(@Query() query: RawQuery) {
    const parsed = parseListQuery(POSTURE_STAT_LIST, query);
    const window = readCreatedWindow(query);
    const report = await this.listStats.execute(parsed, window);
    return presentPostureStatsPage(report, parsed);
  }
}
