import { Injectable } from '@nestjs/common';
import { ClientStore } from '../application/ports.js';

/** STUB: replaced by its owner. */
@Injectable()
export class PgClientStore {}
