import { Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, Permissions, type Principal, type RawQuery, RequirePermission,
} from '@app/platform';
import { EdgeCompositionService } from '../application/edge-composition-service.js';
import { GraphErrors } from '../application/graph-errors.js';
import { GraphLimits } from '../application/graph-limits.js';
import { DEFAULT_PATH_EDGE_KINDS, isEdgeKind, ShortestPathService } from '../application/shortest-path-service.js';
import { queryValues, readCompositionParams, readObjectId, requireSingle } from './graph.params.js';
import { presentGraph } from './presenters.js';
import { GraphNodeView, GraphView } from './views.js';

/** `relationship_kinds=in:A,B` (the list-query `in` form); absent means every attack-path edge kind. */
function readRelationshipKinds(query: RawQuery): readonly string[] {
  const values = queryValues(query, 'relationship_kinds');
  if (values.length === 0) return DEFAULT_PATH_EDGE_KINDS;
  if (values.length > 1) throw ApiError.badRequest(GraphErrors.expectedOnlyOne('relationship_kinds'));
  if (!values[0].startsWith('in:') || values[0].length === 3) throw ApiError.badRequest(GraphErrors.relationshipKindsForm);
  const kinds = values[0].slice(3).split(',');
  const unknown = kinds.find((kind) => !isEdgeKind(kind));
  if (unknown !== undefined) throw ApiError.badRequest(GraphErrors.unknownRelationshipKind(unknown));
  return [...new Set(kinds)];
}

@ApiTags('Graph')
@ApiExtraModels(GraphNodeView)
@Controller('graphs')
export class PathfindingController {
  constructor(
    private readonly compositions: EdgeCompositionService,
    private readonly paths: ShortestPathService,
    private readonly limits: GraphLimits,
  ) {}

  @Get('edge-composition')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'The nodes and edges that compose a post-processed edge',
    description: 'Kinds without a composition (anything but the ADCS, GoldenCert and NTLM relay edges) answer 400.',
  })
  @ApiQuery({ name: 'edge_type', required: true, description: 'edge kind, e.g. ADCSESC1' })
  @ApiQuery({ name: 'source_node', required: true, description: 'node id of the start node' })
  @ApiQuery({ name: 'target_node', required: true, description: 'node id of the end node' })
  @ApiOkResponse({ type: GraphView, description: '`{"data": {nodes, edges, literals: []}}`, with properties' })
  @ApiErrors(400, 401, 403, 429)
  async edgeComposition(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const { kind, startId, endId } = readCompositionParams(query);
    const result = await this.limits.run(principal, () => this.compositions.compose(startId, endId, kind));
    return data(presentGraph(result, { includeProperties: true, now: new Date() }));
  }

  @Get('shortest-path')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Every shortest path between two nodes',
    description: 'Outbound, at most 15 hops; relationship_kinds=in:A,B limits the edge kinds (default: all attack-path edges).',
  })
  @ApiQuery({ name: 'start_node', required: true, description: 'objectid of the start node' })
  @ApiQuery({ name: 'end_node', required: true, description: 'objectid of the end node' })
  @ApiQuery({ name: 'relationship_kinds', required: false, description: 'in:Kind1,Kind2' })
  @ApiOkResponse({ type: GraphView, description: '`{"data": {nodes, edges, literals: []}}`' })
  @ApiErrors(400, 401, 403, 404, 429)
  async shortestPath(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const start = readObjectId(requireSingle(query, 'start_node'));
    const end = readObjectId(requireSingle(query, 'end_node'));
    const kinds = readRelationshipKinds(query);
    const result = await this.limits.run(principal, () => this.paths.find(start, end, kinds));
    return data(presentGraph(result, { includeProperties: false, now: new Date() }));
  }
}
