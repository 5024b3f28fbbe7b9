// Reads the module references of one source file with the TypeScript parser (no type checking, no resolution):
// what the dependency rule checks, and what a barrel re-exports so a name can be followed to its declaring file.
import ts from 'typescript';

/** One module reference: an import, an `export … from`, a dynamic `import()` or an `import('x').T` type. */
export interface ImportLine {
  line: number;
  /** The module specifier; a template literal keeps its `${…}` parts as written. */
  specifier: string;
  /** The names taken from the module, or 'all' (namespace, side effect, `export *`, dynamic import). */
  names: readonly string[] | 'all';
}

/** What a module exports: names it declares itself, and names it passes on from other modules. */
export interface ExportFacts {
  declared: readonly string[];
  /** exported name → [specifier, name in that module] */
  forwarded: ReadonlyMap<string, readonly [string, string]>;
  /** specifiers of `export * from` */
  starFrom: readonly string[];
  /** exported name → line of its export (names of `export *` have none) */
  lines: ReadonlyMap<string, number>;
}

function parse(fileName: string, text: string): ts.SourceFile {
  const kind = fileName.endsWith('.mjs') || fileName.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}

function specifierText(node: ts.Expression | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.getText().slice(1, -1);
  return undefined;
}

function importedNames(clause: ts.ImportClause | undefined): readonly string[] | 'all' {
  if (!clause) return 'all';
  const names: string[] = clause.name ? ['default'] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) return 'all';
  if (bindings) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
  return names;
}

/** Every module reference in a file, in source order. A computed `import(x)` is reported with specifier `?`. */
export function importsOf(fileName: string, text: string): ImportLine[] {
  const source = parse(fileName, text);
  const found: ImportLine[] = [];
  const add = (node: ts.Node, specifier: string, names: readonly string[] | 'all') =>
    found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, specifier, names });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node, specifierText(node.moduleSpecifier)!, importedNames(node.importClause));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause;
      const names = clause && ts.isNamedExports(clause)
        ? clause.elements.map((e) => (e.propertyName ?? e.name).getText(source))
        : 'all';
      add(node, specifierText(node.moduleSpecifier)!, names);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, specifierText(node.arguments[0]) ?? '?', 'all');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const qualifier = node.qualifier;
      const first = qualifier && (ts.isIdentifier(qualifier) ? qualifier : leftmost(qualifier));
      add(node, specifierText(node.argument.literal as ts.Expression) ?? '?', first ? [first.text] : 'all');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  return ts.isIdentifier(name.left) ? name.left : leftmost(name.left);
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
const isExported = (node: ts.Node) => hasModifier(node, ts.SyntaxKind.ExportKeyword);
const isDefault = (node: ts.Node) => hasModifier(node, ts.SyntaxKind.DefaultKeyword);

/** The exports of a module, as a barrel resolver needs them. */
export function exportsOf(fileName: string, text: string): ExportFacts {
  const source = parse(fileName, text);
  const declared: string[] = [];
  const forwarded = new Map<string, readonly [string, string]>();
  const starFrom: string[] = [];
  const lines = new Map<string, number>();
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  // A local `export { x }` of an imported x passes the import on.
  const importedAs = new Map<string, readonly [string, string]>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && statement.importClause) {
      const from = specifierText(statement.moduleSpecifier)!;
      const clause = statement.importClause;
      if (clause.name) importedAs.set(clause.name.text, [from, 'default']);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const e of bindings.elements) importedAs.set(e.name.text, [from, (e.propertyName ?? e.name).text]);
      }
    }
  }
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const from = specifierText(statement.moduleSpecifier);
      const clause = statement.exportClause;
      if (!clause) {
        if (from) starFrom.push(from);
      } else if (ts.isNamespaceExport(clause)) {
        declared.push(clause.name.text);
        lines.set(clause.name.text, lineOf(clause));
      } else {
        for (const e of clause.elements) {
          const local = (e.propertyName ?? e.name).getText(source);
          const via = from ? [from, local] as const : importedAs.get(local);
          if (via) forwarded.set(e.name.getText(source), via);
          else declared.push(e.name.getText(source));
          lines.set(e.name.getText(source), lineOf(e));
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      declared.push('default');
      lines.set('default', lineOf(statement));
    } else if (isExported(statement)) {
      const names: string[] = [];
      if (isDefault(statement)) names.push('default');
      else if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
      } else {
        const name = (statement as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) names.push(name.text);
      }
      declared.push(...names);
      for (const name of names) lines.set(name, lineOf(statement));
    }
  }
  return { declared, forwarded, starFrom, lines };
}

/**
 * The names a file reads from the modules it takes whole, by specifier: `ns.Name` (also in types) of
 * `import * as ns`, and `const { Name } = await import(…)`. 'all' where it cannot tell: a namespace used as a
 * value, a dynamic import kept whole, a side-effect import or an `export *`.
 */
export function namesReadWhole(fileName: string, text: string): Map<string, readonly string[] | 'all'> {
  const source = parse(fileName, text);
  const read = new Map<string, Set<string> | 'all'>();
  const take = (specifier: string, names: readonly string[] | 'all') => {
    const had = read.get(specifier) ?? new Set<string>();
    read.set(specifier, names === 'all' || had === 'all' ? 'all' : new Set([...had, ...names]));
  };
  const namespaces = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const bindings = node.importClause?.namedBindings;
      const specifier = specifierText(node.moduleSpecifier)!;
      if (bindings && ts.isNamespaceImport(bindings)) {
        namespaces.set(bindings.name.text, specifier);
        take(specifier, []);
      } else if (!node.importClause) take(specifier, 'all');
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.exportClause) {
      take(specifierText(node.moduleSpecifier)!, 'all');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const declaration = ts.isAwaitExpression(node.parent) ? node.parent.parent : undefined;
      const pattern = declaration && ts.isVariableDeclaration(declaration) ? declaration.name : undefined;
      const whole = !pattern || !ts.isObjectBindingPattern(pattern) || pattern.elements.some((e) => e.dotDotDotToken);
      take(specifierText(node.arguments[0]) ?? '?', whole
        ? 'all'
        : pattern.elements.map((e) => (e.propertyName ?? e.name).getText(source)));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const uses = (node: ts.Node): void => {
    const specifier = ts.isIdentifier(node) ? namespaces.get(node.text) : undefined;
    if (specifier && !ts.isNamespaceImport(node.parent)) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) take(specifier, [parent.name.text]);
      else if (ts.isQualifiedName(parent) && parent.left === node) take(specifier, [parent.right.text]);
      else take(specifier, 'all');
    }
    ts.forEachChild(node, uses);
  };
  uses(source);
  return new Map([...read].map(([specifier, names]) => [specifier, names === 'all' ? 'all' : [...names]]));
}
