import { Module } from '@nestjs/common';
import { BootstrapAdmin } from './application/bootstrap-admin.js';
import { CredentialCheck } from './application/credential-check.js';
import {
  InitialPasswordNotice, PasswordHasher, PermissionStore, RoleStore, SamlMetadataReader, SsoProviderStore, UserStore,
} from './application/ports.js';
import { SsoCommands } from './application/sso-commands.js';
import { UserCommands } from './application/user-commands.js';
import { UserQueries } from './application/user-queries.js';
import { EulaController } from './http/eula.controller.js';
import { PermissionsController } from './http/permissions.controller.js';
import { RolesController } from './http/roles.controller.js';
import { SsoProvidersController } from './http/sso-providers.controller.js';
import { UsersMinimalController } from './http/users-minimal.controller.js';
import { UsersController } from './http/users.controller.js';
import { Argon2PasswordHasher } from './infrastructure/argon2-password-hasher.js';
import { InitialPasswordFile } from './infrastructure/initial-password-file.js';
import { FastXmlSamlMetadataReader } from './infrastructure/saml-metadata.js';
import { PgPermissionStore } from './infrastructure/pg-permission.store.js';
import { PgRoleStore } from './infrastructure/pg-role.store.js';
import { PgSsoProviderStore } from './infrastructure/pg-sso-provider.store.js';
import { PgUserStore } from './infrastructure/pg-user.store.js';

/** Users, roles, permissions and SSO providers. Exports what authentication needs. */
@Module({
  controllers: [
    RolesController, PermissionsController, UsersMinimalController, UsersController, EulaController, SsoProvidersController,
  ],
  providers: [
    { provide: UserStore, useClass: PgUserStore },
    { provide: RoleStore, useClass: PgRoleStore },
    { provide: PermissionStore, useClass: PgPermissionStore },
    { provide: SsoProviderStore, useClass: PgSsoProviderStore },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    { provide: InitialPasswordNotice, useClass: InitialPasswordFile },
    { provide: SamlMetadataReader, useClass: FastXmlSamlMetadataReader },
    UserCommands,
    UserQueries,
    SsoCommands,
    CredentialCheck,
    BootstrapAdmin,
  ],
  exports: [CredentialCheck, UserQueries],
})
export class IdentityModule {}
