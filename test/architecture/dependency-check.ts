// Checks module references against a dependency rule given as data (see dependency-rule.spec.ts for the rule of
// this repository). Works on an in-memory map of repository paths to source text, so it is testable on examples.
import { posix } from 'node:path';
import { exportsOf, importsOf, namesReadWhole, type ImportLine } from './import-scan.js';

/** What files of one layer may import. */
export interface LayerRule {
  /** Layers of the same unit (library, app, test, bench) it may import by relative path; '*' for any. */
  own: readonly string[] | '*';
  /**
   * Other libraries: 'entries' through `@app/<lib>`; 'pure' only names that `@app/<lib>` takes from a file of a
   * library's `pureLayers` or from a pure platform file; 'none' none at all.
   */
  libraries: 'entries' | 'pure' | 'none';
  /** Packages (npm and `node:`): 'any', or the only ones allowed. */
  packages: 'any' | readonly string[];
  /** May import `@app/<lib>/testing`. */
  testing?: boolean;
  /** Must not take HTTP exception classes from the framework (`forbiddenNames`). */
  belowHttp?: boolean;
  why: string;
}

/** A file pattern and the layer of the files it matches; the first matching pattern wins. */
export interface Place {
  path: string;
  layer: string;
  why: string;
}

/** A path one unit may import from another unit's files, by path. */
export interface PathAllowance {
  from: string;
  to: string;
  why: string;
}

export interface DependencyRule {
  places: readonly Place[];
  layers: Readonly<Record<string, LayerRule>>;
  /** Layers of a library whose names a 'pure' layer of another library may import. */
  pureLayers: readonly string[];
  /** Platform files that domain code may import from: they import nothing but each other. */
  purePlatform: readonly string[];
  /** package → pattern of the names below-HTTP layers must not import from it. */
  forbiddenNames: Readonly<Record<string, RegExp>>;
  /** The layer whose rule spec files follow, wherever they are: they are test code that nothing imports. */
  specLayer: string;
  pathAllowances: readonly PathAllowance[];
  /**
   * Entry files (`@app/<lib>`, `@app/<lib>/testing`) that export only names some file outside their library imports
   * through them, or through their build output (`${dist}/libs/<lib>/src/index.js`).
   */
  leanEntries?: readonly string[];
}

export interface Breach {
  file: string;
  line: number;
  /** What the line imports, or (with `exports`) the name an entry exports. */
  imports: string;
  rule: string;
  exports?: true;
}

export function formatBreach(b: Breach): string {
  return b.exports
    ? `${b.file}:${b.line} exports ${b.imports}, ${b.rule}`
    : `${b.file}:${b.line} imports ${b.imports} (${b.rule})`;
}

/** A glob over repository paths: `*` within a path segment, `**` across segments, `{a,b}` alternatives. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '{') out += '(?:';
    else if (c === '}') out += ')';
    else if (c === ',') out += '|';
    else out += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

const matcher = (globs: readonly string[]) => {
  const res = globs.map(globToRegExp);
  return (path: string) => res.some((re) => re.test(path));
};

/** The unit a path belongs to: `libs/<name>`, `apps/<name>`, or its top folder (`test`, `bench`, `dist`). */
export function unitOf(path: string): string {
  const [top, name] = path.split('/');
  return top === 'libs' || top === 'apps' ? `${top}/${name}` : top;
}

const isSpec = (path: string) => /\.(e2e-)?spec\.ts$/.test(path);
const isPackage = (specifier: string) => !specifier.startsWith('.') && !specifier.startsWith('@app/')
  && !specifier.startsWith('${') && specifier !== '?';
const packageName = (specifier: string) => specifier.startsWith('node:')
  ? specifier
  : specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

export class DependencyCheck {
  private readonly placeRes: readonly (readonly [RegExp, Place])[];
  private readonly isPurePlatform: (path: string) => boolean;
  private readonly exportCache = new Map<string, Map<string, string>>();
  private readonly importCache = new Map<string, ImportLine[]>();
  private readonly breaches: Breach[] = [];

  constructor(private readonly files: ReadonlyMap<string, string>, private readonly rule: DependencyRule) {
    this.placeRes = rule.places.map((p) => [globToRegExp(p.path), p] as const);
    this.isPurePlatform = matcher(rule.purePlatform);
  }

  /** The layer of a repository path, or undefined when no place matches it. */
  layerOf(path: string): string | undefined {
    return this.placeRes.find(([re]) => re.test(path))?.[1].layer;
  }

  /** Runs every check; returns the breaches, sorted by file and line. */
  run(): Breach[] {
    for (const file of [...this.files.keys()].sort()) this.checkFile(file);
    this.checkPurePlatform();
    this.checkCycles();
    this.checkEntryExports();
    this.checkRuleIsCurrent();
    return this.breaches.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  }

  private imports(file: string): ImportLine[] {
    let found = this.importCache.get(file);
    if (!found) this.importCache.set(file, found = importsOf(file, this.files.get(file) ?? ''));
    return found;
  }

  private breach(file: string, line: number, imports: string, rule: string): void {
    this.breaches.push({ file, line, imports, rule });
  }

  /** The repository path a relative or `@app/` specifier names (`${dist}/x` is the build output `dist/x`). */
  resolve(from: string, specifier: string): string | undefined {
    const app = /^@app\/([^/]+)(\/testing)?$/.exec(specifier);
    if (app) return `libs/${app[1]}/src${app[2] ?? ''}/index.ts`;
    if (specifier.startsWith('${dist}/')) return `dist/${specifier.slice('${dist}/'.length)}`;
    if (!specifier.startsWith('.')) return undefined;
    const path = posix.normalize(posix.join(posix.dirname(from), specifier));
    if (path.endsWith('.js')) {
      const ts = path.replace(/\.js$/, '.ts');
      if (this.files.has(ts) || !this.files.has(path)) return ts;
    }
    return this.files.has(`${path}/index.ts`) ? `${path}/index.ts` : path;
  }

  private checkFile(file: string): void {
    const layer = this.layerOf(file);
    if (!layer) return this.breach(file, 1, '-', 'unclassified file: add its folder to the places of the rule');
    const ruled = isSpec(file) ? this.rule.specLayer : layer;
    const rule = this.rule.layers[ruled];
    if (!rule) return this.breach(file, 1, '-', `layer ${ruled} has no rule`);
    for (const ref of this.imports(file)) this.checkImport(file, isSpec(file) ? 'a spec file' : layer, rule, ref);
  }

  private checkImport(file: string, layer: string, rule: LayerRule, ref: ImportLine): void {
    const { specifier, line } = ref;
    const say = (why: string) => this.breach(file, line, specifier, why);
    if (specifier === '?' || (specifier.startsWith('${') && !specifier.startsWith('${dist}/'))) {
      return say('computed import path');
    }
    if (isPackage(specifier)) return this.checkPackage(file, layer, rule, ref);
    const lib = /^@app\/([^/]+)(?:\/(.*))?$/.exec(specifier);
    if (lib) {
      const [, name, sub] = lib;
      if (sub === 'testing') {
        if (!rule.testing) say('@app/<lib>/testing is for spec files, test/ and testing/ folders');
        return;
      }
      if (`libs/${name}` === unitOf(file)) return say('a library imports its own files by relative path');
      if (sub !== undefined) return say(`reaches into another library: import @app/${name}`);
      if (rule.libraries === 'none') return say(`${layer} imports no library`);
      if (rule.libraries === 'pure') this.checkPureNames(file, line, layer, name, ref.names);
      return;
    }
    const target = this.resolve(file, specifier)!;
    const targetLayer = this.layerOf(target);
    if (unitOf(target) !== unitOf(file)) {
      const allowed = this.rule.pathAllowances.some((a) =>
        globToRegExp(a.from).test(file) && globToRegExp(a.to).test(target));
      if (!allowed) say(`reaches into ${unitOf(target)} by path instead of its entry`);
      return;
    }
    if (!targetLayer) return say('imports an unclassified file');
    if (rule.own !== '*' && !rule.own.includes(targetLayer)) say(`${layer} must not import ${targetLayer}`);
  }

  private checkPackage(file: string, layer: string, rule: LayerRule, ref: ImportLine): void {
    const pkg = packageName(ref.specifier);
    const allowed = (list: readonly string[]) =>
      list.includes(pkg) || (pkg.startsWith('node:') && list.includes('node:*'));
    if (rule.packages !== 'any' && !allowed(rule.packages)) {
      const but = rule.packages.length ? ` but ${rule.packages.join(', ')}` : '';
      return this.breach(file, ref.line, ref.specifier, `${layer} imports no package${but}`);
    }
    const forbidden = this.rule.forbiddenNames[pkg];
    if (rule.belowHttp && forbidden && ref.names !== 'all') {
      for (const name of ref.names.filter((n) => forbidden.test(n))) {
        this.breach(file, ref.line, `${name} from ${ref.specifier}`, `an HTTP exception below http/`);
      }
    }
  }

  /** A pure layer may take from another library only names declared in its pure layers or pure platform files. */
  private checkPureNames(
    file: string, line: number, layer: string, lib: string, names: readonly string[] | 'all',
  ): void {
    if (names === 'all') return this.breach(file, line, `@app/${lib}`, `${layer} imports the whole library`);
    const declaredIn = this.exportsOfFile(`libs/${lib}/src/index.ts`);
    for (const name of names) {
      const where = declaredIn.get(name);
      const pure = where !== undefined && (lib === 'platform'
        ? this.isPurePlatform(where)
        : this.rule.pureLayers.includes(this.layerOf(where) ?? ''));
      if (!pure) {
        this.breach(file, line, `${name} from @app/${lib}`,
          `${layer} imports only pure code: ${name} is declared in ${where ?? 'no file'}`);
      }
    }
  }

  /** exported name → repository path of the file that declares it, following re-exports. */
  exportsOfFile(path: string, seen: ReadonlySet<string> = new Set()): Map<string, string> {
    const cached = this.exportCache.get(path);
    if (cached) return cached;
    const names = new Map<string, string>();
    if (seen.has(path) || !this.files.has(path)) return names;
    const inner = new Set([...seen, path]);
    const facts = exportsOf(path, this.files.get(path)!);
    for (const from of facts.starFrom) {
      const target = this.resolve(path, from);
      if (!target) continue;
      for (const [name, where] of this.exportsOfFile(target, inner)) if (name !== 'default') names.set(name, where);
    }
    for (const [name, [from, original]] of facts.forwarded) {
      const target = this.resolve(path, from);
      const where = target && this.exportsOfFile(target, inner).get(original);
      names.set(name, where ?? target ?? from);
    }
    for (const name of facts.declared) names.set(name, path);
    this.exportCache.set(path, names);
    return names;
  }

  /** A pure platform file imports only other pure platform files, so importing it brings in no framework. */
  private checkPurePlatform(): void {
    for (const file of [...this.files.keys()].filter(this.isPurePlatform).sort()) {
      if (isSpec(file)) continue;
      for (const ref of this.imports(file)) {
        const target = ref.specifier.startsWith('.') ? this.resolve(file, ref.specifier) : undefined;
        if (!target || !this.isPurePlatform(target)) {
          this.breach(file, ref.line, ref.specifier, 'a pure platform file imports only pure platform files');
        }
      }
    }
  }

  /** Every place classifies some file and every pure platform path exists: the rule cannot go stale unseen. */
  private checkRuleIsCurrent(): void {
    const paths = [...this.files.keys()];
    const used = new Set(paths.map((p) => this.placeRes.find(([re]) => re.test(p))?.[1]));
    for (const place of this.rule.places) {
      if (!used.has(place)) this.breach(place.path, 0, '-', 'a place of the rule classifies no file');
    }
    for (const pure of this.rule.purePlatform) {
      const re = globToRegExp(pure);
      if (!paths.some((p) => re.test(p))) this.breach(pure, 0, '-', 'a pure platform file of the rule matches no file');
    }
  }

  /** Every name a lean entry exports is imported through it by some file outside its library. */
  private checkEntryExports(): void {
    const isLean = matcher(this.rule.leanEntries ?? []);
    const read = new Map<string, Set<string> | 'all'>();
    for (const file of [...this.files.keys()].sort()) {
      for (const ref of this.imports(file)) {
        const path = this.resolve(file, ref.specifier)?.replace(/^dist\/(.*)\.js$/, '$1.ts');
        if (!path || !isLean(path) || unitOf(path) === unitOf(file)) continue;
        const names = ref.names === 'all' ? namesReadWhole(file, this.files.get(file)!).get(ref.specifier) : ref.names;
        const had = read.get(path) ?? new Set<string>();
        read.set(path, !names || names === 'all' || had === 'all' ? 'all' : new Set([...had, ...names]));
      }
    }
    for (const entry of [...this.files.keys()].filter(isLean).sort()) {
      const used = read.get(entry) ?? new Set<string>();
      if (used === 'all') continue;
      const lines = exportsOf(entry, this.files.get(entry)!).lines;
      for (const name of this.exportsOfFile(entry).keys()) {
        if (!used.has(name)) {
          this.breaches.push({
            file: entry, line: lines.get(name) ?? 1, imports: name, rule: 'which nothing outside the library imports',
            exports: true,
          });
        }
      }
    }
  }

  /** Libraries import each other through `@app/` entries; the graph of those imports has no cycle. */
  private checkCycles(): void {
    const edges = new Map<string, Map<string, readonly [string, number]>>();
    for (const file of [...this.files.keys()].sort()) {
      const unit = unitOf(file);
      if (!unit.startsWith('libs/')) continue;
      for (const ref of this.imports(file)) {
        const m = /^@app\/([^/]+)/.exec(ref.specifier);
        if (!m || `libs/${m[1]}` === unit) continue;
        const out = edges.get(unit) ?? new Map<string, readonly [string, number]>();
        if (!out.has(`libs/${m[1]}`)) out.set(`libs/${m[1]}`, [file, ref.line]);
        edges.set(unit, out);
      }
    }
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (unit: string): void => {
      state.set(unit, 'open');
      stack.push(unit);
      for (const [next, [file, line]] of edges.get(unit) ?? []) {
        if (state.get(next) === 'open') {
          const cycle = [...stack.slice(stack.indexOf(next)), next].map((u) => u.slice('libs/'.length));
          this.breach(file, line, `@app/${next.slice('libs/'.length)}`, `library cycle ${cycle.join(' → ')}`);
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(unit, 'done');
    };
    for (const unit of [...edges.keys()].sort()) if (!state.has(unit)) visit(unit);
  }
}
