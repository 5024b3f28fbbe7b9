export { AuthModule } from './auth.module.js';
export { authConfigSlice } from './auth-config.js';
export { requestDigest } from './application/request-signature.js';
export { AuthSchema1732240000200 } from './infrastructure/migrations/1732240000200-auth-schema.js';
