import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors, CurrentPrincipal, data, MalformedJsonMessage, Permissions, type Principal, RequirePermission,
} from '@app/platform';
import { GraphErrors } from '../application/graph-errors.js';
import { CypherService } from '../application/cypher-service.js';
import { GraphLimits } from '../application/graph-limits.js';
import { CypherQueryDto, readCypherBody } from './cypher-bodies.js';
import { presentCypherResult } from './presenters.js';
import { CypherResultView, GraphNodeView } from './views.js';

@ApiTags('Graph')
@ApiExtraModels(GraphNodeView)
@Controller('graphs/cypher')
export class CypherController {
  constructor(private readonly cypher: CypherService, private readonly limits: GraphLimits) {}

  @Post()
  @MalformedJsonMessage(GraphErrors.jsonMalformed)
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Run a Cypher read query',
    description:
      'Read-only subset (no updating clauses, CALL or $parameters). Nodes, edges and paths in any column form the ' +
      'graph; other values are literals. Nothing matched: 404. More than GRAPH_RESULT_LIMIT graph elements: 400.',
  })
  @ApiBody({ type: CypherQueryDto })
  @ApiOkResponse({ type: CypherResultView, description: '`{"data": CypherResult}`' })
  @ApiErrors(400, 401, 403, 404, 429)
  async run(@Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    const { query, includeProperties } = readCypherBody(body);
    const result = await this.limits.run(principal, () => this.cypher.run(query));
    return data(presentCypherResult(result, { includeProperties, now: new Date() }));
  }
}
