import { Module } from '@nestjs/common';
import { ListPostureStats } from './application/list-posture-stats.js';
import { PostureStatReader, PostureWriter } from './application/ports.js';
import { PostureStatsController } from './http/posture-stats.controller.js';
import { PgPostureStatReader } from './infrastructure/pg-posture-stat.reader.js';
import { PgPostureWriter } from './infrastructure/pg-posture.writer.js';

/** Posture statistics: the read model and GET /api/v2/posture-stats, and the writer port analysis calls. */
@Module({
  controllers: [PostureStatsController],
  providers: [
    { provide: PostureStatReader, useClass: PgPostureStatReader },
    { provide: PostureWriter, useClass: PgPostureWriter },
    ListPostureStats,
  ],
  exports: [PostureWriter, PostureStatReader],
})
export class PostureModule {}
