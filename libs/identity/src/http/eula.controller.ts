import { Controller, HttpCode, Put } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, ApiErrors, Authenticated, CurrentPrincipal, type Principal } from '@app/platform';
import { UserCommands } from '../application/user-commands.js';

@ApiTags('Identity')
@Controller('accept-eula')
export class EulaController {
  constructor(private readonly commands: UserCommands) {}

  // BHE's route (the reference CE has none and marks every user as having accepted): any user may accept for
  // themselves, as a BHE user who has not accepted holds only auth:AcceptEULA; nothing is gated on it here.
  @Put()
  @HttpCode(202)
  @Authenticated()
  @ApiOperation({
    summary: 'Accept the EULA for the calling user',
    description: 'Recorded as the user\'s eula_accepted (GET /api/v2/self, login); a request body is ignored.',
  })
  @ApiAcceptedResponse({ description: 'Empty body' })
  @ApiErrors(400, 401, 404)
  async accept(@CurrentPrincipal() principal: Principal): Promise<void> {
    // A collection client is authenticated but is not a user.
    if (principal.via === 'client') throw ApiError.notFound();
    await this.commands.acceptEula(principal.userId);
  }
}
