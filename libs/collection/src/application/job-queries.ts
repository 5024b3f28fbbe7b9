import { Injectable } from '@nestjs/common';

/** STUB: replaced by its owner. */
@Injectable()
export class JobQueries {}
