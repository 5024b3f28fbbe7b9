import type { Tag } from '../domain/tag.js';

/**
 * Asset group tags. The tags module's use cases write through it; selectors, membership, certification and the
 * legacy asset groups read tags through it.
 */
export abstract class TagStore {
  /** Every tag, ordered by id. */
  abstract list(): Promise<Tag[]>;
  abstract get(id: number): Promise<Tag | null>;
}
