export { PostureModule } from './posture.module.js';
export { PostureWriter } from './application/ports.js';
export { InvalidPostureStat, type NewPostureStat } from './domain/posture-stat.js';
export { PostureSchema1732240000500 } from './infrastructure/migrations/1732240000500-posture-schema.js';
