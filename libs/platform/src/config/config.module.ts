import { type DynamicModule, Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppConfig } from './app-config.js';
import type { ConfigSlice } from './config-slice.js';
import { readConfiguration, type Configuration } from './configuration.js';
import { resolveLocalSecrets } from './local-secrets.js';

const CONFIGURATION = Symbol('CONFIGURATION');

/**
 * Provides the validated AppConfig, each listed library slice under its class (and the Clock) everywhere. Whatever
 * is injected first reads them all, so start-up fails with the first ConfigError before any other provider runs.
 */
@Module({})
export class ConfigModule {
  static forRoot(slices: readonly ConfigSlice[]): DynamicModule {
    const configuration = (): Configuration => {
      const read = readConfiguration(slices);
      resolveLocalSecrets(read.app);
      return read;
    };
    return {
      module: ConfigModule,
      global: true,
      providers: [
        { provide: CONFIGURATION, useFactory: configuration },
        { provide: AppConfig, inject: [CONFIGURATION], useFactory: ({ app }: Configuration) => app },
        ...slices.map(({ token }) => ({
          provide: token, inject: [CONFIGURATION], useFactory: ({ slices: values }: Configuration) => values.get(token),
        })),
        Clock,
      ],
      exports: [AppConfig, ...slices.map(({ token }) => token), Clock],
    };
  }
}
