import type { PathfindingStep } from './pathfinding-step.js';
import type { WalkStep } from './walk-step.js';
import type { Sql } from '@app/platform';

/** Stands in the statement for the paths a pathfinding step found, bound when the statement is built. */
export class FoundPathsParameter {
  constructor(readonly step: number) {}
}

/** Translation options fixed by the caller. */
export interface TranslationOptions {
  /** Most rows the caller reads; the statement fetches one more so that overflow is visible. */
  rowLimit: number;
  /** Hand variable-length relationships that allow it to the in-memory traversal index (see WalkStep). */
  walksInMemory?: boolean;
}

/** Default bound of an open variable-length relationship (`*`, `*1..`), as the reference (graph-reference §2). */
export const DEFAULT_MAX_DEPTH = 15;

/**
 * State shared by the whole translation of one query: kind ids, fresh SQL aliases, and the pathfinding and walk
 * steps that must run before the statement.
 */
export class TranslationContext {
  readonly steps: PathfindingStep[] = [];
  /** The variable-length relationships handed to the traversal index, in parameter order. */
  readonly walks: WalkStep[] = [];
  /** The walks of the current query part's MATCH patterns (not of its expressions), until its projection. */
  partWalks: WalkStep[] = [];
  /** Query parts computed once, ahead of the statement (`WITH name AS MATERIALIZED (...)`), in order. */
  readonly materialized: { name: string; statement: Sql }[] = [];
  private readonly counters = new Map<string, number>();

  constructor(readonly kinds: ReadonlyMap<string, number>, readonly options: TranslationOptions) {}

  /** A fresh alias such as `n0`, `e3`, `w1` (never user text). */
  alias(prefix: string): string {
    const next = this.counters.get(prefix) ?? 0;
    this.counters.set(prefix, next + 1);
    return `${prefix}${next}`;
  }

  /** Ids of the named kinds that exist; unknown names are absent (they match nothing). */
  kindIds(names: readonly string[]): { known: number[]; unknown: boolean } {
    const known: number[] = [];
    let unknown = false;
    for (const name of names) {
      const id = this.kinds.get(name);
      if (id === undefined) unknown = true;
      else if (!known.includes(id)) known.push(id);
    }
    return { known, unknown };
  }
}
