export { PostureModule } from './posture.module.js';
export { PostureStatReader, PostureWriter, type PostureStatPage } from './application/ports.js';
export { InvalidPostureStat, type NewPostureStat, type PostureStat } from './domain/posture-stat.js';
export type { CreatedWindow } from './domain/created-window.js';
export { PostureSchema1732240000500 } from './infrastructure/migrations/1732240000500-posture-schema.js';
