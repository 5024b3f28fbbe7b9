import { Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppConfig, loadConfig } from './app-config.js';
import { resolveLocalSecrets } from './local-secrets.js';

/** Provides the validated AppConfig (and the Clock) everywhere; start-up fails with the ConfigError message on bad input. */
@Global()
@Module({
  providers: [
    {
      provide: AppConfig,
      useFactory: () => {
        const config = loadConfig();
        resolveLocalSecrets(config);
        return config;
      },
    },
    Clock,
  ],
  exports: [AppConfig, Clock],
})
export class ConfigModule {}
