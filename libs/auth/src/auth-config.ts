import { defineConfigSlice } from '@app/platform';

/** Sessions and the login throttle. */
export class AuthConfig {
  /** Lifetime of a login session (SESSION_TTL_HOURS). */
  readonly sessionTtlHours: number;
  /** Login attempts per client address per window (LOGIN_THROTTLE_LIMIT); 429 above. */
  readonly loginThrottleLimit: number;
  /** The login throttle's window (LOGIN_THROTTLE_TTL, seconds). */
  readonly loginThrottleTtlSeconds: number;
}

export const authConfigSlice = defineConfigSlice(AuthConfig, (env) => ({
  sessionTtlHours: env.integer('SESSION_TTL_HOURS', 8, 1, 24 * 365),
  loginThrottleLimit: env.integer('LOGIN_THROTTLE_LIMIT', 10, 1, 1_000_000),
  loginThrottleTtlSeconds: env.integer('LOGIN_THROTTLE_TTL', 60, 1, 86_400),
}));
