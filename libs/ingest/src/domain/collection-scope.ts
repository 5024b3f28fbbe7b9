import type { CollectorType } from './collector-types.js';
import type { Converted } from './converted.js';

/**
 * What one ingested file says about what its collection covered (issue 18), kept with its upload job until the
 * analysis that reconciles the graph with it. A failed file is kept too: it blocks the removal of its type.
 */
export interface FileScope {
  /** Undefined when the file could not even be read as a collector file. */
  type?: CollectorType;
  /** SharpHound's collection-method bits (`meta.methods`; 0 when absent, and always for AzureHound). */
  methods: number;
  /** RFC 3339: the `lastseen`/`lastcollected` stamp of everything the file wrote. */
  seenAt: string;
  failed: boolean;
  /** Domain SIDs of the domain objects the file reported, or tenant ids of the tenants AzureHound collected. */
  covers: string[];
  /** Per list family, objectids of objects whose list the collector could not read (`Collected: false`). */
  uncollected: Partial<Record<ComputerListFamily, string[]>>;
}

/** Lists SharpHound reads from each computer over the network: a computer it cannot reach reports them uncollected. */
export type ComputerListFamily = 'sessions' | 'localGroups' | 'userRights';

const SESSION_LISTS = ['Sessions', 'PrivilegedSessions', 'RegistrySessions'];

/** Accumulates a file's FileScope from its objects and what they converted to. */
export class ScopeTally {
  private readonly covers = new Set<string>();
  private readonly uncollected: Partial<Record<ComputerListFamily, string[]>> = {};

  constructor(private readonly type: CollectorType, private readonly methods: number, private readonly seenAt: string) {}

  add(object: unknown, converted: Converted): void {
    const self = converted.nodes[0];
    if (!self) return;
    if (this.type === 'domains') this.covers.add(self.objectid);
    else if (this.type === 'azure') {
      if (self.kinds.includes('AZTenant') && self.properties.collected === true) this.covers.add(self.objectid);
    } else if (this.type === 'computers') this.noteComputerLists(object as Record<string, unknown>, self.objectid);
  }

  scope(failed: boolean): FileScope {
    return {
      type: this.type, methods: this.methods, seenAt: this.seenAt, failed, covers: [...this.covers], uncollected: this.uncollected,
    };
  }

  private noteComputerLists(object: Record<string, unknown>, objectid: string): void {
    if (!SESSION_LISTS.some((field) => collected(object[field]))) this.note('sessions', objectid);
    if (!listCollected(object.LocalGroups)) this.note('localGroups', objectid);
    if (!listCollected(object.UserRights)) this.note('userRights', objectid);
  }

  private note(family: ComputerListFamily, objectid: string): void {
    (this.uncollected[family] ??= []).push(objectid);
  }
}

/** A file that failed before its type was known, or whose scope was never tallied. */
export function failedScope(seenAt: string, type?: CollectorType): FileScope {
  return { type, methods: 0, seenAt, failed: true, covers: [], uncollected: {} };
}

function collected(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { Collected?: unknown }).Collected === true;
}

/** A list of per-group (per-right) results counts as read when at least one of them was. */
function listCollected(value: unknown): boolean {
  return Array.isArray(value) && value.some(collected);
}
