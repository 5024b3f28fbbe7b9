import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiError, ApiErrors, Authenticated, CurrentPrincipal, data, Public, type Principal } from '@app/platform';
import { presentUser, UserQueries, UserView } from '@app/identity';
import { Sessions } from '../application/sessions.js';
import { LoginDto } from './bodies.js';
import { LoginThrottleGuard } from './login-throttle.guard.js';
import { LoginView } from './views.js';

@ApiTags('Authentication')
@Controller()
export class LoginController {
  constructor(private readonly sessions: Sessions, private readonly users: UserQueries) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @UseGuards(LoginThrottleGuard)
  @ApiSecurity({})
  @ApiOperation({ summary: 'Log in with a principal name and secret', description: 'Throttled per client address.' })
  @ApiOkResponse({ type: LoginView, description: '`{"data": {user_id, user_name, auth_expired, eula_accepted, session_token}}`' })
  @ApiErrors(400, 401, 403, 429)
  async login(@Body() dto: LoginDto) {
    return data(await this.sessions.login(dto.username, dto.secret));
  }

  @Post('logout')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'End the current session' })
  @ApiOkResponse({ description: 'Empty body' })
  @ApiErrors(400, 401)
  async logout(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.sessions.logout(principal);
  }

  @Get('self')
  @Authenticated()
  @ApiOperation({ summary: 'The calling user' })
  @ApiOkResponse({ type: UserView, description: '`{"data": User}`' })
  @ApiErrors(400, 401, 404)
  async self(@CurrentPrincipal() principal: Principal) {
    // A collection client is authenticated but is not a user.
    if (principal.via === 'client') throw ApiError.notFound();
    const user = await this.users.find(principal.userId);
    if (!user) throw ApiError.unauthorized();
    return data(presentUser(user));
  }
}
