import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, Deprecated, IntId, paginated, parseListQuery, Permissions, type Principal,
  RequirePermission,
} from '@app/platform';
import { AssetGroupCommands } from '../application/asset-group-commands.js';
import { AssetGroupQueries } from '../application/asset-group-queries.js';
import { AssetGroupSelectorCommands } from '../application/asset-group-selector-commands.js';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';
import { ASSET_GROUP_COLLECTION_LIST, ASSET_GROUP_LIST, ASSET_GROUP_MEMBER_LIST } from '../application/list-specs.js';
import {
  CreateAssetGroupDto, readCreateAssetGroupBody, readLegacySelectorId, readSelectorSpecs, SelectorSpecDto,
} from './asset-group-bodies.js';
import { presentMemberCounts } from './member-presenters.js';
import { readRenameAssetGroupBody, RenameAssetGroupDto } from './tag-bodies.js';
import { presentAssetGroup, presentAssetGroupMember, presentLegacySelector } from './tag-presenters.js';
import { AssetGroupView, MemberCountsView, UpdatedLegacySelectorsView } from './views.js';

const GROUP_ID = 'asset_group_id';
/** The most members a combo node draws (one page of the member list). */
const COMBO_NODE_MAX = 1000;
const LEGACY_SELECTOR_ID = 'asset_group_selector_id';
const MEMBER_FILTERS = 'String filters: object_id, primary_kind, environment_id, environment_kind, name, custom_member ' +
  '(`eq:true` / `eq:false`).';

/**
 * The legacy asset groups: views of tags under a name and tag string of their own (Tier Zero as admin_tier_0,
 * Owned as owned, and a label for each group created here). Their selectors are the seeds of the tag's selectors.
 */
@ApiTags('Asset groups')
@Controller('asset-groups')
export class AssetGroupsController {
  constructor(
    private readonly queries: AssetGroupQueries,
    private readonly commands: AssetGroupCommands,
    private readonly selectors: AssetGroupSelectorCommands,
  ) {}

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

  @Post()
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Create an asset group',
    description: 'Made as a view of a new label named after the tag string (characters a tag name cannot hold as ' +
      '`_`), whose kind its members carry. Answers the Location of the new group.',
  })
  @ApiBody({ type: CreateAssetGroupDto })
  @ApiCreatedResponse({ type: AssetGroupView, description: '`{"data": AssetGroup}`' })
  @ApiErrors(400, 401, 403, 409)
  async create(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { name, tag } = readCreateAssetGroupBody(body);
    const group = await this.commands.create(name, tag, principal.userId);
    res.location(`${req.protocol}://${req.get('host') ?? ''}/api/v2/asset-groups/${group.id}`);
    return data(presentAssetGroup(group));
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

  @Delete(`:${GROUP_ID}`)
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Delete an asset group',
    description: 'System groups cannot be deleted (409). The label behind a created group goes with it (its kind ' +
      'leaves its members); the Owned group is only a view, and Owned stays. 200 with an empty body (the reference).',
  })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 403, 404, 409)
  async remove(@IntId(GROUP_ID) id: number, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.commands.delete(id, principal.userId);
  }

  @Put(`:${GROUP_ID}/selectors`)
  @HttpCode(201)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: "Add and remove an asset group's selectors",
    description: '`add` makes a selector of that name selecting the object id `sid` (nothing when the tag has a ' +
      'selector of that name); `remove` deletes the selector of that name. All in one unit of work; membership ' +
      'follows at the next evaluation.',
  })
  @ApiBody({ type: [SelectorSpecDto] })
  @ApiCreatedResponse({ type: UpdatedLegacySelectorsView, description: '`{"data": {added_selectors, removed_selectors}}`' })
  @ApiErrors(400, 401, 403, 404, 409)
  updateSelectors(@IntId(GROUP_ID) id: number, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    return this.changeSelectors(id, body, principal);
  }

  @Post(`:${GROUP_ID}/selectors`)
  @Deprecated(`/api/v2/asset-groups/{${GROUP_ID}}/selectors`)
  @HttpCode(201)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({ summary: "Add and remove an asset group's selectors (deprecated: use PUT)" })
  @ApiBody({ type: [SelectorSpecDto] })
  @ApiCreatedResponse({ type: UpdatedLegacySelectorsView, description: '`{"data": {added_selectors, removed_selectors}}`' })
  @ApiErrors(400, 401, 403, 404, 409)
  postSelectors(@IntId(GROUP_ID) id: number, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    return this.changeSelectors(id, body, principal);
  }

  @Delete(`:${GROUP_ID}/selectors/:${LEGACY_SELECTOR_ID}`)
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Delete an asset group selector',
    description: 'The selector id is a seed id (as the group lists it): its selector loses that seed, or goes with ' +
      'its last one. System selectors cannot be deleted (409). 200 with an empty body (the reference).',
  })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 403, 404, 409)
  async removeSelector(
    @IntId(GROUP_ID) id: number,
    @Param(LEGACY_SELECTOR_ID) rawSelectorId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    // The reference's order: the group (404) before the selector id is read (400).
    await this.queries.get(id);
    await this.selectors.delete(principal.userId, id, readLegacySelectorId(rawSelectorId));
  }

  @Get(`:${GROUP_ID}/collections`)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: "List an asset group's member collections",
    description: 'Pathwarden keeps no snapshots of past memberships (the current members are at /members): always ' +
      'an empty list. Filters and sort_by (id, created_at, updated_at, deleted_at) are checked as the reference does.',
  })
  @ApiOkResponse({ description: '`{"data": []}`' })
  @ApiErrors(400, 401, 403, 404)
  async collections(@IntId(GROUP_ID) id: number, @Query() query: Record<string, unknown>) {
    await this.queries.get(id);
    parseListQuery(ASSET_GROUP_COLLECTION_LIST, query);
    return data([]);
  }

  @Get(`:${GROUP_ID}/custom-selectors`)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: "Count an asset group's custom selectors", description: 'Legacy selectors that are not system selectors.' })
  @ApiOkResponse({ description: '`{"data": {"custom_member_count": n}}`' })
  @ApiErrors(400, 401, 403, 404)
  async customSelectors(@IntId(GROUP_ID) id: number) {
    return data({ custom_member_count: await this.queries.customSelectorCount(id) });
  }

  @Get(`:${GROUP_ID}/members`)
  @Deprecated('/api/v2/asset-group-tags/{asset_group_tag_id}/members')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: "List an asset group's members (deprecated)",
    description: `Paginated (default limit 100). ${MEMBER_FILTERS} sort_by: object_id, asset_group_id, ` +
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

  @Get(`:${GROUP_ID}/members/counts`)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: "Count an asset group's members per primary kind", description: `${MEMBER_FILTERS}` })
  @ApiOkResponse({ type: MemberCountsView, description: '`{"data": {total_count, counts}}`' })
  @ApiErrors(400, 401, 403, 404)
  async memberCounts(@IntId(GROUP_ID) id: number, @Query() query: Record<string, unknown>) {
    const counts = await this.queries.memberCounts(id, parseListQuery(ASSET_GROUP_MEMBER_LIST, query));
    return data(presentMemberCounts(counts));
  }

  @Get(`:${GROUP_ID}/combo-node`)
  @Deprecated('/api/v2/asset-group-tags/{asset_group_tag_id}/members')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: "An asset group's members as one flat graph map (deprecated; the enterprise explorer's combined node)",
    description: `domainsid: only the members of that domain or tenant. At most ${COMBO_NODE_MAX} members are drawn; ` +
      'a larger group answers 400 (narrow it with domainsid).',
  })
  @ApiOkResponse({ description: '`{"data": {"<node id>": {label: {text}, data: {objectid, name, nodetype}}}}`' })
  @ApiErrors(400, 401, 403, 404)
  async comboNode(@IntId(GROUP_ID) id: number, @Query() query: Record<string, unknown>) {
    const domainSid = typeof query.domainsid === 'string' && query.domainsid !== '' ? query.domainsid : undefined;
    const parsed = parseListQuery(ASSET_GROUP_MEMBER_LIST, {
      limit: String(COMBO_NODE_MAX), ...(domainSid ? { environment_id: `eq:${domainSid}` } : {}),
    });
    const page = await this.queries.members(id, parsed);
    if (page.count > page.items.length) {
      throw ApiError.badRequest(AssetGroupsErrors.comboNodeTooLarge(page.count, COMBO_NODE_MAX));
    }
    return data(Object.fromEntries(page.items.map((member) => [member.nodeId, {
      label: { text: member.name },
      data: { objectid: member.objectId, name: member.name, nodetype: member.primaryKind },
    }])));
  }

  private async changeSelectors(id: number, body: unknown, principal: Principal) {
    // The reference's order: the group (404) before the body is read (400).
    await this.queries.get(id);
    const changed = await this.selectors.update(principal.userId, id, readSelectorSpecs(body));
    return data({
      added_selectors: changed.added.map((selector) => presentLegacySelector(id, selector)),
      removed_selectors: changed.removed.map((selector) => presentLegacySelector(id, selector)),
    });
  }
}
