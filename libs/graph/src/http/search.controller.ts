import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, Permissions, type Principal, type RawQuery, RequirePermission,
} from '@app/platform';
import { GraphErrors } from '../application/graph-errors.js';
import { GraphLimits } from '../application/graph-limits.js';
import { NodeSearch } from '../application/ports.js';
import { isNodeKind } from '../domain/display.js';
import { presentSearchResult } from './entity-presenters.js';
import { queryValues } from './graph.params.js';
import { readGraphPaging } from './graph-paging.js';
import { SearchResultView } from './views.js';

/** Longest search text: far above any name or objectid; longer texts cannot match and only cost a scan. */
export const MAX_SEARCH_TEXT_LENGTH = 1024;

function readSearchText(query: RawQuery): string {
  const text = queryValues(query, 'q')[0];
  if (!text || text.length > MAX_SEARCH_TEXT_LENGTH || text.includes('\u0000')) {
    throw ApiError.badRequest(GraphErrors.searchParameter);
  }
  return text;
}

/** The kinds to search: unknown `type` values are dropped as the reference does; none left is a 400. */
function readSearchKinds(query: RawQuery): string[] {
  const types = queryValues(query, 'type');
  const kinds = [...new Set(types.filter(isNodeKind))];
  if (types.length > 0 && kinds.length === 0) throw ApiError.badRequest(GraphErrors.typeParameter);
  return kinds;
}

@ApiTags('Graph')
@Controller('search')
export class SearchController {
  constructor(private readonly nodes: NodeSearch, private readonly limits: GraphLimits) {}

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Search graph objects by name or objectid',
    description: 'Case-insensitive; exact matches first, then contains matches by display name.',
  })
  @ApiQuery({ name: 'q', required: true, description: 'search text' })
  @ApiQuery({ name: 'type', required: false, isArray: true, description: 'node kind (repeatable), e.g. User, AZApp' })
  @ApiQuery({ name: 'skip', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 10, at most 1000' })
  @ApiOkResponse({ type: [SearchResultView], description: '`{"data": [SearchResult]}`' })
  @ApiErrors(400, 401, 403, 429)
  async search(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const text = readSearchText(query);
    const kinds = readSearchKinds(query);
    const { skip, limit } = readGraphPaging(query, GraphErrors.searchQueryParameter);
    const found = await this.limits.run(principal, () => this.nodes.search({ text, kinds, skip, limit }));
    return data(found.map(presentSearchResult));
  }
}
