import { Body, Controller, Delete, Get, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AcceptsBody, ApiError, ApiErrors, AppConfig, CurrentPrincipal, data, Deprecated, IntId, Permissions, type Principal,
  RequirePermission,
} from '@app/platform';
import { SsoProviderStore } from '../application/ports.js';
import { SsoCommands } from '../application/sso-commands.js';
import { SAML_METADATA_LIMIT, SamlMetadataErrors } from '../domain/saml-metadata.js';
import { CreateOidcProviderDto, CreateSamlProviderDto } from './bodies.js';
import { SamlMetadataUploadErrors } from './saml-metadata-upload.js';
import { presentSamlProvider, presentSsoProvider, presentUser } from './presenters.js';
import { AffectedUsersView, SsoProviderView } from './views.js';

@ApiTags('Identity')
@Controller()
@RequirePermission(Permissions.AuthManageProviders)
export class SsoProvidersController {
  constructor(private readonly providers: SsoProviderStore, private readonly commands: SsoCommands, private readonly config: AppConfig) {}

  @Get('sso-providers')
  @ApiOperation({ summary: 'List SSO providers' })
  @ApiOkResponse({ type: [SsoProviderView], description: '`{"data": [SSOProvider]}`' })
  @ApiErrors(401, 403)
  async list() {
    return data((await this.providers.list()).map((p) => presentSsoProvider(p, this.config.rootUrl)));
  }

  @Get('saml')
  @Deprecated('/api/v2/sso-providers')
  @ApiOperation({ summary: 'List SAML providers (deprecated: use GET /api/v2/sso-providers)' })
  @ApiOkResponse({ description: '`{"data": {"saml_providers": [SAMLProvider]}}`' })
  @ApiErrors(401, 403)
  async listSaml() {
    const saml = await this.providers.listSaml();
    return data({ saml_providers: saml.map((p) => presentSamlProvider(p, this.config.rootUrl)) });
  }

  @Post('sso-providers/oidc')
  @ApiOperation({ summary: 'Create an OIDC provider (configuration only; no outbound request)' })
  @ApiCreatedResponse({ type: SsoProviderView })
  @ApiErrors(400, 401, 403, 409)
  async createOidc(@Body() dto: CreateOidcProviderDto) {
    const provider = await this.commands.createOidc({
      name: dto.name,
      clientId: dto.client_id,
      issuer: dto.issuer,
      config: dto.config && {
        enabled: dto.config.auto_provision.enabled,
        defaultRoleId: dto.config.auto_provision.default_role_id,
        roleProvision: dto.config.auto_provision.role_provision,
      },
    });
    return data(presentSsoProvider(provider, this.config.rootUrl));
  }

  @Post('sso-providers/saml')
  @AcceptsBody('multipart/form-data')
  @UseInterceptors(
    SamlMetadataUploadErrors,
    FileInterceptor('metadata', { limits: { fileSize: SAML_METADATA_LIMIT + 1, files: 1, fields: 8, parts: 10 } }),
  )
  @ApiOperation({ summary: 'Create a SAML provider from IdP metadata XML (at most 1 MiB; DOCTYPE and entities refused)' })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({
    schema: { type: 'object', required: ['name', 'metadata'], properties: { name: { type: 'string' }, metadata: { type: 'string', format: 'binary' } } },
  })
  @ApiCreatedResponse({ type: SsoProviderView })
  @ApiErrors(400, 401, 403, 409, 413)
  async createSaml(@Body() dto: CreateSamlProviderDto, @UploadedFile() file?: { buffer: Buffer }) {
    const metadataXml = file ? file.buffer.toString('utf8') : dto.metadata;
    if (!metadataXml) throw ApiError.badRequest(SamlMetadataErrors.missing);
    const provider = await this.commands.createSaml({ name: dto.name, metadataXml });
    return data(presentSsoProvider(provider, this.config.rootUrl));
  }

  @Delete('sso-providers/:sso_provider_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete an SSO provider; its users are unbound and returned' })
  @ApiOkResponse({ type: AffectedUsersView, description: '`{"data": {"affected_users": [User]}}`' })
  @ApiErrors(400, 401, 403, 404, 409)
  async remove(@IntId('sso_provider_id') id: number, @CurrentPrincipal() actor: Principal) {
    const users = await this.commands.delete(actor, id);
    return data({ affected_users: users.map(presentUser) });
  }
}
