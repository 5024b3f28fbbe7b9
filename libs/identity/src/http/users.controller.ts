import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, paginated, parseListQuery, Permissions, type Principal,
  RequirePermission, UuidId,
} from '@app/platform';
import { USER_LIST } from '../application/list-specs.js';
import { UserStore } from '../application/ports.js';
import { UserCommands, type UserInput } from '../application/user-commands.js';
import { CreateUserDto, SetSecretDto, UpdateUserDto } from './bodies.js';
import { presentUser } from './presenters.js';
import { UserView } from './views.js';

function toInput(dto: UpdateUserDto): UserInput {
  return {
    principalName: dto.principal,
    firstName: dto.first_name,
    lastName: dto.last_name,
    emailAddress: dto.email_address,
    roleIds: dto.roles,
    ssoProviderId: dto.sso_provider_id,
    isDisabled: dto.is_disabled,
  };
}

@ApiTags('Identity')
@Controller('bloodhound-users')
export class UsersController {
  constructor(private readonly users: UserStore, private readonly commands: UserCommands) {}

  @Get()
  @RequirePermission(Permissions.AuthManageUsers, Permissions.AuthReadUsers)
  @ApiOperation({ summary: 'List users', description: 'Paginated; filters on names, email, principal, id, last_login, is_disabled and timestamps.' })
  @ApiOkResponse({ description: '`{count, skip, limit, data: {users: [User]}}`' })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: Record<string, unknown>) {
    const parsed = parseListQuery(USER_LIST, query);
    const page = await this.users.list(parsed);
    return { ...paginated([], { count: page.count, skip: parsed.skip, limit: parsed.limit }), data: { users: page.items.map(presentUser) } };
  }

  @Post()
  @RequirePermission(Permissions.AuthManageUsers)
  @ApiOperation({ summary: 'Create a user' })
  @ApiCreatedResponse({ type: UserView, description: '`{"data": User}`' })
  @ApiErrors(400, 401, 403, 409)
  async create(@Body() dto: CreateUserDto) {
    const user = await this.commands.create({
      ...toInput(dto), principalName: dto.principal, secret: dto.secret, needsPasswordReset: dto.needs_password_reset,
    });
    return data(presentUser(user));
  }

  @Get(':user_id')
  @RequirePermission(Permissions.AuthManageUsers, Permissions.AuthReadUsers)
  @ApiOperation({ summary: 'Get a user' })
  @ApiOkResponse({ type: UserView, description: '`{"data": User}`' })
  @ApiErrors(400, 401, 403, 404)
  async get(@UuidId('user_id') id: string) {
    const user = await this.users.findById(id);
    if (!user) throw ApiError.notFound();
    return data(presentUser(user));
  }

  @Patch(':user_id')
  @HttpCode(200)
  @RequirePermission(Permissions.AuthManageUsers)
  @ApiOperation({ summary: 'Update a user', description: 'Users may not disable themselves or change their own role or SSO provider.' })
  @ApiOkResponse({ type: UserView })
  @ApiErrors(400, 401, 403, 404, 409)
  async update(@UuidId('user_id') id: string, @Body() dto: UpdateUserDto, @CurrentPrincipal() actor: Principal) {
    return data(presentUser(await this.commands.update(actor, id, toInput(dto))));
  }

  @Delete(':user_id')
  @HttpCode(200)
  @RequirePermission(Permissions.AuthManageUsers)
  @ApiOperation({ summary: 'Delete a user (soft delete); a user cannot delete themselves' })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 403, 404)
  async remove(@UuidId('user_id') id: string, @CurrentPrincipal() actor: Principal): Promise<void> {
    await this.commands.delete(actor, id);
  }

  @Put(':user_id/secret')
  @HttpCode(200)
  @RequirePermission(Permissions.AuthManageSelf, Permissions.AuthManageUsers)
  @ApiOperation({
    summary: "Set a user's secret",
    description: "Own secret: needs current_secret. Another user's: needs auth:ManageUsers. needs_password_reset expires it now.",
  })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 403, 404)
  async setSecret(@UuidId('user_id') id: string, @Body() dto: SetSecretDto, @CurrentPrincipal() actor: Principal): Promise<void> {
    await this.commands.setSecret(actor, id, {
      secret: dto.secret, currentSecret: dto.current_secret, needsPasswordReset: dto.needs_password_reset,
    });
  }

  @Delete(':user_id/secret')
  @HttpCode(200)
  @RequirePermission(Permissions.AuthManageSelf, Permissions.AuthManageUsers)
  @ApiOperation({
    summary: "Expire a user's secret",
    description: "The secret stays, expired: the next login answers auth_expired and the user may only manage " +
      "themselves until it is changed. Own secret: auth:ManageSelf; another user's: auth:ManageUsers. An SSO user: 409.",
  })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 403, 404, 409)
  async expireSecret(@UuidId('user_id') id: string, @CurrentPrincipal() actor: Principal): Promise<void> {
    await this.commands.expireSecret(actor, id);
  }
}
