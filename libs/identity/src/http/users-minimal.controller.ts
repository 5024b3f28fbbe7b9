import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, data, parseListQuery, Permissions, RequirePermission } from '@app/platform';
import { MINIMAL_USER_LIST } from '../application/list-specs.js';
import { UserStore } from '../application/ports.js';
import { presentMinimalUser } from './presenters.js';

@ApiTags('Identity')
@Controller('graph-users-minimal')
export class UsersMinimalController {
  constructor(private readonly users: UserStore) {}

  @Get()
  @RequirePermission(Permissions.AuthReadUsersMinimal)
  @ApiOperation({
    summary: 'List users without sensitive data (disabled users excluded)',
    description: 'Filters: first_name, last_name, email_address (eq, neq, ~eq), id (uuid eq, neq).',
  })
  @ApiOkResponse({ description: '`{"data": {"users": [{id, first_name, last_name, email}]}}`' })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: Record<string, unknown>) {
    const users = await this.users.listMinimal(parseListQuery(MINIMAL_USER_LIST, query));
    return data({ users: users.map(presentMinimalUser) });
  }
}
