import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { AppConfig } from '../config/app-config.js';
import { bloodhoundKeysOf, plainValueOf, ZERO_TIME } from './wire.js';

/**
 * A response body as the reference server writes it: each nullable wrapper of wire.ts becomes its plain value or
 * null (Go's null.String, null.Time, ...), except `deleted_at`, which the reference's models hold as a
 * sql.NullTime and Go writes as `{"Time", "Valid"}`; keys marked with `bloodhoundKeys` take the reference's name.
 * Everything else is copied as it is.
 */
export function toBloodhoundWire(value: unknown, key?: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  const wrapped = plainValueOf(value);
  if (wrapped) {
    if (key === 'deleted_at') return { Time: wrapped.plain ?? ZERO_TIME, Valid: wrapped.plain !== null };
    return wrapped.plain;
  }
  if (Array.isArray(value)) return value.map((item) => toBloodhoundWire(item));
  const prototype = Object.getPrototypeOf(value) as unknown;
  // Buffers, streams, dates and other class instances are the response's own business.
  if (prototype !== Object.prototype && prototype !== null) return value;
  const renames = bloodhoundKeysOf(value) ?? {};
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [renames[name] ?? name, toBloodhoundWire(item, name)]));
}

/** With WIRE_FORMAT=bloodhound, writes every JSON response as the reference does (the one place that decides it). */
@Injectable()
export class WireFormatInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.config.wireFormat !== 'bloodhound') return next.handle();
    return next.handle().pipe(map((body) => toBloodhoundWire(body)));
  }
}
