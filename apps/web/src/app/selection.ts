// What the details panel shows: a node (by node id) or an edge (by its model key), chosen in the graph or a list.
import { useSyncExternalStore } from 'react';

export type Selection =
  | { type: 'node'; id: string; objectId: string; kind: string; label: string }
  | { type: 'edge'; key: string }
  | null;

let current: Selection = null;
const listeners = new Set<() => void>();

export function select(selection: Selection): void {
  current = selection;
  listeners.forEach((l) => l());
}

export function useSelection(): Selection {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
