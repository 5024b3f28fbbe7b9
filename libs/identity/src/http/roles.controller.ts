import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, ApiErrors, data, IntId, parseListQuery, Permissions, RequirePermission } from '@app/platform';
import { ROLE_LIST } from '../application/list-specs.js';
import { RoleStore } from '../application/ports.js';
import { presentRole } from './presenters.js';
import { RoleView } from './views.js';

@ApiTags('Identity')
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RoleStore) {}

  @Get()
  @RequirePermission(Permissions.AuthManageSelf)
  @ApiOperation({ summary: 'List roles', description: 'Filters: name (eq, neq, ~eq), id, created_at, updated_at, deleted_at.' })
  @ApiOkResponse({ description: '`{"data": {"roles": [Role]}}`' })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: Record<string, unknown>) {
    const roles = await this.roles.list(parseListQuery(ROLE_LIST, query));
    return data({ roles: roles.map(presentRole) });
  }

  @Get(':role_id')
  @RequirePermission(Permissions.AuthManageSelf)
  @ApiOperation({ summary: 'Get a role with its permissions' })
  @ApiOkResponse({ type: RoleView, description: '`{"data": Role}`' })
  @ApiErrors(400, 401, 403, 404)
  async get(@IntId('role_id') id: number) {
    const role = await this.roles.find(id);
    if (!role) throw ApiError.notFound();
    return data(presentRole(role));
  }
}
