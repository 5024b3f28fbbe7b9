import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  ApiErrors, CurrentPrincipal, data, dataSchema, Permissions, type Principal, RequirePermission,
} from '@app/platform';
import { CompletenessReader } from '../application/completeness-ports.js';
import { GraphLimits } from '../application/graph-limits.js';
import { presentCompleteness } from './graph-helper-presenters.js';
import { CompletenessView } from './graph-helper-views.js';

@ApiTags('Graph')
@ApiExtraModels(CompletenessView)
@Controller('completeness')
export class CompletenessController {
  constructor(private readonly reader: CompletenessReader, private readonly limits: GraphLimits) {}

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'How complete the collected sessions and local groups are',
    description: 'Of the enabled users and enabled Windows computers that logged on within 14 days of the latest logon '
      + 'of their kind, the share with a session, and with local-group (AdminTo, CanRDP, ...) edges; 0 when none.',
  })
  @ApiOkResponse({ schema: dataSchema({ $ref: getSchemaPath(CompletenessView) }) })
  @ApiErrors(401, 403, 429)
  async get(@CurrentPrincipal() principal: Principal) {
    return data(presentCompleteness(await this.limits.run(principal, () => this.reader.read())));
  }
}
