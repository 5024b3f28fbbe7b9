import { Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  ApiErrors, data, dataSchema, Int64Id, IntId, pageSchema, paginated, parseListQuery, Permissions, RequirePermission,
} from '@app/platform';
import { MEMBER_LIST } from '../application/list-specs.js';
import { MemberQueries, type MemberPage } from '../application/member-queries.js';
import { readEnvironments, SELECTOR_ID, TAG_ID } from './query.params.js';
import { presentMember, presentMemberCounts, presentMemberDetail } from './member-presenters.js';
import { MemberView, MemberCountsView } from './views.js';

const LIST_DESCRIPTION =
  'Paginated (limit 50 by default, at most 1000). sort_by: id, objectid, name (`-` for descending; default id). ' +
  'Filters: name, object_id (eq, neq, ~eq), primary_kind (eq, neq). `environments` (repeatable) keeps members of ' +
  'those domains or tenants. Rows carry `certified` and `certified_by` in addition to the reference fields.';

const MEMBER_PAGE = pageSchema({
  type: 'object',
  required: ['members'],
  properties: { members: { type: 'array', items: { $ref: getSchemaPath(MemberView) } } },
});
const MEMBER_COUNTS = dataSchema({ $ref: getSchemaPath(MemberCountsView) });

// Malformed asset-group-tag, selector and member ids answer 404 (the reference).

function pageOf(page: MemberPage, skip: number, limit: number) {
  return { ...paginated([], { count: page.count, skip, limit }), data: { members: page.items.map(presentMember) } };
}

@ApiTags('Asset group tags')
@ApiExtraModels(MemberView, MemberCountsView)
@Controller(`asset-group-tags/:${TAG_ID}`)
export class MembersController {
  constructor(private readonly members: MemberQueries) {}

  @Get('members')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: "List a tag's members (nodes selected by any of its enabled selectors)", description: LIST_DESCRIPTION })
  @ApiOkResponse({ description: 'A page of members', schema: MEMBER_PAGE })
  @ApiErrors(400, 401, 403, 404)
  async list(@IntId(TAG_ID, 404) tagId: number, @Query() query: Record<string, unknown>) {
    const parsed = parseListQuery(MEMBER_LIST, query);
    const page = await this.members.listOfTag(tagId, readEnvironments(query), parsed);
    return pageOf(page, parsed.skip, parsed.limit);
  }

  // Declared before members/:member_id, so `counts` is never read as a member id.
  @Get('members/counts')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: "Count a tag's members per primary kind", description: '`environments` (repeatable) as in the list.' })
  @ApiOkResponse({ description: 'Members per primary kind', schema: MEMBER_COUNTS })
  @ApiErrors(400, 401, 403, 404)
  async counts(@IntId(TAG_ID, 404) tagId: number, @Query() query: Record<string, unknown>) {
    return data(presentMemberCounts(await this.members.countsOfTag(tagId, readEnvironments(query))));
  }

  @Get('members/:member_id')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: 'Get one member of a tag, with its graph properties and the selectors that select it' })
  @ApiOkResponse({ description: '`{"data": {"member": {...Member, properties, selectors: [...]}}}`' })
  @ApiErrors(401, 403, 404)
  async member(@IntId(TAG_ID, 404) tagId: number, @Int64Id('member_id', 404) nodeId: string) {
    return data({ member: presentMemberDetail(await this.members.member(tagId, nodeId)) });
  }

  @Get(`selectors/:${SELECTOR_ID}/members`)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: "List a selector's members (`source` is this selector's record)",
    description: `${LIST_DESCRIPTION} A selector of another tag: 404; a disabled selector: 409.`,
  })
  @ApiOkResponse({ description: 'A page of members', schema: MEMBER_PAGE })
  @ApiErrors(400, 401, 403, 404, 409)
  async listOfSelector(
    @IntId(TAG_ID, 404) tagId: number,
    @IntId(SELECTOR_ID, 404) selectorId: number,
    @Query() query: Record<string, unknown>,
  ) {
    const parsed = parseListQuery(MEMBER_LIST, query);
    const page = await this.members.listOfSelector(tagId, selectorId, readEnvironments(query), parsed);
    return pageOf(page, parsed.skip, parsed.limit);
  }

  @Get(`selectors/:${SELECTOR_ID}/members/counts`)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({ summary: "Count a selector's members per primary kind" })
  @ApiOkResponse({ description: 'Members per primary kind', schema: MEMBER_COUNTS })
  @ApiErrors(400, 401, 403, 404, 409)
  async countsOfSelector(
    @IntId(TAG_ID, 404) tagId: number,
    @IntId(SELECTOR_ID, 404) selectorId: number,
    @Query() query: Record<string, unknown>,
  ) {
    return data(presentMemberCounts(await this.members.countsOfSelector(tagId, selectorId, readEnvironments(query))));
  }
}
