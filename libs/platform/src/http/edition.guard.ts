import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppConfig } from '../config/app-config.js';
import { EDITION_METADATA } from './access.js';
import { ApiError } from '../common/api-error.js';

/** In the community edition, enterprise-only routes answer 404 `resource not found`, before authentication. */
@Injectable()
export class EditionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const edition = this.reflector.getAllAndOverride<string | undefined>(EDITION_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (edition === 'enterprise' && this.config.edition !== 'enterprise') throw ApiError.notFound();
    return true;
  }
}
