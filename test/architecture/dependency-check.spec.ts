import { describe, expect, it } from '@jest/globals';
import { DependencyCheck, formatBreach, globToRegExp, type DependencyRule } from './dependency-check.js';
import { exportsOf, importsOf, namesReadWhole } from './import-scan.js';

describe('importsOf', () => {
  it('finds every kind of module reference with its line and the names it takes', () => {
    const text = [
      "import a, { b, c as d } from './x.js';",
      "import * as ns from 'pkg';",
      "import 'side-effect';",
      'import type {',
      '  T,',
      "} from '@app/lib';",
      "export { e, f as g } from './y.js';",
      "export * from './z.js';",
      "const m = await import('./lazy.js');",
      'const n = await import(`${dist}/libs/a/src/index.js`);',
      "let t: import('./types.js').Shape.Inner;",
      'const u = await import(name);',
    ].join('\n');
    expect(importsOf('f.ts', text)).toEqual([
      { line: 1, specifier: './x.js', names: ['default', 'b', 'c'] },
      { line: 2, specifier: 'pkg', names: 'all' },
      { line: 3, specifier: 'side-effect', names: 'all' },
      { line: 4, specifier: '@app/lib', names: ['T'] },
      { line: 7, specifier: './y.js', names: ['e', 'f'] },
      { line: 8, specifier: './z.js', names: 'all' },
      { line: 9, specifier: './lazy.js', names: 'all' },
      { line: 10, specifier: '${dist}/libs/a/src/index.js', names: 'all' },
      { line: 11, specifier: './types.js', names: ['Shape'] },
      { line: 12, specifier: '?', names: 'all' },
    ]);
  });

  it('reads .mjs files as JavaScript', () => {
    expect(importsOf('run.mjs', "import pg from 'pg';\nconst { x } = await import(`${dist}/y.js`);")).toEqual([
      { line: 1, specifier: 'pg', names: ['default'] },
      { line: 2, specifier: '${dist}/y.js', names: 'all' },
    ]);
  });
});

describe('exportsOf', () => {
  it('tells declared names from names passed on', () => {
    const text = [
      "import { imported } from './source.js';",
      'export const one = 1, two = 2;',
      'export function f() {}',
      'export class C {}',
      'export interface I {}',
      'export type T = string;',
      'export enum E { A }',
      'export default class {}',
      'const local = 3;',
      'export { local, imported as renamed };',
      "export { far as near } from './far.js';",
      "export * from './all.js';",
    ].join('\n');
    const facts = exportsOf('index.ts', text);
    expect([...facts.declared].sort()).toEqual(['C', 'E', 'I', 'T', 'default', 'f', 'local', 'one', 'two']);
    expect([...facts.forwarded]).toEqual([['renamed', ['./source.js', 'imported']], ['near', ['./far.js', 'far']]]);
    expect(facts.starFrom).toEqual(['./all.js']);
  });

  it('gives the line of each export', () => {
    const text = ['export const one = 1;', 'export {', '  far,', '  near as close,', "} from './far.js';"].join('\n');
    expect([...exportsOf('index.ts', text).lines]).toEqual([['one', 1], ['far', 3], ['close', 4]]);
  });
});

describe('namesReadWhole', () => {
  it('reads the members a namespace is used for and the names a dynamic import destructures', () => {
    const text = [
      "import * as a from '@app/a';",
      "import * as b from '@app/b';",
      "import '@app/c';",
      'const x: a.Thing = a.make();',
      'use(b);',
      'const { One, Two: two } = await import(`${dist}/libs/d/src/index.js`);',
      'const whole = await import(`${dist}/libs/e/src/index.js`);',
    ].join('\n');
    expect([...namesReadWhole('f.ts', text)]).toEqual([
      ['@app/a', ['Thing', 'make']],
      ['@app/b', 'all'],
      ['@app/c', 'all'],
      ['${dist}/libs/d/src/index.js', ['One', 'Two']],
      ['${dist}/libs/e/src/index.js', 'all'],
    ]);
  });
});

describe('globToRegExp', () => {
  it('matches within a segment, across segments and among alternatives', () => {
    expect(globToRegExp('libs/*/src/*.module*.ts').test('libs/graph/src/graph.module.spec.ts')).toBe(true);
    expect(globToRegExp('libs/*/src/*.ts').test('libs/graph/src/http/x.ts')).toBe(false);
    expect(globToRegExp('libs/*/src/**/testing/**').test('libs/graph/src/testing/index.ts')).toBe(true);
    expect(globToRegExp('libs/*/src/**/testing/**').test('libs/graph/src/a/b/testing/c/d.ts')).toBe(true);
    expect(globToRegExp('libs/{a,b}/x.ts').test('libs/b/x.ts')).toBe(true);
  });
});

const RULE: DependencyRule = {
  places: [
    { path: 'test/**', layer: 'test', why: '' },
    { path: 'bench/**', layer: 'bench', why: '' },
    { path: 'libs/*/src/index.ts', layer: 'entry', why: '' },
    { path: 'libs/*/src/**/testing/**', layer: 'testing', why: '' },
    { path: 'libs/platform/src/**', layer: 'platform', why: '' },
    { path: 'libs/*/src/domain/**', layer: 'domain', why: '' },
    { path: 'libs/*/src/application/**', layer: 'application', why: '' },
    { path: 'libs/*/src/infrastructure/**', layer: 'infrastructure', why: '' },
    { path: 'libs/*/src/http/**', layer: 'http', why: '' },
  ],
  layers: {
    domain: { own: ['domain'], libraries: 'pure', packages: [], belowHttp: true, why: '' },
    application: { own: ['domain', 'application'], libraries: 'entries', packages: 'any', belowHttp: true, why: '' },
    infrastructure: { own: ['domain', 'application', 'infrastructure'], libraries: 'entries', packages: 'any', why: '' },
    http: { own: ['domain', 'application', 'http'], libraries: 'entries', packages: 'any', why: '' },
    entry: { own: '*', libraries: 'entries', packages: 'any', why: '' },
    testing: { own: '*', libraries: 'entries', packages: 'any', testing: true, why: '' },
    platform: { own: '*', libraries: 'none', packages: 'any', why: '' },
    test: { own: '*', libraries: 'entries', packages: 'any', testing: true, why: '' },
    bench: { own: '*', libraries: 'none', packages: 'any', why: '' },
  },
  pureLayers: ['domain'],
  purePlatform: ['libs/platform/src/common/**'],
  forbiddenNames: { '@nestjs/common': /Exception$/ },
  specLayer: 'testing',
  pathAllowances: [{ from: 'bench/**', to: 'dist/**', why: '' }],
};

const BASE: Record<string, string> = {
  'libs/platform/src/index.ts': [
    "export * from './common/pure.js';",
    "export { Framework } from './http/framework.js';",
  ].join('\n'),
  'libs/platform/src/common/pure.ts': 'export const PURE = 1;',
  'libs/platform/src/http/framework.ts': "import { Injectable } from '@nestjs/common';\nexport class Framework {}",
  'libs/a/src/index.ts': "export * from './domain/thing.js';\nexport { Service } from './application/service.js';",
  'libs/a/src/domain/thing.ts': 'export interface Thing { id: string }',
  'libs/a/src/application/service.ts': 'export class Service {}',
  'libs/a/src/infrastructure/adapter.ts': "import { Service } from '../application/service.js';",
  'libs/a/src/testing/index.ts': "export const FAKE = 1;",
  'libs/b/src/index.ts': "export const B = 1;",
};

/** The breaches of the example files plus `files` (the rule's own staleness check left out). */
function breaches(files: Record<string, string>): string[] {
  const check = new DependencyCheck(new Map(Object.entries({ ...BASE, ...files })), RULE);
  return check.run().filter((b) => b.line > 0).map(formatBreach);
}

/** The unused-export breaches of the example files plus `files`, with every entry held lean. */
function unusedExports(files: Record<string, string>): string[] {
  const lean = { ...RULE, leanEntries: ['libs/*/src/index.ts', 'libs/*/src/testing/index.ts'] };
  const check = new DependencyCheck(new Map(Object.entries({ ...BASE, ...files })), lean);
  return check.run().filter((b) => b.exports).map(formatBreach);
}

describe('DependencyCheck', () => {
  it('passes the example files', () => {
    expect(breaches({})).toEqual([]);
  });

  it('holds each layer to the layers of its own library it may import', () => {
    expect(breaches({
      'libs/a/src/application/uses-adapter.ts': "import { x } from '../infrastructure/adapter.js';",
      'libs/a/src/domain/uses-service.ts': "import { Service } from '../application/service.js';",
      'libs/a/src/infrastructure/uses-http.ts': "import { c } from '../http/controller.js';",
      'libs/a/src/http/controller.ts': "import { Service } from '../application/service.js';",
    })).toEqual([
      'libs/a/src/application/uses-adapter.ts:1 imports ../infrastructure/adapter.js '
        + '(application must not import infrastructure)',
      'libs/a/src/domain/uses-service.ts:1 imports ../application/service.js (domain must not import application)',
      'libs/a/src/infrastructure/uses-http.ts:1 imports ../http/controller.js (infrastructure must not import http)',
    ]);
  });

  it('lets a domain take only names declared in a domain or in pure platform files, following re-exports', () => {
    expect(breaches({
      'libs/b/src/domain/ok.ts': "import type { Thing } from '@app/a';\nimport { PURE } from '@app/platform';",
      'libs/b/src/domain/bad.ts': "import { Service } from '@app/a';\nimport { Framework } from '@app/platform';",
      'libs/b/src/domain/whole.ts': "import * as a from '@app/a';",
    })).toEqual([
      'libs/b/src/domain/bad.ts:1 imports Service from @app/a '
        + '(domain imports only pure code: Service is declared in libs/a/src/application/service.ts)',
      'libs/b/src/domain/bad.ts:2 imports Framework from @app/platform '
        + '(domain imports only pure code: Framework is declared in libs/platform/src/http/framework.ts)',
      'libs/b/src/domain/whole.ts:1 imports @app/a (domain imports the whole library)',
    ]);
  });

  it('refuses packages a layer does not name, and HTTP exceptions below http/', () => {
    expect(breaches({
      'libs/a/src/domain/io.ts': "import { readFileSync } from 'node:fs';",
      'libs/a/src/application/throws.ts': "import { Injectable, NotFoundException } from '@nestjs/common';",
      'libs/a/src/http/throws.ts': "import { NotFoundException } from '@nestjs/common';",
    })).toEqual([
      'libs/a/src/application/throws.ts:1 imports NotFoundException from @nestjs/common (an HTTP exception below http/)',
      'libs/a/src/domain/io.ts:1 imports node:fs (domain imports no package)',
    ]);
  });

  it('refuses reaching into another unit by path or past its entry, and its testing entry outside tests', () => {
    expect(breaches({
      'libs/b/src/application/reach.ts': "import type { Thing } from '../../../a/src/domain/thing.js';",
      'libs/b/src/application/deep.ts': "import type { Thing } from '@app/a/src/domain/thing.js';",
      'libs/b/src/application/fake.ts': "import { FAKE } from '@app/a/testing';",
      'libs/b/src/application/self.ts': "import { B } from '@app/b';",
      'libs/b/src/application/fake.spec.ts': "import { FAKE } from '@app/a/testing';",
      'test/suite.e2e-spec.ts': "import { FAKE } from '@app/a/testing';\nimport '../libs/a/src/domain/thing.js';",
    })).toEqual([
      'libs/b/src/application/deep.ts:1 imports @app/a/src/domain/thing.js (reaches into another library: import @app/a)',
      'libs/b/src/application/fake.ts:1 imports @app/a/testing '
        + '(@app/<lib>/testing is for spec files, test/ and testing/ folders)',
      'libs/b/src/application/reach.ts:1 imports ../../../a/src/domain/thing.js '
        + '(reaches into libs/a by path instead of its entry)',
      'libs/b/src/application/self.ts:1 imports @app/b (a library imports its own files by relative path)',
      'test/suite.e2e-spec.ts:2 imports ../libs/a/src/domain/thing.js (reaches into libs/a by path instead of its entry)',
    ]);
  });

  it('lets benchmarks import the build output by path, and nothing computed', () => {
    expect(breaches({
      'bench/run.mjs': 'await import(`${dist}/libs/a/src/infrastructure/adapter.js`);\nawait import(`${root}/x.js`);',
    })).toEqual(['bench/run.mjs:2 imports ${root}/x.js (computed import path)']);
  });

  it('reports files no place matches, and pure platform files that import anything else', () => {
    expect(breaches({
      'libs/a/src/jobs/worker.ts': 'export {};',
      'libs/platform/src/common/impure.ts': "import { Injectable } from '@nestjs/common';\nimport { F } from '../http/framework.js';",
    })).toEqual([
      'libs/a/src/jobs/worker.ts:1 imports - (unclassified file: add its folder to the places of the rule)',
      'libs/platform/src/common/impure.ts:1 imports @nestjs/common (a pure platform file imports only pure platform files)',
      'libs/platform/src/common/impure.ts:2 imports ../http/framework.js '
        + '(a pure platform file imports only pure platform files)',
    ]);
  });

  it('reports a cycle between libraries with its path', () => {
    expect(breaches({
      'libs/a/src/application/uses-b.ts': "import { B } from '@app/b';",
      'libs/b/src/application/uses-a.ts': "import { Service } from '@app/a';",
    })).toEqual(['libs/b/src/application/uses-a.ts:1 imports @app/a (library cycle a → b → a)']);
  });

  it('reports places that classify no file (gone or shadowed) and pure platform paths that are gone', () => {
    const check = new DependencyCheck(new Map(Object.entries(BASE)), RULE);
    expect(check.run().filter((b) => b.line === 0).map(formatBreach)).toEqual([
      'bench/**:0 imports - (a place of the rule classifies no file)',
      'libs/*/src/http/**:0 imports - (a place of the rule classifies no file)',
      'test/**:0 imports - (a place of the rule classifies no file)',
    ]);
    const gone = new DependencyCheck(new Map(Object.entries(BASE)), { ...RULE, purePlatform: ['libs/platform/src/x.ts'] });
    expect(gone.run().map(formatBreach)).toContain(
      'libs/platform/src/x.ts:0 imports - (a pure platform file of the rule matches no file)',
    );
  });

  it('reports each name a lean entry exports that nothing outside its library imports through it', () => {
    expect(unusedExports({
      'libs/a/src/application/own.spec.ts': "import { FAKE } from '@app/a/testing';",
      'libs/a/src/infrastructure/own.ts': "import { Service } from '../application/service.js';",
    })).toEqual([
      'libs/a/src/index.ts:1 exports Thing, which nothing outside the library imports',
      'libs/a/src/index.ts:2 exports Service, which nothing outside the library imports',
      'libs/a/src/testing/index.ts:1 exports FAKE, which nothing outside the library imports',
      'libs/b/src/index.ts:1 exports B, which nothing outside the library imports',
      'libs/platform/src/index.ts:1 exports PURE, which nothing outside the library imports',
      'libs/platform/src/index.ts:2 exports Framework, which nothing outside the library imports',
    ]);
  });

  it('counts names taken by another library, test/, a namespace\'s members and a bench\'s build-output import', () => {
    expect(unusedExports({
      'libs/b/src/application/uses.ts': [
        "import { Service } from '@app/a';",
        "import * as platform from '@app/platform';",
        'export const pure: platform.Framework = platform.PURE;',
      ].join('\n'),
      'test/suite.e2e-spec.ts': "import { FAKE } from '@app/a/testing';\nexport { B } from '@app/b';",
      'bench/run.mjs': 'const { Thing } = await import(`${dist}/libs/a/src/index.js`);',
    })).toEqual([]);
  });

  it('counts a namespace used as a value as taking every name', () => {
    expect(unusedExports({ 'libs/b/src/application/whole.ts': "import * as a from '@app/a';\nexport const all = [a];" })
      .filter((b) => b.startsWith('libs/a/src/index.ts'))).toEqual([]);
  });
});
