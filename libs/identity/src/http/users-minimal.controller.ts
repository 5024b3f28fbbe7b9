import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, data, parseListQuery, Permissions, RequirePermission } from '@app/platform';
import { ACTIVE_USER_MINIMAL_LIST, MINIMAL_USER_LIST } from '../application/list-specs.js';
import { UserStore } from '../application/ports.js';
import { presentActiveUserMinimal, presentMinimalUser } from './presenters.js';

/** The users without sensitive data: the spec's listing and the reference's public twin (its shape, its permission). */
@ApiTags('Identity')
@Controller()
export class UsersMinimalController {
  constructor(private readonly users: UserStore) {}

  @Get('graph-users-minimal')
  @RequirePermission(Permissions.AuthReadUsersMinimal)
  @ApiOperation({
    summary: 'List users without sensitive data (disabled users excluded)',
    description: 'Filters: first_name, last_name, email_address (eq, neq, ~eq), id (uuid eq, neq).',
  })
  @ApiOkResponse({ description: '`{"data": {"users": [{id, first_name, last_name, email}]}}`' })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: Record<string, unknown>) {
    const users = await this.users.listMinimal(MINIMAL_USER_LIST, parseListQuery(MINIMAL_USER_LIST, query));
    return data({ users: users.map(presentMinimalUser) });
  }

  @Get('bloodhound-users-minimal')
  // compat part 1: the newest reference asks auth:ReadUsersMinimal here (older ones auth:ReadUsers).
  @RequirePermission(Permissions.AuthReadUsersMinimal)
  @ApiOperation({
    summary: 'List active users without sensitive data (disabled users excluded)',
    description: 'Not paginated. Filters: first_name, last_name, email_address, principal_name (eq, neq, ~eq), id ' +
      '(uuid eq, neq). sort_by: first_name, last_name, email_address, principal_name, id (id by default). Missing ' +
      'names and emails are "".',
  })
  @ApiOkResponse({ description: '`{"data": {"users": [{id, email, first_name, last_name}]}}`' })
  @ApiErrors(400, 401, 403)
  async listActive(@Query() query: Record<string, unknown>) {
    const users = await this.users.listMinimal(ACTIVE_USER_MINIMAL_LIST, parseListQuery(ACTIVE_USER_MINIMAL_LIST, query));
    return data({ users: users.map(presentActiveUserMinimal) });
  }
}
