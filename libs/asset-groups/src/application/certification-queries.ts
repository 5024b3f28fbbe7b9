import { Injectable } from '@nestjs/common';
import type { ListQuery } from '@app/platform';
import { CertificationStore, type CertificationRecord } from './certification-commands.js';

/** GET /api/v2/asset-group-tags/certifications: the certification history, newest first unless sorted. */
@Injectable()
export class CertificationQueries {
  constructor(private readonly store: CertificationStore) {}

  history(query: ListQuery): Promise<{ items: CertificationRecord[]; count: number }> {
    return this.store.history(query);
  }
}
