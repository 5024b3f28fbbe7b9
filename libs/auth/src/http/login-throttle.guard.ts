import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError, ErrorMessages } from '@app/platform';
import { AuthConfig } from '../auth-config.js';

/**
 * Fixed-window limit of login attempts per client address (LOGIN_THROTTLE_LIMIT per LOGIN_THROTTLE_TTL seconds),
 * kept per instance. (@nestjs/throttler 6 is CommonJS and cannot load the ESM-only Nest 12 under Jest on Node 20.)
 */
@Injectable()
export class LoginThrottleGuard implements CanActivate {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly config: AuthConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const now = Date.now();
    const ttl = this.config.loginThrottleTtlSeconds * 1000;
    const key = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    let window = this.windows.get(key);
    if (!window || now - window.start >= ttl) {
      this.sweep(now, ttl);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.config.loginThrottleLimit) {
      const retryAfter = Math.ceil((window.start + ttl - now) / 1000);
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(retryAfter));
      throw new ApiError(429, [ErrorMessages.tooManyRequests]);
    }
    return true;
  }

  /** Drops finished windows so the map stays as small as the set of recent clients. */
  private sweep(now: number, ttl: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= ttl) this.windows.delete(key);
  }
}
