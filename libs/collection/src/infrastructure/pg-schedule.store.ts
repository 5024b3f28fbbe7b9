import { Injectable } from '@nestjs/common';
import { ScheduleStore } from '../application/schedule-store.js';

/** STUB: replaced by its owner. */
@Injectable()
export class PgScheduleStore extends ScheduleStore {}
