import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors, CurrentPrincipal, data, parseListQuery, Permissions, type Principal, RequirePermission, UuidId,
} from '@app/platform';
import { ApiTokens } from '../application/api-tokens.js';
import { TOKEN_LIST } from '../application/list-specs.js';
import { CreateTokenDto } from './bodies.js';
import { presentToken, TokenView } from './views.js';

@ApiTags('Authentication')
@Controller('tokens')
@RequirePermission(Permissions.AuthCreateToken, Permissions.AuthManageUsers)
export class TokensController {
  constructor(private readonly tokens: ApiTokens) {}

  @Get()
  @ApiOperation({ summary: "List API tokens (the caller's own; everyone's with auth:ManageUsers); keys are never shown" })
  @ApiOkResponse({ description: '`{"data": {"tokens": [Token]}}`' })
  @ApiErrors(400, 401, 403)
  async list(@CurrentPrincipal() actor: Principal, @Query() query: Record<string, unknown>) {
    const tokens = await this.tokens.list(actor, parseListQuery(TOKEN_LIST, query));
    return data({ tokens: tokens.map((t) => presentToken(t)) });
  }

  @Post()
  @ApiOperation({ summary: 'Create an API token; the answer is the only time its key is shown' })
  @ApiCreatedResponse({ type: TokenView })
  @ApiErrors(400, 401, 403, 404)
  async create(@CurrentPrincipal() actor: Principal, @Body() dto: CreateTokenDto) {
    const { token, key } = await this.tokens.create(actor, dto.token_name, dto.user_id?.toLowerCase());
    return data(presentToken(token, key));
  }

  @Delete(':token_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete an API token' })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 403, 404)
  async remove(@CurrentPrincipal() actor: Principal, @UuidId('token_id') id: string): Promise<void> {
    await this.tokens.delete(actor, id);
  }
}
