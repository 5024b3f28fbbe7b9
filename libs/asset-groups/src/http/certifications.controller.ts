import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  ApiErrors, CurrentPrincipal, EnterpriseOnly, pageSchema, paginated, parseListQuery, Permissions, type Principal,
  RequirePermission,
} from '@app/platform';
import { CertificationStore, CertifyMembers } from '../application/certification-commands.js';
import { CERTIFICATION_LIST } from '../application/list-specs.js';
import { CertifyMembersDto, readCertifyBody } from './member-bodies.js';
import { presentCertificationRecord } from './member-presenters.js';
import { readEnvironments } from './query.params.js';
import { CertificationRecordView } from './views.js';

/** Registered before the tags controller: `certifications` must not be taken for an `{asset_group_tag_id}`. */
@ApiTags('Asset group tags')
@ApiExtraModels(CertificationRecordView)
@EnterpriseOnly()
@Controller('asset-group-tags/certifications')
export class CertificationsController {
  // The history is a plain read of the store's list: no use case of its own.
  constructor(private readonly certify: CertifyMembers, private readonly store: CertificationStore) {}

  @Post()
  @HttpCode(200)
  @RequirePermission(Permissions.GraphDBWrite)
  @ApiOperation({
    summary: 'Certify (action 2) or revoke (action 1) members, by graph node id, in every tag they belong to',
    description:
      "Per member and tag, the highest-priority selector record (seed before expansion, default selectors first, " +
      'then the lowest selector id) takes the new state and the other records go back to pending; records already ' +
      'in that state and automatically certified records are left alone. Unknown ids are ignored.',
  })
  @ApiBody({ type: CertifyMembersDto })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 403)
  async certifyMembers(@Body() body: unknown, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.certify.run(principal, readCertifyBody(body));
  }

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'List the certification history (one row per record a request changed), newest first',
    description:
      'Paginated (limit 50 by default). Filters: created_at (timestamp); id (member node id), history_id, ' +
      'asset_group_tag_id, selector_id, action, certified (integers); certified_by, actor, email, object_id, name, ' +
      'primary_kind, environment_id (strings). `environments` (repeatable, as in the member lists) keeps the ' +
      'records of those domains or tenants. sort_by: id, history_id, created_at, name, object_id.',
  })
  @ApiOkResponse({
    description: '`{count, skip, limit, data: {members: [CertificationRecord]}}`',
    schema: pageSchema({
      type: 'object',
      required: ['members'],
      properties: { members: { type: 'array', items: { $ref: getSchemaPath(CertificationRecordView) } } },
    }),
  })
  @ApiErrors(400, 401, 403)
  async history(@Query() query: Record<string, unknown>) {
    const parsed = parseListQuery(CERTIFICATION_LIST, query);
    const page = await this.store.history(parsed, readEnvironments(query));
    return {
      ...paginated([], { count: page.count, skip: parsed.skip, limit: parsed.limit }),
      data: { members: page.items.map(presentCertificationRecord) },
    };
  }
}
