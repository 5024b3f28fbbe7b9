/**
 * The reference's data-quality rules (analysis/ad FetchUserSessionCompleteness, FetchLocalGroupCompleteness): an
 * account is active when its `lastlogontimestamp` (epoch seconds) is at most 14 days older than the latest one of
 * its population, counting from the epoch when every value is older.
 */
export const ACTIVITY_WINDOW_SECONDS = 14 * 24 * 60 * 60;
/** Edges that show a computer's local groups were collected. */
export const LOCAL_GROUP_EDGE_KINDS: readonly string[] = ['AdminTo', 'CanRDP', 'CanPSRemote', 'ExecuteDCOM', 'CanBackup'];

/** Each figure is a share in [0, 1]; 0 when the population is empty. */
export interface Completeness {
  /** Of the active enabled users, the share with at least one HasSession edge. */
  sessions: number;
  /** Of the active enabled Windows computers, the share with at least one local-group edge. */
  localGroups: number;
}

/** Reads both figures in one consistent view of the graph (GET /api/v2/completeness); one adapter per backend. */
export abstract class CompletenessReader {
  abstract read(): Promise<Completeness>;
}
