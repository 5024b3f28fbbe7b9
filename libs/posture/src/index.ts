export { PostureModule } from './posture.module.js';
export { PostureSchema1732240000500 } from './infrastructure/migrations/1732240000500-posture-schema.js';
