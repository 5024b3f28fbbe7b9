import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, ErrorMessages, paginated, Permissions, type Principal, type RawQuery,
  readPaging, RequirePermission,
} from '@app/platform';
import { EntityLists } from '../application/entity-lists.js';
import { GraphErrors } from '../application/graph-errors.js';
import { GraphLimits } from '../application/graph-limits.js';
import { assertWithinResultLimit, collectGraph } from '../application/graph-result.js';
import { AZURE_ENTITY_TYPES, AZURE_RELATED_LISTS, AZURE_RUNS_AS } from '../domain/azure-entity-catalog.js';
import { textProperty } from '../domain/display.js';
import { presentAzureEntityInfo, presentAzureNode, presentLegacyGraph } from './entity-presenters.js';
import { queryValues, readFlag, readObjectId } from './graph.params.js';

/** Azure related lists: default page 100 (the reference's), larger limits clamped as every graph list. */
const AZURE_PAGE = { defaultLimit: 100, maxLimit: 1000 };

/**
 * The Azure entity panels (GET /api/v2/azure/{entity_type}): an object's info with its counts, or with
 * `related_entity_type` one page of a related list (domain/azure-entity-catalog.ts), evaluated as the AD lists are.
 */
@ApiTags('Graph')
@Controller('azure')
export class AzureEntitiesController {
  constructor(private readonly entities: EntityLists, private readonly limits: GraphLimits) {}

  @Get(':entity_type')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'An Azure object with its counts, or one of its related lists (related_entity_type)',
    description: 'entity_type: ' + AZURE_ENTITY_TYPES.map((type) => type.path).join(', ') + '. related_entity_type: ' +
      AZURE_RELATED_LISTS.map((list) => list.path).join(', ') + '. Lists page by skip/limit (default 100), type list or graph.',
  })
  @ApiParam({ name: 'entity_type', enum: AZURE_ENTITY_TYPES.map((type) => type.path) })
  @ApiQuery({ name: 'object_id', required: true })
  @ApiQuery({ name: 'related_entity_type', required: false })
  @ApiQuery({ name: 'counts', required: false, type: Boolean })
  @ApiQuery({ name: 'type', required: false, enum: ['list', 'graph'] })
  @ApiQuery({ name: 'skip', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 100, at most 1000' })
  @ApiOkResponse({ description: 'info: `{"data": {kind, kinds, isTierZero, isOwnedObject, props, <counts>}}`; list: `{count, skip, limit, data: [node]}`' })
  @ApiErrors(400, 401, 403, 404, 429)
  async entity(
    @Param('entity_type') entityType: string, @Query() query: RawQuery, @CurrentPrincipal() principal: Principal,
  ) {
    const rawId = queryValues(query, 'object_id')[0] ?? '';
    if (rawId === '') throw ApiError.badRequest(GraphErrors.azureObjectIdRequired);
    const type = AZURE_ENTITY_TYPES.find((candidate) => candidate.path === entityType);
    if (!type) throw ApiError.badRequest(ErrorMessages.filtersInvalid);
    const objectId = readObjectId(rawId);
    const relatedType = queryValues(query, 'related_entity_type')[0];
    if (relatedType !== undefined && relatedType !== '') return this.related(type, relatedType, objectId, query, principal);

    const withCounts = readFlag(queryValues(query, 'counts'), true);
    const countKeys = type.lists.flatMap((list) => (list.countKey === undefined ? [] : [list.countKey]));
    return this.limits.run(principal, async () => {
      const info = await this.entities.info(type, objectId, withCounts);
      const body = presentAzureEntityInfo(info.node, countKeys, info.counts);
      // The ids clients open the other side with: a service principal's application, an application's principal.
      const runsAs = type.path === 'service-principals' ? ['appid', AZURE_RUNS_AS.application] as const
        : type.path === 'applications' ? ['service_principal_id', AZURE_RUNS_AS.servicePrincipal] as const : undefined;
      if (runsAs) {
        const page = await this.entities.page(type, runsAs[1], objectId, { skip: 0, limit: 1, sort: [], graph: false });
        body.props = { ...info.node.properties, [runsAs[0]]: textProperty(page.nodes[0]?.properties ?? {}, 'objectid') ?? '' };
      }
      return data(body);
    });
  }

  private async related(
    type: (typeof AZURE_ENTITY_TYPES)[number], relatedType: string, objectId: string, query: RawQuery, principal: Principal,
  ) {
    const resultType = queryValues(query, 'type')[0] ?? '';
    if (!['', 'list', 'graph'].includes(resultType)) throw ApiError.badRequest(GraphErrors.azureReturnTypeMalformed);
    const { skip, limit } = readPaging(query, AZURE_PAGE, ({ name, raw, reason, conversion }) =>
      `query parameter "${name}" is malformed: ${conversion ? `error converting ${name} value ${raw} to int: ` : ''}${reason}`);
    const list = AZURE_RELATED_LISTS.find((candidate) => candidate.path === relatedType);
    if (!list) throw ApiError.notFound(GraphErrors.azureNoRelatedList(relatedType));
    const graph = resultType === 'graph';
    const request = { skip, limit, sort: [], graph, maxElements: this.limits.resultLimit };
    const page = await this.limits.run(principal, () => this.entities.page(type, list, objectId, request));
    if (graph) {
      assertWithinResultLimit(collectGraph(page.nodes, page.edges), this.limits.resultLimit);
      return presentLegacyGraph(page.nodes, page.edges);
    }
    return paginated(page.nodes.map(presentAzureNode), { count: page.count, skip, limit });
  }
}
