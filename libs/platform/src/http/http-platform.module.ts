import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { BodyTypeInterceptor } from './body-types.js';
import { DeadlineInterceptor } from './deadline.interceptor.js';
import { DeprecationInterceptor } from './deprecated.js';
import { EditionGuard } from './edition.guard.js';
import { ApiExceptionFilter } from './exception.filter.js';
import { createValidationPipe } from './validation.js';
import { WireFormatInterceptor } from './wire-format.js';

/**
 * The cross-cutting HTTP contract as global enhancers. Import it before feature modules: global guards run in
 * registration order, and the edition check must come before authentication.
 */
@Module({
  providers: [
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_GUARD, useClass: EditionGuard },
    { provide: APP_INTERCEPTOR, useClass: DeadlineInterceptor },
    { provide: APP_INTERCEPTOR, useClass: BodyTypeInterceptor },
    { provide: APP_INTERCEPTOR, useClass: DeprecationInterceptor },
    { provide: APP_INTERCEPTOR, useClass: WireFormatInterceptor },
  ],
})
export class HttpPlatformModule {}
