import { Injectable } from '@nestjs/common';
import { EventStore } from '../application/ports.js';

/** STUB: replaced by its owner. */
@Injectable()
export class PgEventStore {}
