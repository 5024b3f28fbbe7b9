import { Controller } from '@nestjs/common';

/** STUB: replaced by its owner. */
@Controller()
export class JobsController {}
