// The dependency rule of this repository, as data, and the test that holds every source file to it
// (docs/architecture.md, "Dependency rule"). Every .ts/.tsx/.mjs file under libs/, apps/, test/ and bench/ must match a
// place; every import, `export … from` and dynamic import must be allowed by the layer of its file.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DependencyCheck, formatBreach, type DependencyRule, type LayerRule, type PathAllowance, type Place,
} from './dependency-check.js';

/** Where each file belongs: the first pattern that matches a path wins (spec files then follow `specLayer`). */
const PLACES: readonly Place[] = [
  { path: 'test/**', layer: 'test', why: 'e2e suites, their harness and fixtures, and this rule' },
  { path: 'bench/**', layer: 'bench', why: 'benchmarks: they run the build output' },
  { path: 'apps/web/**', layer: 'web', why: 'the explorer: a browser app built by Vite, served by the API' },
  { path: 'apps/*/src/**/testing/**', layer: 'testing', why: 'helpers for the tests of an app' },
  { path: 'apps/*/src/**', layer: 'app', why: 'the API and the CLI: composition roots' },
  { path: 'libs/*/src/index.ts', layer: 'entry', why: 'what a library offers the others (`@app/<lib>`)' },
  { path: 'libs/*/src/**/testing/**', layer: 'testing', why: 'fakes, fixtures, contracts (`@app/<lib>/testing`)' },
  { path: 'libs/*/src/*.module*.ts', layer: 'module', why: 'the Nest module: binds ports to adapters' },
  { path: 'libs/*/src/*-config*.ts', layer: 'config', why: "the library's configuration slice (its env variables)" },
  {
    path: 'libs/platform/src/common/**', layer: 'platform',
    why: 'ApiError, ErrorMessages, permissions, clock, patterns, ports, ticks',
  },
  { path: 'libs/platform/src/config/**', layer: 'platform', why: 'configuration: env, validation, local secrets' },
  { path: 'libs/platform/src/context/**', layer: 'platform', why: 'the request context (deadline, signal)' },
  { path: 'libs/platform/src/crypto/**', layer: 'platform', why: 'the secret cipher' },
  { path: 'libs/platform/src/database/**', layer: 'platform', why: 'DataSource, Database, sql template, migrations' },
  {
    path: 'libs/platform/src/http/**', layer: 'platform',
    why: 'the request pipeline, error filter, body reader, wire shapes, OpenAPI',
  },
  { path: 'libs/platform/src/logging/**', layer: 'platform', why: 'structured logs' },
  { path: 'libs/platform/src/metrics/**', layer: 'platform', why: 'Prometheus metrics' },
  { path: 'libs/platform/src/query/**', layer: 'platform', why: 'the list-query language' },
  { path: 'libs/graph/src/cypher/sql/**', layer: 'cypher-sql', why: 'the Cypher AST → SQL translator' },
  { path: 'libs/graph/src/cypher/**', layer: 'cypher', why: 'the Cypher front end: lexer, parser, checks, printer' },
  { path: 'libs/*/src/domain/**', layer: 'domain', why: 'rules and types of a library' },
  {
    path: 'libs/graph/src/prebuilt-queries/**', layer: 'domain',
    why: 'the pre-built Cypher library: plain data the tests and the explorer share',
  },
  { path: 'libs/*/src/application/**', layer: 'application', why: 'use cases and the ports they need' },
  { path: 'libs/*/src/infrastructure/**', layer: 'infrastructure', why: 'adapters: stores, readers, migrations' },
  { path: 'libs/*/src/http/**', layer: 'http', why: 'controllers, bodies, parameters, presenters' },
];

const LIBRARY_LAYERS = ['domain', 'cypher', 'cypher-sql', 'application', 'infrastructure', 'http'];

/**
 * What each layer may import: `own` layers of its own library (or app) by relative path, other libraries
 * (`entries`: through `@app/<lib>`; `pure`: only names declared in a library's domain or in pure platform files),
 * packages. A spec file, wherever it is, follows the rule of `testing`: it is test code, and nothing imports it.
 */
const LAYERS: Readonly<Record<string, LayerRule>> = {
  domain: {
    own: ['domain'], libraries: 'pure', packages: ['rrule', 'node:crypto'], belowHttp: true,
    why: 'plain code; rrule is the RFC 5545 engine of schedules, node:crypto the password generator',
  },
  cypher: {
    own: ['cypher', 'domain'], libraries: 'pure', packages: [], belowHttp: true,
    why: 'the front end is plain code like a domain: the application prepares queries with it, adapters print them',
  },
  'cypher-sql': {
    own: ['cypher-sql', 'cypher', 'domain'], libraries: 'pure', packages: [], belowHttp: true,
    why: 'the translator folds an AST to SQL text; it runs nothing, so it needs no adapter',
  },
  config: {
    own: [], libraries: 'entries', packages: ['class-validator'], belowHttp: true,
    why: 'a slice declares its variables with the platform\'s readers; every layer but the domain reads it',
  },
  application: {
    own: ['domain', 'cypher', 'application', 'config'], libraries: 'entries',
    packages: ['@nestjs/common', '@nestjs/jwt', 'class-validator', 'node:*'], belowHttp: true,
    why: 'use cases reach adapters (storage, parsers, HTTP) only through ports: abstract classes the module binds; '
      + 'value rules the HTTP DTOs share use class-validator\'s checks (identity\'s user-rules)',
  },
  infrastructure: {
    own: ['domain', 'cypher', 'cypher-sql', 'application', 'infrastructure', 'config'], libraries: 'entries',
    packages: 'any', belowHttp: true, why: 'adapters implement ports; they know nothing of HTTP',
  },
  http: {
    own: ['domain', 'cypher', 'application', 'http', 'config'], libraries: 'entries', packages: 'any',
    why: 'controllers call use cases, never adapters',
  },
  module: {
    own: [...LIBRARY_LAYERS, 'module', 'config'], libraries: 'entries', packages: 'any', why: 'wires every layer',
  },
  entry: {
    own: [...LIBRARY_LAYERS, 'module', 'config', 'platform'], libraries: 'entries', packages: 'any', why: 'exports',
  },
  testing: { own: '*', libraries: 'entries', packages: 'any', testing: true, why: 'test code' },
  platform: { own: '*', libraries: 'none', packages: 'any', why: 'the platform knows no feature library' },
  app: { own: ['app'], libraries: 'entries', packages: 'any', why: 'apps use libraries through their entries' },
  test: { own: '*', libraries: 'entries', packages: 'any', testing: true, why: 'e2e suites' },
  bench: { own: '*', libraries: 'none', packages: 'any', why: 'benchmarks import the build output, not sources' },
  web: {
    own: ['web'], libraries: 'none', packages: 'any', testing: true,
    why: 'the explorer runs in the browser and talks to the API over HTTP only; its unit specs are its own',
  },
};

/** Imports by path across units that the rule allows; everything else goes through `@app/<lib>`. */
const PATH_ALLOWANCES: readonly PathAllowance[] = [
  { from: 'test/**', to: 'apps/*/src/**', why: 'an app has no entry: e2e suites build it from its module' },
  { from: 'bench/**', to: 'dist/**', why: 'benchmarks run the build output (`${dist}/…`), whatever its layer' },
  {
    from: 'test/**', to: 'bench/enterprise/directory.mjs',
    why: 'the enterprise directory generator serves the benches and, at small sizes, the e2e suites',
  },
  { from: 'test/**', to: 'bench/graph/directory.mjs', why: 'one seeded PRNG for the benches and the random test directories' },
  { from: 'test/**', to: 'bench/web/chromium.mjs', why: 'the browser tests and bench:web launch chromium one way' },
  { from: 'apps/cli/src/**', to: 'apps/api/src/migrations.ts', why: 'both apps run one migration list' },
  {
    from: 'apps/web/**', to: 'libs/graph/src/prebuilt-queries/library.ts',
    why: 'the explorer offers the same pre-built queries the Cypher tests run (plain data, bundled by Vite)',
  },
  {
    from: 'test/support/global-setup.mjs', to: 'scripts/build-web-if-needed.mjs',
    why: 'the e2e run builds the explorer its browser tests load',
  },
  { from: 'apps/cli/src/**', to: 'apps/api/src/config-slices.ts', why: 'both apps read one list of slices' },
];

const RULE: DependencyRule = {
  places: PLACES,
  layers: LAYERS,
  pureLayers: ['domain'],
  purePlatform: [
    'libs/platform/src/common/patterns.ts',
    'libs/platform/src/common/permissions.ts',
    'libs/platform/src/common/int-bounds.ts',
    'libs/platform/src/common/api-error.ts',
    'libs/platform/src/common/error-messages.ts',
    'libs/platform/src/database/sql.ts',
    'libs/platform/src/database/rows.ts',
  ],
  forbiddenNames: { '@nestjs/common': /Exception$|^HttpStatus$/ },
  specLayer: 'testing',
  pathAllowances: PATH_ALLOWANCES,
  leanEntries: ['libs/*/src/index.ts', 'libs/*/src/testing/index.ts'],
};

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(tsx?|mjs)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'));
}

describe('the dependency rule', () => {
  it('holds for every import of libs/, apps/, test/ and bench/', () => {
    const paths = ['libs', 'apps', 'test', 'bench'].flatMap(sourceFiles);
    const files = new Map(paths.map((p) => [p, readFileSync(join(ROOT, p), 'utf8')]));
    const breaches = new DependencyCheck(files, RULE).run().map(formatBreach);
    expect(breaches).toEqual([]);
  });
});
