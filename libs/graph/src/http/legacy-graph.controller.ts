import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, dataSchema, Permissions, type Principal, type RawQuery, RequirePermission,
} from '@app/platform';
import { GraphErrors } from '../application/graph-errors.js';
import { GraphLimits } from '../application/graph-limits.js';
import { GraphSearch, type GraphSearchType } from '../application/graph-search.js';
import { ShortestPathService } from '../application/shortest-path-service.js';
import { presentLegacyGraph } from './entity-presenters.js';
import { queryValues, readObjectId } from './graph.params.js';
import { LEGACY_GRAPH_SCHEMA } from './graph-helper-views.js';
import { MAX_SEARCH_TEXT_LENGTH } from './search.controller.js';

/** `query` exactly once, `type` at most once (lower-cased; anything but `exact` searches fuzzily), as C.2 reads them. */
function readGraphSearch(query: RawQuery): { text: string; type: GraphSearchType } {
  const texts = queryValues(query, 'query');
  if (texts.length === 0) throw ApiError.badRequest(GraphErrors.expectedSearchParameter);
  if (texts.length > 1) throw ApiError.badRequest(GraphErrors.expectedOnlyOneSearchValue);
  const types = queryValues(query, 'type');
  if (types.length > 1) throw ApiError.badRequest(GraphErrors.expectedOnlyOneSearchType);
  const [text] = texts;
  // Longer texts cannot match; NUL cannot even be compared in PostgreSQL.
  if (text.length > MAX_SEARCH_TEXT_LENGTH || text.includes('\u0000')) throw ApiError.badRequest(GraphErrors.searchParameter);
  return { text, type: types[0]?.toLowerCase() === 'exact' ? 'exact' : 'fuzzy' };
}

/** The first value of a required objectid parameter (the reference reads it with Get); empty or absent is a 400. */
function readEndpoint(query: RawQuery, name: string): string {
  const value = queryValues(query, name)[0];
  if (!value) throw ApiError.badRequest(GraphErrors.missingQueryParameter(name));
  return readObjectId(value);
}

/** The older graph routes that answer the flat visualisation map (routes-misc C.2, C.3). */
@ApiTags('Graph')
@Controller()
export class LegacyGraphController {
  constructor(
    private readonly search: GraphSearch,
    private readonly paths: ShortestPathService,
    private readonly limits: GraphLimits,
  ) {}

  @Get('graph-search')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Search AD and Azure nodes as a flat graph map',
    description: 'Older form of GET /api/v2/search: unpaged, nodes keyed by node id. `type=exact` matches the whole '
      + 'name or objectid, `fuzzy` (the default) any part of it, case-insensitively. More matches than '
      + 'GRAPH_RESULT_LIMIT answer 400.',
  })
  @ApiQuery({ name: 'query', required: true, description: 'search text' })
  @ApiQuery({ name: 'type', required: false, enum: ['fuzzy', 'exact'] })
  @ApiOkResponse({ schema: dataSchema(LEGACY_GRAPH_SCHEMA) })
  @ApiErrors(400, 401, 403, 429)
  async graphSearch(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const { text, type } = readGraphSearch(query);
    const nodes = await this.limits.run(principal, () => this.search.find(text, type));
    return data(presentLegacyGraph(nodes, []));
  }

  @Get('pathfinding')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Every shortest path between two nodes as a flat graph map',
    description: 'Deprecated: use GET /api/v2/graphs/shortest-path. Outbound over edges of any kind, at most 15 hops; '
      + 'no path answers `{"data": {}}`.',
    deprecated: true,
  })
  @ApiQuery({ name: 'start_node', required: true, description: 'objectid of the start node' })
  @ApiQuery({ name: 'end_node', required: true, description: 'objectid of the end node' })
  @ApiOkResponse({ schema: dataSchema(LEGACY_GRAPH_SCHEMA) })
  @ApiErrors(400, 401, 403, 404, 429)
  async pathfinding(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const start = readEndpoint(query, 'start_node');
    const end = readEndpoint(query, 'end_node');
    const result = await this.limits.run(principal, () => this.paths.between(start, end, []));
    return data(result ? presentLegacyGraph(result.nodes, result.edges) : {});
  }
}
