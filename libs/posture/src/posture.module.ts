import { Module } from '@nestjs/common';

/** Posture statistics: the read model and GET /api/v2/posture-stats, and the writer port analysis calls. */
@Module({
  controllers: [],
  providers: [],
  exports: [],
})
export class PostureModule {}
