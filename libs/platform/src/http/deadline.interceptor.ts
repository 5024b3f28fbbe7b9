import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, throwError, timeout } from 'rxjs';
import { ApiError } from '../common/api-error.js';
import type { PathwardenRequest } from './request-pipeline.js';

/** Answers 504 `request timed out` when a handler outlives the request's deadline, database or not. */
@Injectable()
export class DeadlineInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<PathwardenRequest>();
    const remaining = Math.max(0, req.context.deadline - Date.now());
    return next.handle().pipe(timeout({ first: remaining, with: () => throwError(() => ApiError.timedOut()) }));
  }
}
