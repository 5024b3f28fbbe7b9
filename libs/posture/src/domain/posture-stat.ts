import { INT32_MAX, isInt32 } from '@app/platform';

/** One measurement of a domain's (or tenant's) exposure within one zone (asset group tag), as analysis records it. */
export interface PostureStat {
  /** bigserial; exact as a number up to 2^53, far beyond one row per domain and analysis run. */
  id: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  domainSid: string;
  assetGroupTagId: number;
  exposureIndex: number;
  tierZeroCount: number;
  criticalRiskCount: number;
}

/** What analysis hands over for one domain and zone. */
export interface NewPostureStat {
  domainSid: string;
  assetGroupTagId: number;
  exposureIndex: number;
  tierZeroCount: number;
  criticalRiskCount: number;
}

/** A NewPostureStat that breaks an invariant: a bug in the caller, never a client error. */
export class InvalidPostureStat extends Error {
  override readonly name = 'InvalidPostureStat';
}

const COUNTS = ['assetGroupTagId', 'exposureIndex', 'tierZeroCount', 'criticalRiskCount'] as const;

/** Checks a batch before it is written: a non-empty domain SID and non-negative int32 counts; throws on the first bad row. */
export function checkNewPostureStats(rows: readonly NewPostureStat[]): void {
  rows.forEach((row, index) => {
    if (typeof row.domainSid !== 'string' || row.domainSid.trim() === '' || row.domainSid.includes('\u0000')) {
      throw new InvalidPostureStat(`posture stat ${index}: domainSid must be a non-empty string`);
    }
    for (const field of COUNTS) {
      const value = row[field];
      // The columns are PostgreSQL `integer`; a larger value would fail the whole batch inside the database.
      if (!isInt32(value) || value < 0) {
        throw new InvalidPostureStat(`posture stat ${index}: ${field} must be an integer in [0, ${INT32_MAX}], got ${value}`);
      }
    }
  });
}
