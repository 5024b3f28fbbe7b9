// The edge kinds pathfinding may traverse: GET /api/v2/graph-schema/edges?is_traversable=eq:true, read once.
import { getData } from '../api/client';
import type { EdgeKindOption } from './pathfinding';

let cached: Promise<EdgeKindOption[]> | null = null;

export function traversableEdgeKinds(): Promise<EdgeKindOption[]> {
  cached ??= getData<{ name?: unknown; schema_name?: unknown }[]>('/api/v2/graph-schema/edges', { query: { is_traversable: 'eq:true' } })
    .then((types) => (Array.isArray(types) ? types : [])
      .filter((type) => typeof type.name === 'string')
      .map((type) => ({ name: String(type.name), schema: typeof type.schema_name === 'string' ? type.schema_name : '' })))
    .catch((error: unknown) => {
      // A failure is not remembered: the next tab visit asks again.
      cached = null;
      throw error;
    });
  return cached;
}

/** Forgets the cached kinds (sign-out: the next user asks again, with their own permissions). */
export function resetEdgeKinds(): void {
  cached = null;
}
