import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, ApiErrors, data, IntId, parseListQuery, Permissions, RequirePermission } from '@app/platform';
import { PERMISSION_LIST } from '../application/list-specs.js';
import { PermissionStore } from '../application/ports.js';
import { presentPermission } from './presenters.js';
import { PermissionView } from './views.js';

@ApiTags('Identity')
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly permissions: PermissionStore) {}

  @Get()
  @RequirePermission(Permissions.AuthManageSelf)
  @ApiOperation({
    summary: 'List permissions',
    description: 'Not paginated. Filters: authority, name (eq, neq), id, created_at, updated_at, deleted_at. ' +
      'sort_by: authority, name, id, created_at, updated_at, deleted_at (id by default).',
  })
  @ApiOkResponse({ description: '`{"data": {"permissions": [Permission]}}`' })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: Record<string, unknown>) {
    const permissions = await this.permissions.list(parseListQuery(PERMISSION_LIST, query));
    return data({ permissions: permissions.map(presentPermission) });
  }

  @Get(':permission_id')
  @RequirePermission(Permissions.AuthManageSelf)
  @ApiOperation({ summary: 'Get a permission' })
  @ApiOkResponse({ type: PermissionView, description: '`{"data": Permission}`' })
  @ApiErrors(400, 401, 403, 404)
  async get(@IntId('permission_id') id: number) {
    const permission = await this.permissions.find(id);
    if (!permission) throw ApiError.notFound();
    return data(presentPermission(permission));
  }
}
