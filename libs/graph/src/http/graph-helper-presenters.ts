import type { Completeness } from '../application/completeness-ports.js';
import type { EdgeType } from '../domain/kind-schema.js';

export function presentEdgeType(type: EdgeType) {
  return {
    id: type.id, name: type.name, description: type.description, is_traversable: type.isTraversable,
    schema_name: type.schemaName, is_builtin: type.isBuiltin,
  };
}

/**
 * The completeness figures under the reference's PascalCase keys, each under its own name: the reference writes the
 * session figure under LocalGroupCompleteness and the local-group figure under SessionCompleteness (a bug not kept).
 */
export function presentCompleteness(completeness: Completeness) {
  return { LocalGroupCompleteness: completeness.localGroups, SessionCompleteness: completeness.sessions };
}
