import { Injectable } from '@nestjs/common';

/**
 * The current time. Schedulers and state transitions take it from here rather than `new Date()`, so tests can
 * drive time (override the provider with a fixed or stepping clock).
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
