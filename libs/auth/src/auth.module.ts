import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { AppConfig } from '@app/platform';
import { IdentityModule } from '@app/identity';
import { ApiTokens } from './application/api-tokens.js';
import { ApiTokenStore, SessionStore, SignatureReplayStore } from './application/ports.js';
import { Sessions } from './application/sessions.js';
import { SignedRequests } from './application/signed-requests.js';
import { AuthGuard } from './http/auth.guard.js';
import { LoginController } from './http/login.controller.js';
import { LoginThrottleGuard } from './http/login-throttle.guard.js';
import { TokensController } from './http/tokens.controller.js';
import { PgApiTokenStore } from './infrastructure/pg-api-token.store.js';
import { PgSessionStore } from './infrastructure/pg-session.store.js';
import { PgSignatureReplayStore } from './infrastructure/pg-signature-replay.store.js';

/** Login, sessions, API tokens and signed requests; its guard protects every route of the app. */
@Module({
  imports: [
    IdentityModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      // A KeyObject once, not the string: jsonwebtoken otherwise tries (and fails) to read it as a public key and then
      // builds a secret key on every verify, about 0.8 ms of each authenticated request.
      useFactory: (config: AppConfig) => ({
        secret: createSecretKey(Buffer.from(config.secret('JWT_SECRET'), 'utf8')),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [LoginController, TokensController],
  providers: [
    { provide: SessionStore, useClass: PgSessionStore },
    { provide: ApiTokenStore, useClass: PgApiTokenStore },
    { provide: SignatureReplayStore, useClass: PgSignatureReplayStore },
    Sessions,
    ApiTokens,
    SignedRequests,
    LoginThrottleGuard,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AuthModule {}
