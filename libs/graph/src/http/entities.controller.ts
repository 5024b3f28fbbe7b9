import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CurrentPrincipal, defineListSpec, paginated, parseListQuery, Permissions, type Principal,
  type RawQuery, RequirePermission,
} from '@app/platform';
import {
  ConstrainedDelegation, DELEGATION_DEFAULT_SORT, DELEGATION_SORT_KEYS, sortNodes,
} from '../application/constrained-delegation.js';
import { GraphLimits } from '../application/graph-limits.js';
import { assertWithinResultLimit, collectGraph } from '../application/graph-result.js';
import { presentLegacyGraph, presentNodeListEntry } from './entity-presenters.js';
import { readObjectId } from './graph.params.js';
import { EntityListDocs } from './entity-list-docs.js';
import { readGraphPaging } from './graph-paging.js';
import { entityParameters, readResultType } from './entity-catalog.controller.js';

/** sort_by of entity lists; filters are not offered (any `x=op:y` is refused by the list library). */
const DELEGATION_LIST = defineListSpec({
  filters: {},
  sortable: DELEGATION_SORT_KEYS,
  defaultSort: DELEGATION_DEFAULT_SORT,
  paging: false,
  reserved: ['type'],
});


@ApiTags('Graph')
@Controller()
export class EntitiesController {
  constructor(
    private readonly delegation: ConstrainedDelegation,
    private readonly limits: GraphLimits,
  ) {}

  @Get('computers/:object_id/constrained-delegation-rights')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'What a computer may delegate to (outbound AllowedToDelegate)',
    description: 'type=list (default): paginated node list, sort_by objectid or name (default node id descending). ' +
      'type=graph: the reference\'s unwrapped visualisation map.',
  })
  @ApiParam({ name: 'object_id', description: 'objectid of the computer' })
  @EntityListDocs()
  async constrainedDelegationRights(
    @Param('object_id') objectId: string,
    @Query() query: RawQuery,
    @CurrentPrincipal() principal: Principal,
  ) {
    const type = readResultType(query);
    const { sort } = parseListQuery(DELEGATION_LIST, query);
    const { skip, limit } = readGraphPaging(query, entityParameters);
    const id = readObjectId(objectId);
    const rights = await this.limits.run(principal, () => this.delegation.rights(id));
    if (type === 'graph') {
      assertWithinResultLimit(collectGraph([rights.computer, ...rights.nodes], rights.edges), this.limits.resultLimit);
      return presentLegacyGraph([rights.computer, ...rights.nodes], rights.edges);
    }
    const page = sortNodes(rights.nodes, sort).slice(skip, skip + limit);
    return paginated(page.map(presentNodeListEntry), { count: rights.nodes.length, skip, limit });
  }
}
