import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GraphLimits } from '@app/graph';
import { UserQueries } from '@app/identity';
import {
  ApiErrors, CurrentPrincipal, data, ErrorMessages, Permissions, type Principal, readPaging, RequirePermission,
} from '@app/platform';
import { PREVIEW_DEFAULT_LIMIT, SelectorPreview } from '../application/selector-preview.js';
import { TagSearch } from '../application/tag-search.js';
import { PreviewSelectorsDto, readPreviewBody, readTagSearchBody, TagSearchDto } from './search-bodies.js';
import { presentPreviewMember, presentSearchedMember } from './search-presenters.js';
import { actorsOf, presentSelector } from './selector-presenters.js';
import { presentTag, tagActors } from './tag-presenters.js';
import { TagSearchResultView } from './views.js';

/** Registered before the tags controller: `search` and `preview-selectors` are not tag ids. */
@ApiTags('Asset group tags')
@Controller('asset-group-tags')
export class TagSearchController {
  constructor(
    private readonly search: TagSearch,
    private readonly preview: SelectorPreview,
    private readonly users: UserQueries,
    private readonly limits: GraphLimits,
  ) {}

  @Post('search')
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Search tags, selectors and members by name',
    description: 'Tags of the type (labels with Owned) whose name contains the query; selectors of those tags (or ' +
      'of asset_group_tag_id) whose name contains it; their members whose name or object id contains it, by name. ' +
      'Case-insensitive; at most 50 of each.',
  })
  @ApiBody({ type: TagSearchDto })
  @ApiOkResponse({ type: TagSearchResultView, description: '`{"data": {tags, selectors, members}}`' })
  @ApiErrors(400, 401, 403)
  async searchTags(@Body() body: unknown) {
    const found = await this.search.search(readTagSearchBody(body));
    const shownNames = await this.users.shownNamesOf([...tagActors(found.tags), ...actorsOf(found.selectors)]);
    return data({
      tags: found.tags.map((tag) => presentTag(tag, shownNames)),
      selectors: found.selectors.map((selector) => presentSelector(selector, shownNames)),
      members: found.members.map(presentSearchedMember),
    });
  }

  @Post('preview-selectors')
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Preview what seeds would select',
    description: 'The seeds are checked as selector seeds are, then resolved and expanded as evaluation does ' +
      '(expansion 0 none, 1 all, 2 children, 3 parents; default 1), under the graph limits, writing nothing. ' +
      '`limit` (default 200, at most 1000): seeds first, then children, then parents.',
  })
  @ApiBody({ type: PreviewSelectorsDto })
  @ApiOkResponse({ description: '`{"data": {"members": [{id, object_id, environment_id, primary_kind, name, source}]}}`' })
  @ApiErrors(400, 401, 403, 429, 504)
  async previewSelectors(
    @Body() body: unknown, @Query() query: Record<string, unknown>, @CurrentPrincipal() principal: Principal,
  ) {
    const { limit } = readPaging(query, { defaultLimit: PREVIEW_DEFAULT_LIMIT, maxLimit: 1000 }, ({ name, raw, reason, conversion }) => {
      const detail = conversion ? `error converting ${name} value ${raw} to int: ${reason}` : reason;
      return name === 'skip' ? ErrorMessages.skipMalformed(detail) : ErrorMessages.limitMalformed(detail);
    });
    const { seeds, expansion } = readPreviewBody(body);
    const members = await this.limits.run(principal, () => this.preview.preview(seeds, expansion, limit));
    return data({ members: members.map(presentPreviewMember) });
  }
}
