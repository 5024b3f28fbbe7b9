import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors, CurrentPrincipal, data, Permissions, type Principal, type RawQuery, RequirePermission,
} from '@app/platform';
import { AclInheritance } from '../application/acl-inheritance.js';
import { GraphLimits } from '../application/graph-limits.js';
import { RelayTargets } from '../application/relay-targets.js';
import { readCompositionParams } from './graph.params.js';
import { presentGraph } from './presenters.js';
import { GraphView } from './views.js';

const EDGE_PARAMS = [
  { name: 'edge_type', required: true, description: 'edge kind, e.g. CoerceAndRelayNTLMToSMB' },
  { name: 'source_node', required: true, description: 'node id of the start node' },
  { name: 'target_node', required: true, description: 'node id of the end node' },
];

/** What lies behind one post-processed edge besides its composition (routes-misc C.6). */
@ApiTags('Graph')
@Controller('graphs')
export class EdgeDetailsController {
  constructor(
    private readonly relayTargets: RelayTargets,
    private readonly aclInheritance: AclInheritance,
    private readonly limits: GraphLimits,
  ) {}

  @Get('relay-targets')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'The nodes an NTLM relay edge can relay to',
    description: 'SMB: coercible computers; ADCS: enterprise CAs with a vulnerable web enrolment endpoint; LDAP/LDAPS: '
      + 'domain controllers that accept the relay. Other edge kinds have none (an empty graph).',
  })
  @ApiQuery(EDGE_PARAMS[0])
  @ApiQuery(EDGE_PARAMS[1])
  @ApiQuery(EDGE_PARAMS[2])
  @ApiOkResponse({ type: GraphView, description: '`{"data": {nodes, edges: [], literals: []}}`, with properties' })
  @ApiErrors(400, 401, 403, 429)
  async relay(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const { kind, startId, endId } = readCompositionParams(query);
    const result = await this.limits.run(principal, () => this.relayTargets.find(startId, endId, kind));
    return data(presentGraph(result, { includeProperties: true, now: new Date() }));
  }

  @Get('acl-inheritance')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Where an inherited ACL edge is inherited from',
    description: 'The containers holding the edge\'s inheritance hash, with the Contains paths down to its target, and '
      + 'the edge itself; an empty graph when the edge is not an inherited ACE or inheritance is blocked.',
  })
  @ApiQuery(EDGE_PARAMS[0])
  @ApiQuery(EDGE_PARAMS[1])
  @ApiQuery(EDGE_PARAMS[2])
  @ApiOkResponse({ type: GraphView, description: '`{"data": {nodes, edges, literals: []}}`, with properties' })
  @ApiErrors(400, 401, 403, 429)
  async acl(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const { kind, startId, endId } = readCompositionParams(query);
    const result = await this.limits.run(principal, () => this.aclInheritance.find(startId, endId, kind));
    return data(presentGraph(result, { includeProperties: true, now: new Date() }));
  }
}
