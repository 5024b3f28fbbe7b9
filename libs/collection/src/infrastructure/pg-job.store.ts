import { Injectable } from '@nestjs/common';
import { JobStore } from '../application/ports.js';

/** STUB: replaced by its owner. */
@Injectable()
export class PgJobStore {}
