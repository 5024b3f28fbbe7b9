import { Body, Controller, Get, HttpCode, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors, data, Deprecated, IntId, paginated, parseListQuery, Permissions, RequirePermission,
} from '@app/platform';
import { AssetGroupCommands } from '../application/asset-group-commands.js';
import { AssetGroupQueries } from '../application/asset-group-queries.js';
import { ASSET_GROUP_LIST, ASSET_GROUP_MEMBER_LIST } from '../application/list-specs.js';
import { readRenameAssetGroupBody, RenameAssetGroupDto } from './tag-bodies.js';
import { presentAssetGroup, presentAssetGroupMember } from './tag-presenters.js';
import { AssetGroupView } from './views.js';

const GROUP_ID = 'asset_group_id';

/** The legacy asset groups: views of the seeded tags (Tier Zero as admin_tier_0, Owned as owned). */
@ApiTags('Asset groups')
@Controller('asset-groups')
export class AssetGroupsController {
  constructor(private readonly queries: AssetGroupQueries, private readonly commands: AssetGroupCommands) {}

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'List asset groups',
    description: 'Not paginated. Filters: name, tag, system_group (eq, neq); member_count, id, created_at, updated_at, ' +
      'deleted_at. sort_by: id, name, tag, member_count.',
  })
  @ApiOkResponse({ description: '`{"data": {"asset_groups": [AssetGroup]}}`' })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: Record<string, unknown>) {
    const groups = await this.queries.list(parseListQuery(ASSET_GROUP_LIST, query));
    return data({ asset_groups: groups.map(presentAssetGroup) });
  }

  @Get(`:${GROUP_ID}`)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: 'Get an asset group' })
  @ApiOkResponse({ type: AssetGroupView, description: '`{"data": AssetGroup}`' })
  @ApiErrors(400, 401, 403, 404)
  async get(@IntId(GROUP_ID) id: number) {
    return data(presentAssetGroup(await this.queries.get(id)));
  }

  @Put(`:${GROUP_ID}`)
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({ summary: 'Rename an asset group', description: 'Only the asset group name; the tag behind it keeps its name.' })
  @ApiBody({ type: RenameAssetGroupDto })
  @ApiOkResponse({ type: AssetGroupView, description: '`{"data": AssetGroup}`' })
  @ApiErrors(400, 401, 403, 404, 409)
  async rename(@IntId(GROUP_ID) id: number, @Body() body: unknown) {
    return data(presentAssetGroup(await this.commands.rename(id, readRenameAssetGroupBody(body))));
  }

  @Get(`:${GROUP_ID}/members`)
  @Deprecated('/api/v2/asset-group-tags/{asset_group_tag_id}/members')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: "List an asset group's members (deprecated)",
    description: 'Paginated (default limit 100). String filters: object_id, primary_kind, environment_id, ' +
      'environment_kind, name, custom_member (`eq:true` / `eq:false`). sort_by: object_id, asset_group_id, ' +
      'primary_kind, environment_id, environment_kind, name; default node id.',
  })
  @ApiOkResponse({ description: '`{count, skip, limit, data: {members: [AssetGroupMember]}}`' })
  @ApiErrors(400, 401, 403, 404)
  async members(@IntId(GROUP_ID) id: number, @Query() query: Record<string, unknown>) {
    const parsed = parseListQuery(ASSET_GROUP_MEMBER_LIST, query);
    const page = await this.queries.members(id, parsed);
    return {
      ...paginated([], { count: page.count, skip: parsed.skip, limit: parsed.limit }),
      data: { members: page.items.map(presentAssetGroupMember) },
    };
  }
}
