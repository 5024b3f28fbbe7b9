// Module hooks (node:module register) that let a script import the TypeScript sources directly, compiled and
// resolved exactly as the tests do: the swc options and module name mapping come from jest.config.js. Saves a
// full build for tools that need the app's code (scripts/openapi-lint.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import swc from '@swc/core';
import { base } from '../jest.config.js';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const swcOptions = base.transform['^.+\\.ts$'][1];
const mappings = Object.entries(base.moduleNameMapper)
  .map(([pattern, target]) => [new RegExp(pattern), target.replace('<rootDir>/', rootDir)]);

/** `@app/<lib>` and the `.js` of relative imports in TypeScript files name `.ts` sources. */
export async function resolve(specifier, context, next) {
  const fromTypeScript = context.parentURL?.endsWith('.ts');
  for (const [pattern, target] of mappings) {
    if (!pattern.test(specifier) || !(fromTypeScript || specifier.startsWith('@app/'))) continue;
    const mapped = specifier.replace(pattern, target);
    const file = fileURLToPath(mapped.startsWith('.') ? new URL(mapped, context.parentURL) : pathToFileURL(mapped));
    const source = file.endsWith('.ts') ? file : `${file}.ts`;
    if (existsSync(source)) return { url: pathToFileURL(source).href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const filename = fileURLToPath(url);
  const { code } = await swc.transform(readFileSync(filename, 'utf8'), { ...swcOptions, filename });
  return { format: 'module', source: code, shortCircuit: true };
}
