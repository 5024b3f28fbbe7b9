import type { ListQuery } from '@app/platform';
import type { CreatedWindow } from '../domain/created-window.js';
import type { NewPostureStat, PostureStat } from '../domain/posture-stat.js';

/** One page of posture stats with what the envelope reports about every matching row. */
export interface PostureStatPage {
  items: PostureStat[];
  /** Rows matching the filters and the window, all pages together. */
  count: number;
  /** The earliest created_at among those rows; null when none match. */
  earliest: Date | null;
}

/** Reads posture stats for the listing. */
export abstract class PostureStatReader {
  /** Soft-deleted rows take part only when the query filters on deleted_at. */
  abstract list(query: ListQuery, window: CreatedWindow): Promise<PostureStatPage>;
}

/** Records posture stats; analysis calls it once per run with every domain and zone it measured. */
export abstract class PostureWriter {
  /** Writes the batch in one statement, all or nothing; throws InvalidPostureStat on a bad row before writing. */
  abstract record(rows: NewPostureStat[]): Promise<void>;
  /** Deletes rows recorded before `before` (POSTURE_RETENTION_DAYS); returns how many. */
  abstract removeBefore(before: Date): Promise<number>;
  /** Deletes every row (the data quality history of POST /api/v2/clear-database); returns how many. */
  abstract removeAll(): Promise<number>;
}
