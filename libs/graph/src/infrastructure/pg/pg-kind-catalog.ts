import { KindCatalog } from '../../application/kind-catalog.js';
import type { PgKindRegistry } from './pg-kind-registry.js';

/** Kind ids from the `kind` table through the registry's cache (whatever GRAPH_DRIVER is). */
export class PgKindCatalog extends KindCatalog {
  constructor(private readonly registry: PgKindRegistry) {
    super();
  }

  async kindId(name: string): Promise<number> {
    return (await this.registry.idsFor([name], { create: true })).get(name) as number;
  }

  async names(): Promise<string[]> {
    return this.registry.allNames();
  }
}
