import { Body, Controller, Get, Param, Patch, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  ApiError, ApiErrors, BodyReader, CurrentPrincipal, data, defineListSpec, paginated, parseListQuery, Permissions, type Principal,
  type RawQuery, RequirePermission,
} from '@app/platform';
import { DELEGATION_DEFAULT_SORT, DELEGATION_SORT_KEYS } from '../application/constrained-delegation.js';
import { EntityLists } from '../application/entity-lists.js';
import { GraphErrors } from '../application/graph-errors.js';
import { GraphLimits } from '../application/graph-limits.js';
import { assertWithinResultLimit, collectGraph } from '../application/graph-result.js';
import { ENTITY_TYPES, OWN_HANDLER_LISTS, type EntityType, type RelatedList } from '../domain/entity-catalog.js';
import { presentEntityInfo, presentLegacyGraph, presentNodeListEntry } from './entity-presenters.js';
import { queryValues, readFlag, readObjectId } from './graph.params.js';
import { EntityListDocs } from './entity-list-docs.js';
import { readGraphPaging } from './graph-paging.js';
import { EntityInfoView } from './views.js';

/** `/api/v2/{type}/{object_id}` of every entity type of the catalogue. */
export const ENTITY_INFO_PATHS = ENTITY_TYPES.map((type) => `${type.path}/:object_id`);
/** `/api/v2/{type}/{object_id}/{list}` of every related list, but those with a handler of their own. */
export const ENTITY_LIST_PATHS = ENTITY_TYPES.flatMap((type) => type.lists
  .filter((list) => list.path !== undefined && !OWN_HANDLER_LISTS.has(`${type.path}/${list.path}`))
  .map((list) => `${type.path}/:object_id/${list.path}`));

/** sort_by of entity lists (as constrained delegation's); filters are not offered. */
const ENTITY_LIST = defineListSpec({
  filters: {},
  sortable: DELEGATION_SORT_KEYS,
  defaultSort: DELEGATION_DEFAULT_SORT,
  paging: false,
  reserved: ['type', 'counts', 'count'],
});

/** The wording of an entity list's paging error. */
export const entityParameters = (inner: string) => GraphErrors.entityQueryParameters(GraphErrors.pagingParameters(inner));

/** `type`: list (default, also empty) or graph; anything else is the reference's unsupported result type. */
export function readResultType(query: RawQuery): 'list' | 'graph' {
  const type = queryValues(query, 'type')[0] ?? '';
  if (type === '' || type === 'list') return 'list';
  if (type === 'graph') return 'graph';
  throw ApiError.badRequest(GraphErrors.entityQueryParameters(GraphErrors.unsupportedResultType));
}

/** The catalogue entry the matched route names (its first segment after the prefix, and its last). */
function routeOf(request: Request): { type: EntityType; list?: RelatedList } {
  const segments = String((request.route as { path?: unknown } | undefined)?.path ?? '').split('/').filter(Boolean);
  const at = segments.indexOf(':object_id');
  const type = ENTITY_TYPES.find((candidate) => candidate.path === segments[at - 1]);
  const listPath = segments[at + 1];
  const list = listPath === undefined ? undefined : type?.lists.find((candidate) => candidate.path === listPath);
  if (!type || (listPath !== undefined && !list)) throw ApiError.notFound();
  return { type, list };
}

/**
 * The entity panels: every entity type's info and related lists (domain/entity-catalog.ts), each answered by one
 * walk of the catalogue's evaluator. Routes are the catalogue's, so adding a list there serves it here.
 */
@ApiTags('Graph')
@Controller()
export class EntityCatalogController {
  constructor(private readonly entities: EntityLists, private readonly limits: GraphLimits) {}

  @Patch('domains/:object_id')
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Marks a domain collected or not (the explorer\'s domain picker)',
    description: 'Body `{"collected": true|false}`. The reference registers this write under graphdb:Read; ' +
      'Pathwarden requires graphdb:Write (docs/architecture.md, deviation 24).',
  })
  @ApiParam({ name: 'object_id', description: 'objectid of the domain' })
  @ApiOkResponse({ description: '`{"data": {"collected": bool}}`' })
  @ApiErrors(400, 401, 403, 404, 429)
  async patchDomain(@Param('object_id') objectId: string, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    const collected = BodyReader.of(body).boolean('collected', { missing: () => ApiError.badRequest(GraphErrors.noDomainFields) });
    const id = readObjectId(objectId);
    await this.limits.run(principal, () => this.entities.markCollected(id, collected));
    return data({ collected });
  }

  @Get(ENTITY_INFO_PATHS)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'An entity (user, computer, group, domain, OU, GPO, container, ADCS object, base, meta), with counts',
    description: 'counts (or count), default true: adds the size of each related list under its count key; ' +
      'false: isTierZero in props for tier-zero nodes. An object of another kind, or none, is 404 `node not found`.',
  })
  @ApiParam({ name: 'object_id', description: 'objectid of the node (SID, GUID or any collector id)' })
  @ApiQuery({ name: 'counts', required: false, type: Boolean })
  @ApiQuery({ name: 'count', required: false, type: Boolean, description: 'same as counts (the spec\'s name)' })
  @ApiOkResponse({ type: EntityInfoView, description: '`{"data": {kinds, props, <count key>: n, ...}}`' })
  @ApiErrors(400, 401, 403, 404, 429)
  async info(
    @Req() request: Request, @Param('object_id') objectId: string, @Query() query: RawQuery, @CurrentPrincipal() principal: Principal,
  ) {
    const { type } = routeOf(request);
    const withCounts = readFlag([...queryValues(query, 'counts'), ...queryValues(query, 'count')], true);
    const id = readObjectId(objectId);
    const info = await this.limits.run(principal, () => this.entities.info(type, id, withCounts));
    return data(presentEntityInfo(info.node, info.counts));
  }

  @Get(ENTITY_LIST_PATHS)
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'A related list of an entity (sessions, memberships, rights, controllers, a domain\'s objects, ...)',
    description: 'type=list (default): paginated node list, sort_by objectid or name (default node id descending). ' +
      'type=graph: the reference\'s unwrapped visualisation map of the walk. The route names the list.',
  })
  @ApiParam({ name: 'object_id', description: 'objectid of the entity' })
  @EntityListDocs()
  async list(
    @Req() request: Request, @Param('object_id') objectId: string, @Query() query: RawQuery, @CurrentPrincipal() principal: Principal,
  ) {
    const { type, list } = routeOf(request);
    const resultType = readResultType(query);
    if (resultType === 'graph' && list!.graph === false) {
      throw ApiError.badRequest(GraphErrors.entityQueryParameters(GraphErrors.graphNotSupported));
    }
    const { sort } = parseListQuery(ENTITY_LIST, query);
    const { skip, limit } = readGraphPaging(query, entityParameters);
    const id = readObjectId(objectId);
    const explicitSort = queryValues(query, 'sort_by').length > 0 ? sort : [];
    const page = await this.limits.run(principal, () =>
      this.entities.page(type, list!, id, {
        skip, limit, sort: explicitSort, graph: resultType === 'graph', maxElements: this.limits.resultLimit,
      }));
    if (resultType === 'graph') {
      assertWithinResultLimit(collectGraph(page.nodes, page.edges), this.limits.resultLimit);
      return presentLegacyGraph(page.nodes, page.edges);
    }
    return paginated(page.nodes.map(presentNodeListEntry), { count: page.count, skip, limit });
  }
}
