import { Body, Controller, Delete, Get, HttpCode, Put, Res } from '@nestjs/common';
import {
  ApiBody, ApiCreatedResponse, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors, CurrentPrincipal, data, dataSchema, Int64Id, Permissions, RequirePermission, type Principal,
} from '@app/platform';
import { QuerySharingCommands } from '../application/query-sharing-commands.js';
import { readShareBody, readUnshareBody, SharePermissionsDto, UnsharePermissionsDto } from './saved-query-bodies.js';
import { presentQueryPermission, presentQueryPermissions } from './saved-query-presenters.js';
import { callerOf, QUERY_ID, queryId } from './saved-query.params.js';
import { QueryPermissionsView, QueryPermissionView } from './saved-query-views.js';

/** Who may read a saved query besides its owner: public, or shared to users. */
@ApiTags('Saved queries')
@ApiExtraModels(QueryPermissionView)
@Controller(`saved-queries/:${QUERY_ID}/permissions`)
export class SavedQueryPermissionsController {
  constructor(private readonly sharing: QuerySharingCommands) {}

  @Get()
  @RequirePermission(Permissions.SavedQueriesRead)
  @ApiOperation({
    summary: 'Who a saved query is shared to',
    description: 'For the owner, an admin (auth:ManageUsers), or anyone when public; 404 when it is neither public ' +
      'nor shared.',
  })
  @ApiOkResponse({ type: QueryPermissionsView, description: '`{"data": {query_id, public, shared_to_user_ids}}`' })
  @ApiErrors(400, 401, 403, 404)
  async get(@CurrentPrincipal() principal: Principal, @Int64Id(QUERY_ID) id: string) {
    return data(presentQueryPermissions(await this.sharing.permissions(callerOf(principal), queryId(id))));
  }

  @Put()
  @RequirePermission(Permissions.SavedQueriesWrite)
  @ApiOperation({
    summary: 'Share a saved query, make it public, or make it private',
    description: '`public: true` publishes (dropping user shares; 204 when already public); `user_ids` shares to ' +
      'existing users (201 with the rows); neither unshares everyone (204). The owner of a private query; only an ' +
      'admin (auth:ManageUsers) makes a public query private again.',
  })
  @ApiBody({ type: SharePermissionsDto })
  @ApiCreatedResponse({ schema: dataSchema({ type: 'array', items: { $ref: getSchemaPath(QueryPermissionView) } }) })
  @ApiNoContentResponse({ description: 'Nothing more to write (already public, or made private). Empty body' })
  @ApiErrors(400, 401, 403, 404)
  async share(
    @CurrentPrincipal() principal: Principal, @Int64Id(QUERY_ID) id: string, @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const outcome = await this.sharing.share(callerOf(principal), queryId(id), readShareBody(body));
    if (!outcome.changed) {
      res.status(204);
      return undefined;
    }
    res.status(201);
    return data(outcome.rows.map(presentQueryPermission));
  }

  @Delete()
  @HttpCode(204)
  @RequirePermission(Permissions.SavedQueriesWrite)
  @ApiOperation({
    summary: 'Remove shares of a saved query',
    description: 'Removes the shares to `user_ids`; `[]` removes every permission (public included). A user may ' +
      'remove their own share; anything else needs the owner or an admin (auth:ManageUsers).',
  })
  @ApiBody({ type: UnsharePermissionsDto })
  @ApiNoContentResponse({ description: 'Removed. Empty body' })
  @ApiErrors(400, 401, 403, 404)
  async unshare(@CurrentPrincipal() principal: Principal, @Int64Id(QUERY_ID) id: string, @Body() body: unknown) {
    await this.sharing.unshare(callerOf(principal), queryId(id), readUnshareBody(body));
  }
}
