import { readFileSync } from 'node:fs';

export interface ReferenceRoute {
  method: string;
  path: string;
  permission: string;
}

/** The pinned reference's route table (test/fixtures/reference-routes.tsv; `#` lines are comments). */
export function referenceRoutes(): ReferenceRoute[] {
  return readFileSync(new URL('../fixtures/reference-routes.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [method, path, permission] = line.split('\t');
      return { method, path, permission };
    });
}
