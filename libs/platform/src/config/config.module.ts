import { Global, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from './app-config.js';
import { resolveLocalSecrets } from './local-secrets.js';

/** Provides the validated AppConfig everywhere; start-up fails with the ConfigError message on bad input. */
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
  ],
  exports: [AppConfig],
})
export class ConfigModule {}
